/**
 * Which table each Convex id names. A Convex id carries its table's number, not its name, so a
 * backend keeps a table's number for good (as Convex does): `table-numbers.json` in the data
 * folder lists every (name, number) its documents use, written and fsync'd before the first id
 * with a new number is handed out. App tables are numbered from 10001 and system tables
 * (`_storage`, `_scheduled_functions`) from 513, as Convex numbers them; a table may hold
 * several numbers (an `--append` import from a deployment that numbered it differently).
 *
 * Numbers are unique across the whole process — the app and every component (Convex numbers
 * each component on its own; an import renumbers a component's table when its number is taken
 * here) — so `tableOf(id)` needs nothing but the id. Ids from before (digits followed by the
 * table name, see database/ids/random-ids.ts) still read as they always did.
 */
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import path from "node:path";
import { decodeConvexId, tableNumberPrefix } from "./convex-id.ts";

export const TABLE_NUMBERS_FILE = "table-numbers.json";
const FIRST_USER_TABLE = 10_001;
const FIRST_SYSTEM_TABLE = 513;

/** Every table number known in this process (all backends it runs: tests start several). */
const tableByNumber = new Map<number, string>();

/** The table an id names: its number's table for a Convex id, the text after the digits for an id of the old form; null for neither. */
export function tableOf(id: string): string | null {
  const number = tableNumberPrefix(id);
  if (number !== null) {
    const table = tableByNumber.get(number);
    if (table !== undefined) return table;
  }
  const legacy = /^[0-9]+([A-Za-z_][A-Za-z0-9_]*)$/.exec(id);
  return legacy === null ? null : legacy[1]!;
}

/** The table named by the number, if any table of this process has it. */
export function tableOfNumber(number: number): string | undefined {
  return tableByNumber.get(number);
}

type SavedTableNumbers = { format: 1; tables: { name: string; number: number }[] };

/** One backend's table numbers, kept in its data folder (or only in memory). */
export class TableNumbers {
  /** The number new documents of a table get: the last one it was given. */
  private readonly current = new Map<string, number>();
  private readonly saved: { name: string; number: number }[] = [];

  private constructor(private readonly file: string | null) {}

  /** Reads `table-numbers.json` of `dataDir` (none yet: no numbers); null keeps them in memory. */
  static open(dataDir: string | null): TableNumbers {
    const numbers = new TableNumbers(dataDir === null ? null : path.join(dataDir, TABLE_NUMBERS_FILE));
    if (numbers.file === null) return numbers;
    let text: string;
    try {
      text = readFileSync(numbers.file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return numbers;
      throw error;
    }
    const saved = JSON.parse(text) as SavedTableNumbers;
    if (saved.format !== 1 || !Array.isArray(saved.tables)) throw new Error(`local backend: ${numbers.file} is not a table number list`);
    for (const { name, number } of saved.tables) numbers.remember(name, number);
    return numbers;
  }

  /** The number for new ids of `table`, given one (and saved) the first time. */
  numberFor(table: string): number {
    const known = this.current.get(table);
    if (known !== undefined) return known;
    // Another backend of this process may already number the table: the same number keeps them apart from the rest.
    for (const [number, name] of tableByNumber) {
      if (name === table) return this.adopt(table, number);
    }
    let number = table.startsWith("_") ? FIRST_SYSTEM_TABLE : FIRST_USER_TABLE;
    while (tableByNumber.has(number)) number += 1;
    return this.adopt(table, number);
  }

  /** Whether `number` may name `table` here: free, or already that table's. */
  canAdopt(table: string, number: number): boolean {
    const owner = tableByNumber.get(number);
    return owner === undefined || owner === table;
  }

  /** Gives `table` the number `number` (an import's), which becomes the one new ids use; saved first. */
  adopt(table: string, number: number): number {
    if (!this.canAdopt(table, number)) throw new Error(`Table number ${number} already belongs to table "${tableByNumber.get(number)}"`);
    if (this.current.get(table) === number) return number;
    this.remember(table, number);
    this.save();
    return number;
  }

  private remember(name: string, number: number): void {
    const owner = tableByNumber.get(number);
    if (owner !== undefined && owner !== name) {
      throw new Error(`local backend: table number ${number} names both "${owner}" and "${name}" in this process`);
    }
    tableByNumber.set(number, name);
    this.current.set(name, number);
    if (!this.saved.some((entry) => entry.name === name && entry.number === number)) this.saved.push({ name, number });
  }

  /**
   * Synchronous on purpose: ids are minted inside convex-test's synchronous insert, and the
   * number must be on disk before any document with it can be journaled. Tables are new rarely.
   */
  private save(): void {
    if (this.file === null) return;
    const temporary = `${this.file}.${process.pid}.tmp`;
    const handle = openSync(temporary, "w", 0o666);
    try {
      writeSync(handle, `${JSON.stringify({ format: 1, tables: this.saved } satisfies SavedTableNumbers)}\n`);
      fsyncSync(handle);
    } finally {
      closeSync(handle);
    }
    renameSync(temporary, this.file);
    const folder = openSync(path.dirname(this.file), "r");
    try {
      fsyncSync(folder);
    } finally {
      closeSync(folder);
    }
  }
}

/** Like `tableOf`, but a Convex id must also pass its checksum: what `v.id` and `normalizeId` check. */
export function checkedTableOf(id: string): string | null {
  const decoded = decodeConvexId(id);
  if (decoded !== null) return tableByNumber.get(decoded.tableNumber) ?? null;
  return tableNumberPrefix(id) !== null && tableByNumber.has(tableNumberPrefix(id)!) ? null : tableOf(id);
}
