/**
 * Writing that survives power loss: a file written and fsync'd, and a folder fsync'd after a
 * rename or a new entry in it (without that, the entry itself can be lost).
 */
import { mkdir, open } from "node:fs/promises";
import path from "node:path";

/** Writes `contents` to `file` (its folder made if missing) and fsyncs it. `mode` applies to a new file, before the umask. */
export async function writeSynced(file: string, contents: string | Uint8Array, mode = 0o666): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const handle = await open(file, "w", mode);
  try {
    await handle.writeFile(contents);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Fsyncs a folder, so the entries renamed or created in it are on disk. */
export async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
