/**
 * Loads a push folder (push-store.ts) the way Convex's runtime would: evaluates the component
 * definitions bottom-up (each `app.use(x)` gets the metadata Convex synthesizes for
 * `_componentDeps/…`), then the app's and every installed component's modules and schemas.
 * The bundles are plain ESM that talk to the runtime through the `Convex` global convex-test
 * installs, so Node imports them as they are. Also builds the analysis `start_push` answers
 * (component tree, env vars, functions) from what was evaluated.
 */
import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { register } from "tsx/esm/api";
import type { LoadedModules, ModuleExports } from "../modules.ts";
import { asFunctionCode, declareAppVariables } from "../deployment-environment.ts";
import { definitionFolder, definitionKey, PushStore, type PushManifest } from "./push-store.ts";

/** A child as a definition's `export()` lists it. */
type ChildComponent = { name: string; path: string; args: unknown[]; env: unknown };
type DefinitionExport = { childComponents: ChildComponent[]; envVars?: unknown; [field: string]: unknown };
type Definition = { _name?: string; export: () => DefinitionExport };

/** An installed component: where its functions live and which definition it is. */
export type ComponentInstance = { componentPath: string; definitionPath: string; glob: LoadedModules["glob"]; schema: unknown };

export type LoadedPush = LoadedModules & {
  components: ComponentInstance[];
  /** Each definition's `export()` for the analysis, by definition path ("" the app). */
  definitions: Map<string, DefinitionExport>;
};

/** The kinds the analysis lists (HTTP actions are reached through http.js's router instead). */
const FUNCTION_KINDS = [
  ["isQuery", "Query"],
  ["isMutation", "Mutation"],
  ["isAction", "Action"],
] as const;

/**
 * Node's own loader, also under Vitest (whose `import()` would run every pushed bundle through
 * Vite's transforms). One namespace for every push: a file is evaluated once, whichever push
 * imports it.
 */
const loader = register({ namespace: `apoie-pushes-${process.pid}` });

async function importFile(file: string): Promise<ModuleExports> {
  return (await loader.import(pathToFileURL(file).href, import.meta.url)) as ModuleExports;
}

