/**
 * The data folder's database file: written atomically and fsync'd, read and checked on start.
 * A file that cannot be read as a database stops the start with a message naming it; it is
 * never replaced by an empty database.
 */
import { rename } from "node:fs/promises";
import path from "node:path";
import type { DatabaseSnapshot } from "./saved-state.ts";
import { NotJsonError, readDatabaseFile } from "./snapshot-reader.ts";
import { syncFolder, writeSynced } from "./synced-write.ts";

export const DATABASE_FILE = "database.json";

/**
 * Writes via a temporary file and a rename, fsync'd before the rename and the folder after it,
 * so a crash leaves either the old file or the new one, and a resolved write survives power loss.
 * `mode` applies to a file created here (0o600 for secrets), before the umask.
 */
export async function writeFileAtomic(file: string, contents: string, mode = 0o666): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeSynced(temporary, contents, mode);
  await rename(temporary, file);
  await syncFolder(path.dirname(file));
}

/** Thrown when the database file exists but is not a database this backend wrote. */
export class DamagedDataError extends Error {}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** What is wrong with `value` as a document list, or null when nothing is. */
function documentsProblem(value: unknown, where: string): string | null {
  if (!Array.isArray(value)) return `${where} is not a list`;
  for (const [index, document] of value.entries()) {
    if (!isRecord(document) || typeof document._id !== "string" || typeof document._creationTime !== "number") {
      return `${where}[${index}] is not a document (needs _id and _creationTime)`;
    }
  }
  return null;
}

/** What is wrong with a parsed database file, or null when it is a database. */
export function snapshotProblem(value: unknown): string | null {
  if (!isRecord(value)) return `it holds ${value === null ? "null" : typeof value} instead of a database object`;
  if (value.format !== 1) return `unknown format ${JSON.stringify(value.format)} (expected 1)`;
  if (typeof value.nextDocId !== "number" || typeof value.lastCreationTime !== "number") {
    return "the id or time counters (nextDocId, lastCreationTime) are missing";
  }
  if (typeof value.lastCommitTs !== "string" || !/^\d+$/.test(value.lastCommitTs)) {
    return "lastCommitTs is not a decimal timestamp";
  }
  const problem = documentsProblem(value.documents, "documents");
  if (problem !== null) return problem;
  if (value.components !== undefined) {
    if (!isRecord(value.components)) return "components is not an object";
    for (const [name, component] of Object.entries(value.components)) {
      if (!isRecord(component) || typeof component.nextDocId !== "number" || typeof component.lastCreationTime !== "number") {
        return `component ${name} has no id or time counters`;
      }
      const componentProblem = documentsProblem(component.documents, `components.${name}.documents`);
      if (componentProblem !== null) return componentProblem;
    }
  }
  if (value.requests !== undefined && !Array.isArray(value.requests)) return "requests is not a list";
  return null;
}

/**
 * The saved database and the size of its file, or null when the folder holds none yet;
 * throws DamagedDataError for a bad file.
 */
export async function loadSnapshot(dataDir: string): Promise<{ snapshot: DatabaseSnapshot; bytes: number } | null> {
  const file = path.join(dataDir, DATABASE_FILE);
  const refuse = (what: string) =>
    new DamagedDataError(
      `local backend: cannot start: ${file} ${what}. It was left as it is; restore it from a copy, or move it away to start with an empty database.`,
    );
  let read;
  try {
    read = await readDatabaseFile(file);
  } catch (error) {
    if (error instanceof NotJsonError) throw refuse(`is not valid JSON (${error.message})`);
    throw error;
  }
  if (read === null) return null;
  const problem = snapshotProblem(read.value);
  if (problem !== null) throw refuse(`is not a database: ${problem}`);
  return { snapshot: read.value as DatabaseSnapshot, bytes: read.bytes };
}
