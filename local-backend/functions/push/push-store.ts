/**
 * Pushed code on disk: each push the Convex CLI sends (`start_push`) is written to
 * `<data dir>/pushes/<id>/`, where the id is the SHA-256 of everything it holds, so the same
 * code is one folder however often it is pushed. A folder is written under a temporary name
 * and renamed when complete; `<data dir>/pushes/current` names the folder being served and is
 * replaced atomically by `finish_push` only. A restart serves `current`.
 *
 * Layout of a push folder (ESM, only relative imports, as Convex's bundler makes them):
 *   app/…                      the app's modules (events.js, _deps/…), schema.js, convex.config.js
 *   components/<def key>/…     each component definition's modules and schema.js
 *   definitions/<def key>/     each definition's convex.config.js beside its synthesized
 *                              _componentDeps/, the metadata Convex's runtime gives `app.use()`
 *   push.json                  what was pushed: definitions, module paths and hashes
 */
import { createHash } from "node:crypto";
import { copyFile, link, mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { syncFolder, writeSynced } from "../../database/storage/synced-write.ts";

/** A module as the CLI sends it. */
export type PushedModule = { path: string; source: string; sourceMap?: string | null; environment?: string };

export type PushedDefinition = {
  /** Relative to convex/, "" for the app ("../node_modules/@convex-dev/presence/dist/component/convex.config.js"). */
  definitionPath: string;
  definition: PushedModule | null;
  dependencies: string[];
  schema: PushedModule | null;
  modules: PushedModule[];
};

/** What push.json records. */
export type PushManifest = {
  format: 1;
  definitions: {
    definitionPath: string;
    dependencies: string[];
    hasDefinition: boolean;
    hasSchema: boolean;
    /** `environment: "node"` marks a `"use node"` module (its actions run in Node.js). */
    modules: { path: string; hash: string; environment?: "node" }[];
  }[];
};

/** sha256 hex of source and source map, as the CLI hashes a module to skip unchanged ones. */
export function moduleHash(module: PushedModule): string {
  return createHash("sha256")
    .update(module.source)
    .update(module.sourceMap ?? "")
    .digest("hex");
}

/** A definition path as a folder name and as the CLI names `_componentDeps/` files (base64url). */
export function definitionKey(definitionPath: string): string {
  return definitionPath === "" ? "app" : Buffer.from(definitionPath).toString("base64url");
}

export function definitionFolder(pushDir: string, definitionPath: string): string {
  return definitionPath === "" ? path.join(pushDir, "app") : path.join(pushDir, "components", definitionKey(definitionPath));
}

/** Every module's hash in a push folder, by "<definition path>\0<module path>". */
async function hashesOf(folder: string): Promise<Map<string, string>> {
  const manifest = JSON.parse(await readFile(path.join(folder, "push.json"), "utf8")) as PushManifest;
  const hashes = new Map<string, string>();
  for (const definition of manifest.definitions) {
    for (const module of definition.modules) hashes.set(`${definition.definitionPath}\0${module.path}`, module.hash);
  }
  return hashes;
}

/** Pushes not served are kept this long: one being pushed right now is never deleted. */
const PRUNE_AFTER_MS = 10 * 60_000;

export class PushStore {
  constructor(private readonly root: string) {}

  private get pushesDir(): string {
    return path.join(this.root, "pushes");
  }

  /** The folder of the push being served, or null before the first push. */
  async current(): Promise<string | null> {
    try {
      const id = (await readFile(path.join(this.pushesDir, "current"), "utf8")).trim();
      return id === "" ? null : path.join(this.pushesDir, id);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  /** The folder of the push with this id (as start_push named it), or null for anything else. */
  folderOf(id: string): string | null {
    return /^[0-9a-f]{32}$/.test(id) ? path.join(this.pushesDir, id) : null;
  }

  /** Module hashes of the push being served, for `get_config_hashes`. */
  async currentHashes(): Promise<Map<string, string>> {
    const folder = await this.current();
    const hashes = new Map<string, string>();
    if (folder === null) return hashes;
    for (const [key, hash] of await hashesOf(folder)) {
      const [definitionPath, modulePath] = key.split("\0") as [string, string];
      if (definitionPath === "") hashes.set(modulePath, hash);
    }
    return hashes;
  }

  /** The source of a module of the push being served (to fill in the ones a push left unchanged). */
  async currentModule(definitionPath: string, modulePath: string): Promise<PushedModule | null> {
    const folder = await this.current();
    if (folder === null) return null;
    try {
      const source = await readFile(path.join(definitionFolder(folder, definitionPath), modulePath), "utf8");
      const sourceMap = await readFile(path.join(definitionFolder(folder, definitionPath), `${modulePath}.map`), "utf8").catch(() => null);
      return { path: modulePath, source, sourceMap };
    } catch {
      return null;
    }
  }

  /** Writes a complete push (if this exact one is not there yet) and returns its folder. */
  async write(definitions: PushedDefinition[]): Promise<string> {
    const manifest: PushManifest = {
      format: 1,
      definitions: definitions.map((definition) => ({
        definitionPath: definition.definitionPath,
        dependencies: definition.dependencies,
        hasDefinition: definition.definition !== null,
        hasSchema: definition.schema !== null,
        modules: definition.modules.map((module) => ({
          path: module.path,
          hash: moduleHash(module),
          ...(module.environment === "node" ? { environment: "node" as const } : {}),
        })),
      })),
    };
    const digest = createHash("sha256").update(JSON.stringify(manifest));
    for (const definition of definitions) {
      for (const module of [definition.definition, definition.schema]) if (module !== null) digest.update(moduleHash(module));
    }
    const id = digest.digest("hex").slice(0, 32);
    const folder = path.join(this.pushesDir, id);
    if ((await readFile(path.join(folder, "push.json"), "utf8").catch(() => null)) !== null) {
      // Pushed again: young again, so prune() leaves it until its finish_push.
      const now = new Date();
      await utimes(folder, now, now);
      return folder;
    }
    const temporary = path.join(this.pushesDir, `.${id}.${process.pid}.tmp`);
    await rm(temporary, { recursive: true, force: true });
    const files: [string, string][] = [["package.json", '{ "type": "module" }\n']];
    // Modules the served push has with the same content are linked, not written again: a save
    // changes a module or two, while the components and most of the app stay as they were.
    const served = await this.current();
    const servedHashes = served === null ? new Map<string, string>() : await hashesOf(served);
    const links: [string, string][] = [];
    for (const definition of definitions) {
      const base = path.relative(temporary, definitionFolder(temporary, definition.definitionPath));
      for (const module of definition.modules) {
        const names = [module.path, ...(module.sourceMap ? [`${module.path}.map`] : [])];
        if (served !== null && servedHashes.get(`${definition.definitionPath}\0${module.path}`) === moduleHash(module)) {
          const servedBase = definitionFolder(served, definition.definitionPath);
          for (const name of names) links.push([path.join(servedBase, name), path.join(base, name)]);
          continue;
        }
        files.push([path.join(base, module.path), module.source]);
        if (module.sourceMap) files.push([path.join(base, `${module.path}.map`), module.sourceMap]);
      }
      if (definition.schema !== null) {
        files.push([path.join(base, "schema.js"), definition.schema.source]);
        if (definition.schema.sourceMap) files.push([path.join(base, "schema.js.map"), definition.schema.sourceMap]);
      }
      if (definition.definition !== null) {
        const configFile = path.join("definitions", definitionKey(definition.definitionPath), "convex.config.js");
        files.push([configFile, definition.definition.source]);
        if (definition.definition.sourceMap) files.push([`${configFile}.map`, definition.definition.sourceMap]);
      }
    }
    files.push(["push.json", JSON.stringify(manifest)]);
    const inside = (file: string) => {
      const target = path.resolve(temporary, file);
      if (!target.startsWith(temporary + path.sep)) throw new Error(`refusing a module path outside the push: ${file}`);
      return target;
    };
    for (const [source, file] of links) {
      const target = inside(file);
      await mkdir(path.dirname(target), { recursive: true });
      // Already durable (fsync'd when first written); a copy where links are not possible.
      await link(source, target).catch(() => copyFile(source, target));
    }
    for (const [file, text] of files) await writeSynced(inside(file), text);
    await rename(temporary, folder).catch(async (error: NodeJS.ErrnoException) => {
      // Another push of the same code got there first: the same content.
      await rm(temporary, { recursive: true, force: true });
      if (error.code !== "ENOTEMPTY" && error.code !== "EEXIST") throw error;
    });
    await syncFolder(this.pushesDir);
    return folder;
  }

  /**
   * Deletes the pushes other than the one served that are older than `minAgeMs` (a push
   * between its start_push and its finish_push is younger), so a day of saves does not pile up.
   * Files the served push shares with them are hard links, so they stay.
   */
  async prune(minAgeMs = PRUNE_AFTER_MS): Promise<void> {
    const served = await this.current();
    const entries = await readdir(this.pushesDir).catch(() => [] as string[]);
    for (const name of entries) {
      const folder = this.folderOf(name);
      if (folder === null || folder === served) continue;
      const { mtimeMs } = await stat(folder);
      if (Date.now() - mtimeMs >= minAgeMs) await rm(folder, { recursive: true, force: true });
    }
  }

  /** Makes `folder` the code served from now on, also after a restart (atomic replace). */
  async activate(folder: string): Promise<void> {
    const file = path.join(this.pushesDir, "current");
    const temporary = `${file}.${process.pid}.tmp`;
    await writeSynced(temporary, `${path.basename(folder)}\n`);
    await rename(temporary, file);
    await syncFolder(this.pushesDir);
  }

  /** Writes the synthesized `_componentDeps/` a definition imports (metadata for `use()`). */
  static async writeComponentDeps(folder: string, definitionPath: string, deps: Map<string, string>): Promise<void> {
    const base = path.join(folder, "definitions", definitionKey(definitionPath), "_componentDeps");
    for (const [childPath, defaultName] of deps) {
      const text = `export default ${JSON.stringify({ componentDefinitionPath: childPath, defaultName })};\n`;
      await mkdir(base, { recursive: true });
      await writeFile(path.join(base, `${definitionKey(childPath)}.js`), text);
    }
  }
}