/** Evaluates every definition, dependencies first; resolves with their exports by definition path. */
async function evaluateDefinitions(folder: string, manifest: PushManifest): Promise<Map<string, DefinitionExport>> {
  const names = new Map<string, string>();
  const exports = new Map<string, DefinitionExport>();
  const pending = manifest.definitions.filter((definition) => definition.hasDefinition);
  while (pending.length > 0) {
    const ready = pending.findIndex((definition) => definition.dependencies.every((dependency) => names.has(dependency)));
    if (ready === -1)
      throw new Error(`component definitions depend on each other in a cycle: ${pending.map((d) => d.definitionPath).join(", ")}`);
    const [definition] = pending.splice(ready, 1);
    const { definitionPath, dependencies } = definition!;
    await PushStore.writeComponentDeps(
      folder,
      definitionPath,
      new Map(dependencies.map((dependency) => [dependency, names.get(dependency)!])),
    );
    const file = path.join(folder, "definitions", definitionKey(definitionPath), "convex.config.js");
    // The bundler leaves `./_componentDeps/<key>` without an extension; Node's ESM wants one.
    const source = await readFile(file, "utf8");
    const rewritten = source.replace(/(["'])\.\/_componentDeps\/([A-Za-z0-9_-]+)\1/g, "$1./_componentDeps/$2.js$1");
    if (rewritten !== source) await writeFile(file, rewritten);
    const loaded = (await importFile(file)).default as Definition | undefined;
    if (loaded === undefined || typeof loaded.export !== "function") {
      throw new Error(`${definitionPath || "convex.config"}: the default export is not a component definition (defineApp/defineComponent)`);
    }
    names.set(definitionPath, loaded._name ?? definitionPath.split("/").at(-2) ?? definitionPath);
    exports.set(definitionPath, loaded.export());
  }
  return exports;
}

/** Imports every module of one definition (so a module that throws fails the load), in a convex-test glob. */
async function loadDefinitionModules(
  folder: string,
  modulePaths: string[],
): Promise<{ glob: LoadedModules["glob"]; byPath: Map<string, ModuleExports> }> {
  const glob: LoadedModules["glob"] = {};
  const byPath = new Map<string, ModuleExports>();
  for (const modulePath of modulePaths) {
    if (modulePath.startsWith("_deps/")) continue;
    const file = path.join(folder, modulePath);
    let exports: ModuleExports;
    try {
      exports = await importFile(file);
    } catch (error) {
      throw new Error(`Failed to analyze ${modulePath}: ${(error as Error).message}`, { cause: error });
    }
    glob[file] = () => Promise.resolve(exports);
    byPath.set(modulePath.replace(/\.js$/, ""), exports);
  }
  // convex-test finds the functions' root by its _generated/ folder, which bundles do not need.
  glob[path.join(folder, "_generated", "server.js")] = () => Promise.resolve({});
  return { glob, byPath };
}

/**
 * A component definition's modules and schema, evaluated once per content: a push that leaves
 * a component as it was (nearly every save) reuses the module instances already loaded, as
 * convex/ served from source reuses its packages' modules across reloads.
 */
const loadedDefinitions = new Map<string, { content: string; glob: LoadedModules["glob"]; schema: unknown }>();

async function loadComponentDefinition(
  folder: string,
  definition: PushManifest["definitions"][number],
): Promise<{ glob: LoadedModules["glob"]; schema: unknown }> {
  const componentFolder = definitionFolder(folder, definition.definitionPath);
  const schemaSource = definition.hasSchema ? await readFile(path.join(componentFolder, "schema.js"), "utf8") : "";
  const content = createHash("sha256").update(JSON.stringify(definition.modules)).update(schemaSource).digest("hex");
  const cached = loadedDefinitions.get(definition.definitionPath);
  if (cached?.content === content) return cached;
  const { glob } = await loadDefinitionModules(
    componentFolder,
    definition.modules.map((module) => module.path),
  );
  const schema = definition.hasSchema ? (await importFile(path.join(componentFolder, "schema.js"))).default : null;
  loadedDefinitions.set(definition.definitionPath, { content, glob, schema });
  return { glob, schema };
}

/** Loads the push in `folder`; throws (with the module's name) when something does not evaluate. */
export function loadPush(folder: string): Promise<LoadedPush> {
  return asFunctionCode(() => loadPushedCode(folder));
}

async function loadPushedCode(folder: string): Promise<LoadedPush> {
  const manifest = JSON.parse(await readFile(path.join(folder, "push.json"), "utf8")) as PushManifest;
  const definitions = await evaluateDefinitions(folder, manifest);
  declareAppVariables(((definitions.get("")?.envVars ?? []) as [string, unknown][]).map(([name]) => name));
  const byDefinition = new Map(manifest.definitions.map((definition) => [definition.definitionPath, definition]));
  const app = byDefinition.get("");
  if (app === undefined) throw new Error("the push has no app definition");
  const appFolder = definitionFolder(folder, "");
  const { glob, byPath } = await loadDefinitionModules(
    appFolder,
    app.modules.map((module) => module.path),
  );
  if (app.hasSchema) {
    const schema = await importFile(path.join(appFolder, "schema.js"));
    byPath.set("schema", schema);
    glob[path.join(appFolder, "schema.js")] = () => Promise.resolve(schema);
  }
  const components: ComponentInstance[] = [];
  const install = async (parentPath: string, children: ChildComponent[]): Promise<void> => {
    for (const child of children) {
      const componentPath = parentPath === "" ? child.name : `${parentPath}/${child.name}`;
      const definition = byDefinition.get(child.path);
      if (definition === undefined) throw new Error(`component ${componentPath}: its definition ${child.path} was not pushed`);
      const { glob, schema } = await loadComponentDefinition(folder, definition);
      components.push({ componentPath, definitionPath: child.path, glob, schema });
      await install(componentPath, definitions.get(child.path)?.childComponents ?? []);
    }
  };
  await install("", definitions.get("")?.childComponents ?? []);
  const nodeFiles = new Set(
    app.modules.filter((module) => module.environment === "node").map((module) => path.join(appFolder, module.path)),
  );
  return { glob, byPath, release: async () => {}, components, definitions, nodeFiles };
}

/** What `start_push` answers about one definition's functions, as Convex's analysis does. */
export function analyzeFunctions(
  byPath: Map<string, ModuleExports>,
): Record<string, { functions: unknown[]; httpRoutes: unknown; cronSpecs: unknown; sourceMapped: unknown }> {
  const analysis: Record<string, { functions: unknown[]; httpRoutes: unknown; cronSpecs: unknown; sourceMapped: unknown }> = {};
  for (const [modulePath, exports] of byPath) {
    if (modulePath === "schema") continue;
    const functions: unknown[] = [];
    for (const [name, value] of Object.entries(exports)) {
      const fn = value as Record<string, unknown> | null;
      if (typeof fn !== "object" && typeof fn !== "function") continue;
      const kind = FUNCTION_KINDS.find(([flag]) => fn?.[flag] === true)?.[1];
      if (kind === undefined) continue;
      const args = typeof fn?.exportArgs === "function" ? (fn.exportArgs as () => string)() : null;
      const returns = typeof fn?.exportReturns === "function" ? (fn.exportReturns as () => string)() : null;
      functions.push({
        name,
        pos: null,
        udfType: kind,
        visibility: { kind: fn?.isPublic === true ? "public" : "internal" },
        args,
        returns,
      });
    }
    analysis[`${modulePath}.js`] = { functions, httpRoutes: null, cronSpecs: null, sourceMapped: null };
  }
  return analysis;
}
