/**
 * Finds and loads the convex/ modules. Each load goes through its own tsx namespace, which
 * gives the whole import graph fresh module instances: that is what makes a reload pick up
 * edits to helper files (convex/model/*) and not only to the files convex-test asks for.
 * A load reads a copy of the folder taken as it starts (beside the project's node_modules, so
 * packages resolve as from convex/): the function workers load the same copy later, so they
 * run exactly the code the backend loaded, whatever the editor saves meanwhile.
 */
import { existsSync } from "node:fs";
import { cp, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { register } from "tsx/esm/api";

/** A module's exports, as `import()` returns them. */
export type ModuleExports = Record<string, unknown>;

export type LoadedModules = {
  /** For convex-test: file path → loader, the shape `import.meta.glob` would give. */
  glob: Record<string, () => Promise<ModuleExports>>;
  /** Module path as functions are named ("events", "model/users") → its exports. */
  byPath: Map<string, ModuleExports>;
  /** Releases the loader hooks of this load (the modules stay usable). */
  release: () => Promise<void>;
  /** Files of `"use node"` modules (pushed code says which; from source, their first line), whose actions run in Node.js. */
  nodeFiles?: ReadonlySet<string>;
};

/**
 * Whether Convex would treat the file as a module: .ts/.js sources, not type declarations
 * and not names with an extra dot (tests, `test.setup.ts`), which Convex never deploys.
 */
export function isModuleFile(relativePath: string): boolean {
  const base = path.basename(relativePath);
  if (!/\.(ts|js)$/.test(base) || base.endsWith(".d.ts")) return false;
  const stem = base.replace(/\.(ts|js)$/, "");
  return !stem.includes(".");
}

async function listModuleFiles(convexDir: string): Promise<string[]> {
  const entries = await readdir(convexDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(convexDir, path.join(entry.parentPath, entry.name)))
    .filter(isModuleFile)
    .sort();
}

/** A `"use node"` directive first in the file (after comments), as the Convex CLI reads it. */
const USE_NODE = /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*["']use node["']/;

/** The files among `files` (absolute) that start with `"use node"`: their actions run in Node.js. */
async function nodeFilesOf(files: string[]): Promise<Set<string>> {
  const marked = await Promise.all(files.map(async (file) => USE_NODE.test(await readFile(file, "utf8"))));
  return new Set(files.filter((_, index) => marked[index]));
}

/**
 * No functions at all: what a deployment serves before its first push. convex-test finds the
 * functions' root by a _generated/ folder, so there is an (empty) one.
 */
export async function noModules(): Promise<LoadedModules> {
  const glob: LoadedModules["glob"] = { [path.join(path.sep, "no-functions-pushed-yet", "_generated", "server.js")]: async () => ({}) };
  return { glob, byPath: new Map(), release: async () => {} };
}

let loadCount = 0;

/** The nearest node_modules above `dir`, where a copy of it resolves packages as it does. */
function nodeModulesAbove(dir: string): string {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    if (existsSync(path.join(at, "node_modules"))) return path.join(at, "node_modules");
    if (path.dirname(at) === at) throw new Error(`local backend: no node_modules above ${dir}`);
  }
}

/** Copies `convexDir` for one load; resolves with the copy's folder and how to delete it. */
async function copyOf(convexDir: string, load: number): Promise<{ dir: string; remove: () => Promise<void> }> {
  const root = path.join(nodeModulesAbove(convexDir), ".cache", "apoie-local-backend", `${process.pid}-${load}`);
  await rm(root, { recursive: true, force: true });
  await mkdir(root, { recursive: true });
  const dir = path.join(root, path.basename(convexDir));
  await cp(convexDir, dir, {
    recursive: true,
    filter: (source) => !source.includes(`${path.sep}node_modules`) && !source.endsWith(".test.ts"),
  });
  // ES modules, as in the project (a folder under node_modules is CommonJS by default).
  await writeFile(path.join(root, "package.json"), '{ "type": "module" }\n');
  return { dir, remove: () => rm(root, { recursive: true, force: true }) };
}

/** Imports every module of `sourceDir`, as copied now (so a syntax error fails the load, not a later call). */
export async function loadModules(sourceDir: string): Promise<LoadedModules> {
  loadCount += 1;
  const copy = await copyOf(sourceDir, loadCount);
  const convexDir = copy.dir;
  const files = await listModuleFiles(convexDir);
  const loader = register({ namespace: `apoie-local-backend-${process.pid}-${loadCount}` });
  try {
    const glob: LoadedModules["glob"] = {};
    const byPath = new Map<string, ModuleExports>();
    for (const file of files) {
      const absolute = path.join(convexDir, file);
      const exports = (await loader.import(pathToFileURL(absolute).href, import.meta.url)) as ModuleExports;
      glob[absolute] = () => Promise.resolve(exports);
      byPath.set(
        file
          .replace(/\.(ts|js)$/, "")
          .split(path.sep)
          .join("/"),
        exports,
      );
    }
    return {
      glob,
      byPath,
      nodeFiles: await nodeFilesOf(Object.keys(glob)),
      release: async () => {
        await loader.unregister();
        await copy.remove();
      },
    };
  } catch (error) {
    await loader.unregister();
    await copy.remove();
    throw error;
  }
}
