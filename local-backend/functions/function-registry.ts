/**
 * Finds a function of the loaded code by its path ("events:list", "model/users:get") and tells
 * what it is, as Convex does before running one: clients reach only public functions of the
 * kind they ask for.
 */
import type { LoadedModules } from "./modules.ts";
import type { ConvexGlobal } from "../database/convex-test-adapter.ts";
import { FunctionError } from "./function-error.ts";

export type FunctionKind = "query" | "mutation" | "action";

/** A registered function as convex/server exports it (`query(...)` etc.). */
type RegisteredFunction = { isPublic?: boolean; isQuery?: boolean; isMutation?: boolean; isAction?: boolean; exportArgs?: () => string };

/** "events:list" → ["events", "list"]; "events" → ["events", "default"]; a ".js" suffix is dropped. */
export function splitFunctionPath(udfPath: string): [modulePath: string, exportName: string] {
  const separator = udfPath.lastIndexOf(":");
  const modulePath = (separator === -1 ? udfPath : udfPath.slice(0, separator)).replace(/\.js$/, "");
  return [modulePath, separator === -1 ? "default" : udfPath.slice(separator + 1)];
}

function find(modules: LoadedModules, udfPath: string): RegisteredFunction | undefined {
  const [modulePath, exportName] = splitFunctionPath(udfPath);
  return modules.byPath.get(modulePath)?.[exportName] as RegisteredFunction | undefined;
}

/** Whether the loaded code exports something at `udfPath` ("migrations:runAll"). */
export function hasFunction(modules: LoadedModules, udfPath: string): boolean {
  return find(modules, udfPath) !== undefined;
}

/** The public function of that kind at `udfPath`; fails like Convex when there is none. */
export function requirePublic(modules: LoadedModules, kind: FunctionKind, udfPath: string): RegisteredFunction {
  const fn = find(modules, udfPath);
  const isKind = { query: fn?.isQuery, mutation: fn?.isMutation, action: fn?.isAction }[kind];
  if (fn?.isPublic !== true || isKind !== true) {
    throw new FunctionError(
      `Could not find public function for '${udfPath}'. Did you forget to run \`npx convex dev\` or \`npx convex deploy\`?`,
      undefined,
    );
  }
  return fn;
}

/** A component's module loader (convex-test's); it rejects an unknown module. */
type Component = ConvexGlobal["components"][string] | undefined;

/**
 * What kind of function `udfPath` is in `component`, public or internal; null when there is
 * none (system modules, "_…", are not functions of the app).
 */
export async function functionKind(component: Component, udfPath: string): Promise<{ kind: FunctionKind; isPublic: boolean } | null> {
  const [modulePath, exportName] = splitFunctionPath(udfPath);
  if (component === undefined || modulePath.startsWith("_")) return null;
  const fn = (await component.modules(modulePath).catch(() => undefined))?.[exportName] as RegisteredFunction | undefined;
  const kind = fn?.isQuery === true ? "query" : fn?.isMutation === true ? "mutation" : fn?.isAction === true ? "action" : null;
  return kind === null ? null : { kind, isPublic: fn?.isPublic === true };
}

/** For the admin: any function of that kind, internal or in a component, with Convex's wording when there is none. */
export async function requireFunction(component: Component, kind: FunctionKind, udfPath: string, componentPath: string): Promise<void> {
  if ((await functionKind(component, udfPath))?.kind !== kind) {
    const where = componentPath === "" ? "" : ` in component '${componentPath}'`;
    throw new FunctionError(
      `Could not find function for '${udfPath}'${where}. Did you forget to run \`npx convex dev\` or \`npx convex deploy\`?`,
      undefined,
    );
  }
}
