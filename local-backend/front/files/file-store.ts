/**
 * The bytes of stored files, named by their SHA-256 (so the same bytes are kept once): on
 * disk under <dataDir>/files/, or in memory. A write is on disk (fsync'd, file and folder)
 * before it resolves, so a `_storage` document committed after it always has its bytes.
 */
import { createHash, randomBytes } from "node:crypto";
import { readdir, rename, rm, stat } from "node:fs/promises";
import { readFileSync } from "node:fs";
import path from "node:path";
import { syncFolder, writeSynced } from "../../database/storage/synced-write.ts";

export type FileStore = {
  /** Stores the bytes; resolves with their SHA-256 in base64, as `_storage.sha256` holds it. */
  write(bytes: Uint8Array): Promise<string>;
  /** The bytes with this SHA-256 (base64), or null. Synchronous: convex-test reads files synchronously. */
  read(sha256: string): Uint8Array | null;
  /** Removes the bytes unless written in the last `graceMs` (an upload about to commit). */
  removeUnless(keep: (sha256: string) => boolean, graceMs: number): Promise<void>;
};

export function sha256Of(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("base64");
}

/** base64 has "/" and "+", which file names cannot all take; hex can. */
function fileName(sha256: string): string {
  return Buffer.from(sha256, "base64").toString("hex");
}

export function memoryFileStore(): FileStore {
  const files = new Map<string, { bytes: Uint8Array; writtenAt: number }>();
  return {
    write: (bytes) => {
      const sha256 = sha256Of(bytes);
      files.set(sha256, { bytes: new Uint8Array(bytes), writtenAt: Date.now() });
      return Promise.resolve(sha256);
    },
    read: (sha256) => files.get(sha256)?.bytes ?? null,
    removeUnless: (keep, graceMs) => {
      for (const [sha256, { writtenAt }] of files) {
        if (!keep(sha256) && Date.now() - writtenAt > graceMs) files.delete(sha256);
      }
      return Promise.resolve();
    },
  };
}

/** Files in `dir`, made with the first file. */
export function diskFileStore(dir: string): FileStore {
  return {
    write: async (bytes) => {
      const sha256 = sha256Of(bytes);
      const target = path.join(dir, fileName(sha256));
      const temporary = `${target}.${randomBytes(6).toString("hex")}.tmp`;
      await writeSynced(temporary, bytes);
      await rename(temporary, target);
      await syncFolder(dir);
      return sha256;
    },
    read: (sha256) => {
      try {
        return readFileSync(path.join(dir, fileName(sha256)));
      } catch {
        return null;
      }
    },
    removeUnless: async (keep, graceMs) => {
      const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [];
        throw error;
      });
      for (const name of names) {
        const file = path.join(dir, name);
        const isLeftover = name.endsWith(".tmp");
        const sha256 = isLeftover ? null : Buffer.from(name, "hex").toString("base64");
        if (sha256 !== null && keep(sha256)) continue;
        if (Date.now() - (await stat(file)).mtimeMs > graceMs) await rm(file, { force: true });
      }
    },
  };
}
