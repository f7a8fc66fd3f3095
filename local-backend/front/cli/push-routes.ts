/**
 * The routes `npx convex dev` / `deploy` push code through (Convex CLI 1.48, `deploy2`):
 *   POST /api/get_config_hashes             the served modules' hashes (unchanged ones are not resent)
 *   POST /api/deploy2/evaluate_schema       not offered: 400 makes the CLI skip it at once
 *   POST /api/deploy2/evaluate_push         the indexes a push would add and remove (`convex deploy` checks
 *                                           deletions before pushing); nothing is served
 *   POST /api/deploy2/start_push            stores and evaluates the push; answers the analysis codegen needs
 *                                           and the indexes it adds and removes (the CLI prints them)
 *   POST /api/deploy2/wait_for_schema       checks the data against the new schema (nothing served changes)
 *   POST /api/deploy2/finish_push           serves the new code (data moved over); the old code stays on any failure;
 *                                           answers the components installed and removed
 *   POST /api/deploy2/report_push_completed acknowledged
 * Bodies may be brotli-compressed (`Content-Encoding: br`). All are admin routes (front/cli/routes.ts).
 */
import type { IncomingMessage } from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { FunctionRunner, CodeSource } from "../../functions/function-runner.ts";
import type { InstanceSetup } from "../../functions/engine-instance.ts";
import { SchemaMismatchError } from "../../database/schema-check.ts";
import { HttpError, readBody } from "../http-api.ts";
import type { AdminRoute } from "./routes.ts";
import { checkIndexLimits, diffIndexes, IndexLimitError, indexesOf } from "../../functions/push/index-diff.ts";
import { analyzeFunctions, loadPush, type LoadedPush } from "../../functions/push/load-push.ts";
import { PushStore, type PushedDefinition, type PushedModule } from "../../functions/push/push-store.ts";
import { refuseNodeQueriesAndMutations } from "../../functions/push/node-modules.ts";

const MAX_PUSH_BYTES = 256 * 1024 * 1024;
/** What the CLI checks `udfServerVersion` against; any recent version string works. */
const UDF_SERVER_VERSION = "1.48.0";

/** finish_push's answer: what changed, as the CLI prints it ("Installed component presence."). */
function finishDiff(before: string[], after: string[]) {
  const componentDiffs: Record<string, unknown> = {};
  const diff = (type: "create" | "unmount") => ({
    diffType: { type },
    moduleDiff: { added: [], removed: [] },
    udfConfigDiff: null,
    cronDiff: { added: [], updated: [], deleted: [] },
    indexDiff: { added_indexes: [], removed_indexes: [] },
    schemaDiff: null,
  });
  for (const componentPath of after) if (!before.includes(componentPath)) componentDiffs[componentPath] = diff("create");
  for (const componentPath of before) if (!after.includes(componentPath)) componentDiffs[componentPath] = diff("unmount");
  return { authDiff: { added: [], removed: [] }, definitionDiffs: {}, componentDiffs };
}

type DefinitionConfig = {
  definitionPath?: string;
  definition?: PushedModule | null;
  dependencies?: string[];
  schema?: PushedModule | null;
  changedModules?: PushedModule[];
  unchangedModuleHashes?: { path: string; hash: string }[];
  functions?: PushedModule[];
};
type StartPushRequest = { dryRun?: boolean; appDefinition?: DefinitionConfig; componentDefinitions?: DefinitionConfig[] };

export type PushDeps = {
  engine: FunctionRunner;
  store: PushStore;
  /** Prepares an instance of code being checked only (its components). */
  checkSetup: InstanceSetup;
  /** Called once pushed code is served (sessions re-run their queries). */
  served: () => void;
};

async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  let body = await readBody(request, MAX_PUSH_BYTES, "Push too large");
  const encoding = request.headers["content-encoding"];
  if (encoding === "br") body = brotliDecompressSync(body);
  else if (encoding === "gzip") body = gunzipSync(body);
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    throw new HttpError(400, "BadJsonBody", "The request body is not JSON");
  }
}

/** A push's module list, with the unchanged modules taken from the code served. */
async function modulesOf(store: PushStore, definitionPath: string, config: DefinitionConfig): Promise<PushedModule[]> {
  const modules = [...(config.changedModules ?? config.functions ?? [])];
  for (const { path } of config.unchangedModuleHashes ?? []) {
    const module = await store.currentModule(definitionPath, path);
    if (module === null)
      throw new HttpError(
        400,
        "ModuleNotFound",
        `The module ${path} was sent as unchanged, but this deployment does not have it; push again`,
      );
    modules.push(module);
  }
  return modules;
}

async function definitionsOf(store: PushStore, request: StartPushRequest): Promise<PushedDefinition[]> {
  const app = request.appDefinition;
  if (app === undefined) throw new HttpError(400, "BadRequest", "The push has no appDefinition");
  const definitions: PushedDefinition[] = [
    {
      definitionPath: "",
      definition: app.definition ?? null,
      dependencies: app.dependencies ?? [],
      schema: app.schema ?? null,
      modules: await modulesOf(store, "", app),
    },
  ];
  for (const component of request.componentDefinitions ?? []) {
    const definitionPath = component.definitionPath ?? "";
    definitions.push({
      definitionPath,
      definition: component.definition ?? null,
      dependencies: component.dependencies ?? [],
      schema: component.schema ?? null,
      modules: await modulesOf(store, definitionPath, component),
    });
  }
  return definitions;
}

