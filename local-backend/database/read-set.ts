/**
 * What one query run read, as Convex records it: documents read by id, ranges of indexes, and
 * whole tables (full scans, search). A later commit changes the query's result only if it
 * wrote one of those documents, or a document whose old or new version lies in one of those
 * ranges, or any document of a scanned table; otherwise the result stands. So a support on
 * one event re-runs the pages of that event and the lists it appears in, not every page
 * that reads `events`.
 */
import { isInRange, type IndexRange } from "./indexes/index-range.ts";
import type { IndexedDocument } from "./indexes/document-indexes.ts";

/** One document a commit wrote, in a component ("" is the app): null before an insert, after a delete. */
export type WrittenDocument = {
  component: string;
  table: string;
  id: string;
  before: IndexedDocument | null;
  after: IndexedDocument | null;
};

export class ReadSet {
  /** "component:table" of every table read whole. */
  private readonly tables = new Set<string>();
  /** "component:id" of every document read by id. */
  private readonly documents = new Set<string>();
  /** Index ranges read, by "component:table"; each range once. */
  private readonly ranges = new Map<string, Map<string, IndexRange>>();

  addTable(component: string, table: string): void {
    this.tables.add(`${component}:${table}`);
  }

  addDocument(component: string, id: string): void {
    this.documents.add(`${component}:${id}`);
  }

  /** `name` identifies the range (index and bounds), so a loop reading it again adds nothing. */
  addRange(component: string, table: string, name: string, range: IndexRange): void {
    const key = `${component}:${table}`;
    let ranges = this.ranges.get(key);
    if (ranges === undefined) this.ranges.set(key, (ranges = new Map()));
    if (!ranges.has(name)) ranges.set(name, range);
  }

  /** Whether nothing was read yet. */
  isEmpty(): boolean {
    return this.tables.size === 0 && this.documents.size === 0 && this.ranges.size === 0;
  }

  /** What was read, for an index of read sets (keys as above: "component:table", "component:id"). */
  reads(): { tables: ReadonlySet<string>; documents: ReadonlySet<string>; ranges: ReadonlyMap<string, ReadonlyMap<string, IndexRange>> } {
    return { tables: this.tables, documents: this.documents, ranges: this.ranges };
  }

  /** Whether writing `written` may change what was read. */
  isTouchedBy(written: WrittenDocument): boolean {
    return this.readTouchedBy(written) !== null;
  }

  /**
   * Which read `written` touches, named for people ("document …", "index range
   * table.index:[…]", "table …"), or null when none: the conflict profiler reports it.
   */
  readTouchedBy(written: WrittenDocument): string | null {
    const table = `${written.component}:${written.table}`;
    if (this.tables.has(table)) return `table ${table}`;
    if (this.documents.has(`${written.component}:${written.id}`)) return `document ${table}:${written.id}`;
    const ranges = this.ranges.get(table);
    if (ranges === undefined) return null;
    for (const [name, range] of ranges) {
      if ((written.before !== null && isInRange(range, written.before)) || (written.after !== null && isInRange(range, written.after))) {
        return `index range ${table}.${name}`;
      }
    }
    return null;
  }
}
