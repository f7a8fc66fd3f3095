/**
 * Evaluates a convex.config file and the component definitions it installs, in Node, the way
 * Convex's runtime does at a push: each `app.use(x)` receives the metadata Convex synthesizes
 * for an imported definition (definition-hooks.js), and each definition's `export()` gives its
 * children. Nothing is read from the source text. For convex/ served from source, before any
 * push (pushed code brings its evaluated definitions with it, functions/push/load-push.ts).
 */
import { existsSync } from "node:fs";
import * as nodeModule from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { register } from "tsx/esm/api";

/** An installed component: its path ("presence/batchWorker") and the folder of its definition. */
export type InstalledDefinition = { componentPath: string; definitionDir: string };

type ChildComponent = { name: string; path: string };
type Definition = { export: () => { childComponents: ChildComponent[]; envVars?: [string, unknown][] } };

const CONFIG_FILES = ["convex.config.ts", "convex.config.js"];
/** Marks a definition being evaluated: definition-hooks.js turns its imports of definitions into metadata. */
const MARK = "apoie-definition";
let hooksRegistered = false;
/** Each evaluation of the app's convex.config is a fresh module, so an edit to it counts on reload. */
let evaluations = 0;
/** convex.config.ts is TypeScript; packages' definitions may import without extensions. */
const loader = register({ namespace: `apoie-definitions-${process.pid}` });

/** In the same form tsx registers its own: synchronous where Node has them (22.15+, 24). */
async function registerDefinitionHooks(): Promise<void> {
  if (hooksRegistered) return;
  hooksRegistered = true;
  if (typeof nodeModule.registerHooks === "function") {
    const hooks = await import("./definition-hooks.js");
    hooks.initialize({ mark: MARK });
    nodeModule.registerHooks({ resolve: hooks.resolveSync, load: hooks.loadSync });
  } else {
    nodeModule.register(new URL("./definition-hooks.js", import.meta.url), { data: { mark: MARK } });
  }
}

async function evaluate(configFile: string, fresh: boolean): Promise<Definition> {
  const url = `${pathToFileURL(configFile).href}?${MARK}${fresh ? `&evaluation=${++evaluations}` : ""}`;
  const loaded = (await loader.import(url, import.meta.url)) as { default?: Definition };
  const definition = loaded.default;
  if (definition === undefined || typeof definition.export !== "function") {
    throw new Error(`${configFile}: the default export is not a component definition (defineApp/defineComponent)`);
  }
  return definition;
}

/**
 * The components `convexDir`'s convex.config installs, and theirs, parents first
 * ([] without a convex.config).
 */
export async function installedDefinitions(convexDir: string): Promise<InstalledDefinition[]> {
  const configFile = CONFIG_FILES.map((name) => path.join(convexDir, name)).find((file) => existsSync(file));
  if (configFile === undefined) return [];
  await registerDefinitionHooks();
  const installed: InstalledDefinition[] = [];
  const visit = async (parentPath: string, file: string): Promise<void> => {
    // Packages' definitions do not change while the backend runs; the app's may.
    for (const child of (await evaluate(file, parentPath === "")).export().childComponents) {
      const componentPath = parentPath === "" ? child.name : `${parentPath}/${child.name}`;
      const childFile = child.path.startsWith("file:") ? fileURLToPath(child.path) : child.path;
      installed.push({ componentPath, definitionDir: path.dirname(childFile) });
      await visit(componentPath, childFile);
    }
  };
  await visit("", configFile);
  return installed;
}

/**
 * The environment variables `convexDir`'s convex.config declares (`defineApp({ env })`), the
 * only ones the backend's own environment may hand to the functions; [] without one.
 */
export async function declaredEnvironment(convexDir: string): Promise<string[]> {
  const configFile = CONFIG_FILES.map((name) => path.join(convexDir, name)).find((file) => existsSync(file));
  if (configFile === undefined) return [];
  await registerDefinitionHooks();
  return ((await evaluate(configFile, true)).export().envVars ?? []).map(([name]) => name);
}
