/**
 * Runs the components of convex/convex.config.ts (`app.use(x)`, installed from npm), and the
 * components those use, as convex-test components: each gets its own tables and functions,
 * addressed as `components.<name>` by the app and as "<name>/<child>" inside.
 *
 * A convex.config file cannot be evaluated outside Convex's bundler (`use()` needs the path
 * the bundler adds), so its imports and `use` calls are read from the source. Packages ship
 * their component compiled (e.g. dist/component/ beside convex.config.js), with a schema.js
 * and a _generated/ folder, which is what convex-test needs to register one.
 */
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { SchemaDefinition, GenericSchema } from "convex/server";
import { register } from "tsx/esm/api";
import { registerComponent, type EngineInstance } from "../engine/convex-test-adapter.ts";

type Use = { name: string; configFile: string };
type ModuleGlob = Record<string, () => Promise<Record<string, unknown>>>;

const CONFIG_FILES = ["convex.config.ts", "convex.config.js"];
/** Packages' compiled code may import without extensions ("./logging"); tsx resolves those. */
const loader = register({ namespace: `apoie-components-${process.pid}` });

/** The components a convex.config source installs, with the files defining them. */
async function usesOf(configFile: string): Promise<Use[]> {
  const source = await readFile(configFile, "utf8");
  const imports = new Map<string, string>();
  for (const [, identifier, specifier] of source.matchAll(/import\s+(\w+)\s+from\s+["']([^"']+)["']/g)) {
    imports.set(identifier!, specifier!);
  }
  const require = createRequire(configFile);
  const uses: Use[] = [];
  for (const [, identifier, options] of source.matchAll(/\.use\(\s*(\w+)\s*(?:,\s*(\{[^}]*\}))?\s*\)/g)) {
    const specifier = imports.get(identifier!);
    if (specifier === undefined) throw new Error(`${configFile}: cannot tell where "${identifier}" comes from`);
    const childConfig = require.resolve(specifier);
    const name = /name:\s*["']([^"']+)["']/.exec(options ?? "")?.[1] ?? (await defaultNameOf(childConfig));
    uses.push({ name, configFile: childConfig });
  }
  return uses;
}

/** The name given to `defineComponent("…")`, which `use` takes unless told otherwise. */
async function defaultNameOf(configFile: string): Promise<string> {
  const name = /defineComponent\(\s*["']([^"']+)["']/.exec(await readFile(configFile, "utf8"))?.[1];
  if (name === undefined) throw new Error(`${configFile} has no defineComponent("name")`);
  return name;
}

async function moduleGlob(componentDir: string): Promise<ModuleGlob> {
  const entries = await readdir(componentDir, { recursive: true, withFileTypes: true });
  const glob: ModuleGlob = {};
  for (const entry of entries) {
    if (!entry.isFile() || !/\.js$/.test(entry.name) || entry.name.endsWith(".test.js")) continue;
    const file = path.join(entry.parentPath, entry.name);
    glob[file] = () => loader.import(pathToFileURL(file).href, import.meta.url) as Promise<Record<string, unknown>>;
  }
  return glob;
}

async function registerTree(instance: EngineInstance, parentPath: string, configFile: string): Promise<string[]> {
  const registered: string[] = [];
  for (const { name, configFile: childConfig } of await usesOf(configFile)) {
    const componentPath = parentPath === "" ? name : `${parentPath}/${name}`;
    const componentDir = path.dirname(childConfig);
    const schemaFile = path.join(componentDir, "schema.js");
    const schema = existsSync(schemaFile)
      ? ((await loader.import(pathToFileURL(schemaFile).href, import.meta.url)) as { default: SchemaDefinition<GenericSchema, boolean> })
          .default
      : null;
    registerComponent(instance, componentPath, schema, await moduleGlob(componentDir));
    registered.push(componentPath, ...(await registerTree(instance, componentPath, childConfig)));
  }
  return registered;
}

/**
 * Part of each instance's setup: registers every component convexDir's convex.config
 * installs. Resolves with their paths ("rateLimiter", "rateLimiter/batchWorker", …).
 */
export async function registerComponents(instance: EngineInstance, convexDir: string): Promise<string[]> {
  const configFile = CONFIG_FILES.map((name) => path.join(convexDir, name)).find((file) => existsSync(file));
  if (configFile === undefined) return [];
  return registerTree(instance, "", configFile);
}
