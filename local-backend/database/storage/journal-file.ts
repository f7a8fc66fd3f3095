/**
 * The data folder's journal, `journal.jsonl`: one line of JSON per group of commits, appended
 * and fsync'd before the group is acknowledged. Start = `database.json` + the journal's records
 * after it. A last line cut short (a crash mid-append) is dropped with a warning; damage
 * anywhere else stops the start with the file's name, and nothing is overwritten.
 */
import { open, readFile, type FileHandle } from "node:fs/promises";
import path from "node:path";
import type { ChangeRecord } from "./saved-state.ts";
import { DamagedDataError } from "./database-file.ts";

export const JOURNAL_FILE = "journal.jsonl";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isChangeRecord(value: unknown): value is ChangeRecord {
  return (
    isRecord(value) &&
    typeof value.seq === "number" &&
    typeof value.lastCommitTs === "string" &&
    isRecord(value.components) &&
    Object.values(value.components).every((change) => isRecord(change) && isRecord(change.documents)) &&
    Array.isArray(value.requests)
  );
}

/** The journal's records in order, and how many bytes of it are whole records. */
export async function readJournal(dataDir: string): Promise<{ records: ChangeRecord[]; validBytes: number }> {
  const file = path.join(dataDir, JOURNAL_FILE);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { records: [], validBytes: 0 };
    throw error;
  }
  const lines = text.split("\n");
  const records: ChangeRecord[] = [];
  let validBytes = 0;
  for (const [index, line] of lines.entries()) {
    const isLast = index === lines.length - 1;
    if (isLast && line === "") break;
    let parsed: unknown = undefined;
    try {
      parsed = JSON.parse(line);
    } catch {
      // Only the very last line can be a torn append (every record ends with a newline).
    }
    if (!isChangeRecord(parsed)) {
      if (isLast) {
        console.warn(`local backend: dropping the last record of ${file}, cut short by a crash (${line.length} bytes)`);
        break;
      }
      throw new DamagedDataError(
        `local backend: cannot start: ${file} is damaged at line ${index + 1} (not a journal record). It was left as it is; restore it from a copy, or move it away to start from database.json alone.`,
      );
    }
    records.push(parsed);
    validBytes += Buffer.byteLength(line) + 1;
  }
  return { records, validBytes };
}

/** The open journal: appends whole records and fsyncs them. */
export class JournalFile {
  private constructor(
    private readonly handle: FileHandle,
    private size: number,
    readonly file: string,
  ) {}

  /** Opens the journal for appending, cutting off a torn last record first. */
  static async open(dataDir: string, validBytes: number): Promise<JournalFile> {
    const file = path.join(dataDir, JOURNAL_FILE);
    const handle = await open(file, "a+");
    await handle.truncate(validBytes);
    await handle.sync();
    return new JournalFile(handle, validBytes, file);
  }

  /** Appends one record and fsyncs it; on failure cuts the file back to what it was. */
  async append(record: ChangeRecord): Promise<void> {
    const bytes = Buffer.from(`${JSON.stringify(record)}\n`);
    try {
      await this.handle.write(bytes, 0, bytes.length, null);
      await this.handle.datasync();
      this.size += bytes.length;
    } catch (error) {
      await this.handle.truncate(this.size).catch(() => {});
      throw error;
    }
  }

  get bytes(): number {
    return this.size;
  }

  /** Empties the journal once a snapshot holds everything in it. */
  async clear(): Promise<void> {
    await this.handle.truncate(0);
    await this.handle.sync();
    this.size = 0;
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}