/** The push folder a start_push answer refers to (echoed back by the CLI). */
function pushFolderOf(store: PushStore, body: unknown): string {
  const fields = (body as { startPush?: { externalDepsId?: unknown }; schemaChange?: { schemaIds?: { pushFolder?: unknown } } }) ?? {};
  const fromStart = fields.startPush?.externalDepsId;
  const fromSchema = fields.schemaChange?.schemaIds?.pushFolder;
  const id = typeof fromStart === "string" ? fromStart : fromSchema;
  const folder = typeof id === "string" ? store.folderOf(id) : null;
  if (folder === null) throw new HttpError(400, "BadRequest", "This push is not known; run the push again");
  return folder;
}

/** Stores and loads a push (nothing served); a module that does not load, or a Node module with a query or mutation, fails it with its message. */
async function evaluatePush(deps: PushDeps, body: StartPushRequest): Promise<{ folder: string; loaded: LoadedPush }> {
  const definitions = await definitionsOf(deps.store, body);
  const folder = await deps.store.write(definitions);
  try {
    const loaded = await loadPush(folder);
    refuseNodeQueriesAndMutations(definitions[0]!.modules, loaded.byPath);
    return { folder, loaded };
  } catch (error) {
    throw new HttpError(400, "InvalidModules", `Loading the pushed modules encountered the following error:\n${(error as Error).message}`);
  }
}

/** The push's `schemaChange`: its folder (echoed back to wait_for_schema) and the app's index diff. */
function schemaChangeOf(deps: PushDeps, folder: string, loaded: LoadedPush) {
  try {
    checkIndexLimits(loaded.byPath.get("schema")?.default);
  } catch (error) {
    if (error instanceof IndexLimitError) throw new HttpError(400, error.code, error.message);
    throw error;
  }
  return {
    allocatedComponentIds: {},
    schemaIds: { pushFolder: path.basename(folder) },
    // The app's, which the CLI prints; components' indexes are their packages' business.
    indexDiffs: { "": diffIndexes(indexesOf(deps.engine.servedSchema()), indexesOf(loaded.byPath.get("schema")?.default)) },
  };
}

/** `start_push`: the pushed code evaluated, and what the CLI reads of it (functions for codegen, the index diff). */
async function startPush(deps: PushDeps, request: StartPushRequest) {
  const { folder, loaded } = await evaluatePush(deps, request);
  const analysis: Record<string, unknown> = {};
  for (const [definitionPath, exported] of loaded.definitions) {
    analysis[definitionPath] = {
      // `envVars` only when declared: codegen types `env` from it.
      definition: { path: definitionPath, ...exported },
      schema: null,
      functions: definitionPath === "" ? analyzeFunctions(loaded.byPath) : {},
      udfConfig: { serverVersion: UDF_SERVER_VERSION, importPhaseRngSeed: null, importPhaseUnixTimestamp: null },
    };
  }
  return {
    environmentVariables: {},
    externalDepsId: path.basename(folder),
    componentDefinitionPackages: {},
    appAuth: [],
    analysis,
    app: {
      definitionPath: "",
      componentPath: "",
      args: {},
      childComponents: {},
      httpRoutes: { httpModuleRoutes: null, mounts: [] },
      exports: {},
    },
    schemaChange: schemaChangeOf(deps, folder, loaded),
  };
}

export function pushRoutes(deps: PushDeps): Map<string, AdminRoute> {
  const loader =
    (folder: string): CodeSource =>
    () =>
      loadPush(folder);
  return new Map<string, AdminRoute>([
    [
      "POST /api/get_config_hashes",
      async () => ({
        config: { projectSlug: "local", teamSlug: "local", functions: "convex/", authInfo: [] },
        moduleHashes: [...(await deps.store.currentHashes())].map(([path, hash]) => ({ path, hash, environment: "isolate" })),
        udfServerVersion: UDF_SERVER_VERSION,
      }),
    ],
    [
      "POST /api/deploy2/evaluate_schema",
      async () => {
        throw new HttpError(400, "NotSupported", "The local backend evaluates the schema in start_push");
      },
    ],
    [
      "POST /api/deploy2/evaluate_push",
      async (request) => {
        const { folder, loaded } = await evaluatePush(deps, (await readJsonBody(request)) as StartPushRequest);
        return { schemaChange: schemaChangeOf(deps, folder, loaded) };
      },
    ],
    ["POST /api/deploy2/start_push", async (request) => startPush(deps, (await readJsonBody(request)) as StartPushRequest)],
    [
      "POST /api/deploy2/wait_for_schema",
      async (request) => {
        const folder = pushFolderOf(deps.store, await readJsonBody(request));
        try {
          await deps.engine.checkCode(loader(folder), deps.checkSetup);
        } catch (error) {
          if (!(error instanceof SchemaMismatchError)) throw new HttpError(400, "InvalidModules", (error as Error).message);
          return { type: "failed", error: `Schema validation failed.\n${error.message}`, componentPath: "", tableName: error.table };
        }
        return { type: "complete" };
      },
    ],
    [
      "POST /api/deploy2/finish_push",
      async (request) => {
        const body = (await readJsonBody(request)) as { dryRun?: boolean };
        const folder = pushFolderOf(deps.store, body);
        if (body.dryRun === true) return finishDiff([], []);
        const before = deps.engine.componentPaths();
        try {
          await deps.engine.reload(loader(folder));
        } catch (error) {
          throw new HttpError(
            400,
            error instanceof SchemaMismatchError ? "SchemaValidationFailed" : "InvalidModules",
            (error as Error).message,
          );
        }
        await deps.store.activate(folder);
        await deps.store.prune();
        deps.served();
        return finishDiff(before, deps.engine.componentPaths());
      },
    ],
    ["POST /api/deploy2/report_push_completed", async () => ({})],
  ]);
}
