/**
 * Runs the components of convex/convex.config.ts (installed from npm), and the components
 * those use, as convex-test components, for convex/ served from source: each gets its own
 * tables and functions, addressed as `components.<name>` by the app and as "<name>/<child>"
 * inside. Which components, and under which names, comes from evaluating the definitions
 * (evaluate-definitions.ts). Packages ship their component compiled (e.g. dist/component/
 * beside convex.config.js), with a schema.js and a _generated/ folder, which is what
 * convex-test needs to register one.
 */
import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { SchemaDefinition, GenericSchema } from "convex/server";
import { register } from "tsx/esm/api";
import { registerComponent } from "../../database/convex-test-adapter.ts";
import type { EngineInstance } from "../engine-instance.ts";
import { installedDefinitions } from "./evaluate-definitions.ts";

type ModuleGlob = Record<string, () => Promise<Record<string, unknown>>>;

/** Packages' compiled code may import without extensions ("./logging"); tsx resolves those. */
const loader = register({ namespace: `apoie-components-${process.pid}` });

async function moduleGlob(componentDir: string): Promise<ModuleGlob> {
  const entries = await readdir(componentDir, { recursive: true, withFileTypes: true });
  const glob: ModuleGlob = {};
  for (const entry of entries) {
    if (!entry.isFile() || !/\.js$/.test(entry.name) || entry.name.endsWith(".test.js")) continue;
    const file = path.join(entry.parentPath, entry.name);
    // convex-test imports a function's module at every call; through tsx's hooks each import is
    // a round trip to the loader's thread, so the first one is kept.
    let loaded: Promise<Record<string, unknown>> | null = null;
    glob[file] = () => (loaded ??= loader.import(pathToFileURL(file).href, import.meta.url) as Promise<Record<string, unknown>>);
  }
  return glob;
}

/** The component's modules, their functions run by the instance's workers (the bench's bare convex-test has none). */
async function routed(instance: Partial<Pick<EngineInstance, "host">>, definitionDir: string): Promise<ModuleGlob> {
  const glob = await moduleGlob(definitionDir);
  return instance.host === undefined ? glob : instance.host.routeGlob(glob);
}

/**
 * Part of each instance's setup: registers every component convexDir's convex.config
 * installs. Resolves with their paths ("rateLimiter", "rateLimiter/batchWorker", …).
 */
export async function registerComponents(
  instance: Pick<EngineInstance, "t"> & Partial<Pick<EngineInstance, "host">>,
  convexDir: string,
): Promise<string[]> {
  const installed = await installedDefinitions(convexDir);
  for (const { componentPath, definitionDir } of installed) {
    const schemaFile = path.join(definitionDir, "schema.js");
    const schema = existsSync(schemaFile)
      ? ((await loader.import(pathToFileURL(schemaFile).href, import.meta.url)) as { default: SchemaDefinition<GenericSchema, boolean> })
          .default
      : null;
    registerComponent(instance, componentPath, schema, await routed(instance, definitionDir));
  }
  return installed.map(({ componentPath }) => componentPath);
}
