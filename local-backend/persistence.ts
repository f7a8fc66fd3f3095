/**
 * The data folder: the database snapshot written atomically after commits, read on start.
 */
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { DatabaseSnapshot } from "./engine.ts";

const DATABASE_FILE = "database.json";

/** Writes via a temporary file and a rename, so a crash never leaves a half-written file. */
export async function writeFileAtomic(file: string, contents: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, contents);
  await rename(temporary, file);
}

/** The saved database, or null when the folder holds none yet. */
export async function loadSnapshot(dataDir: string): Promise<DatabaseSnapshot | null> {
  try {
    return JSON.parse(await readFile(path.join(dataDir, DATABASE_FILE), "utf8")) as DatabaseSnapshot;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/**
 * Saves snapshots to the data folder, coalescing commits that arrive while a write is in
 * progress into the next write: under load the file lags by at most one write, never by a
 * queue of them.
 */
export class SnapshotWriter {
  private dirty = false;
  private writing: Promise<void> | null = null;
  /** Why the latest write failed; null once one succeeds. */
  private lastError: Error | null = null;

  constructor(
    private readonly dataDir: string,
    private readonly takeSnapshot: () => DatabaseSnapshot,
  ) {}

  /** Records that the database changed; a write starts now or right after the current one. */
  markDirty(): void {
    this.dirty = true;
    this.writing ??= this.writeWhileDirty();
  }

  /**
   * Resolves once every change marked so far is on disk; rejects when the latest write failed
   * (those changes stay in memory and go to disk with the next write that succeeds).
   */
  async flush(): Promise<void> {
    while (this.writing !== null) await this.writing;
    if (this.lastError !== null) throw this.lastError;
  }

  private async writeWhileDirty(): Promise<void> {
    while (this.dirty) {
      this.dirty = false;
      try {
        await writeFileAtomic(path.join(this.dataDir, DATABASE_FILE), JSON.stringify(this.takeSnapshot()));
        this.lastError = null;
      } catch (error) {
        this.lastError = error instanceof Error ? error : new Error(String(error));
        console.error(
          `local backend: COULD NOT SAVE THE DATABASE to ${this.dataDir}; mutations fail until a write succeeds:`,
          error,
        );
      }
    }
    this.writing = null;
  }
}
