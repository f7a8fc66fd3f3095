/**
 * `_system/cli/modules:apiSpec`: every function of the app with its kind, visibility and
 * argument and return validators, and the HTTP routes of convex/http.ts, in the shape
 * `npx convex function-spec` prints and `npx convex run` lists when a name is wrong.
 */
import type { JSONValue } from "convex/values";
import type { FunctionRunner } from "../../functions/function-runner.ts";

type Spec =
  | {
      identifier: string;
      functionType: "Query" | "Mutation" | "Action";
      visibility: { kind: "public" | "internal" };
      args: JSONValue;
      returns: JSONValue;
    }
  | { functionType: "HttpAction"; method: string; path: string };

type ConvexFunction = {
  isQuery?: boolean;
  isMutation?: boolean;
  isAction?: boolean;
  isPublic?: boolean;
  exportArgs?: () => string;
  exportReturns?: () => string;
};

function validator(exported: (() => string) | undefined): JSONValue {
  return exported === undefined ? { type: "any" } : (JSON.parse(exported()) as JSONValue);
}

function functionType(fn: ConvexFunction): "Query" | "Mutation" | "Action" | null {
  return fn.isQuery ? "Query" : fn.isMutation ? "Mutation" : fn.isAction ? "Action" : null;
}

/** The app's functions (a component's list is not kept: empty for one). */
export function apiSpec(engine: FunctionRunner, componentPath: string): Promise<JSONValue> {
  return engine.withInstance(async (instance) => {
    if (componentPath !== "") return [];
    const specs: Spec[] = [];
    for (const [modulePath, exports] of [...instance.modules.byPath].sort(([a], [b]) => a.localeCompare(b))) {
      if (modulePath.startsWith("_generated") || modulePath === "schema") continue;
      for (const [name, value] of Object.entries(exports)) {
        const fn = value as ConvexFunction | null;
        const type = typeof fn === "object" || typeof fn === "function" ? functionType(fn ?? {}) : null;
        if (fn === null || type === null) continue;
        specs.push({
          identifier: `${modulePath}.js:${name}`,
          functionType: type,
          visibility: { kind: fn.isPublic ? "public" : "internal" },
          args: validator(fn.exportArgs),
          returns: validator(fn.exportReturns),
        });
      }
    }
    const router = instance.modules.byPath.get("http")?.default as { getRoutes?: () => [string, string, unknown][] } | undefined;
    for (const [path, method] of router?.getRoutes?.() ?? []) specs.push({ functionType: "HttpAction", method, path });
    return specs as unknown as JSONValue;
  });
}
