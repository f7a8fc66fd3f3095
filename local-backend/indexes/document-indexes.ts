/**
 * Real indexes over one component's committed documents. convex-test answers every query by
 * scanning every document of the component; with these, an index range costs what it
 * returns, and a table scan what the table holds, so a support costs the same with 1,000 or
 * 50,000 events. Each index is a sorted array built the first time a query uses it and kept
 * in step with every change to the committed documents afterwards (`changed`).
 */
import type { Value } from "convex/values";
import { tableOf as tableOfId } from "../ids/table-numbers.ts";
import { compareKeys, compareValue, isUtf16Ordered, keyOf, positionOf, type IndexKey, type IndexRange } from "./index-range.ts";
import { idsOfTable, type TableIds } from "./table-ids.ts";

export type IndexedDocument = { _id: string; _creationTime: number } & Record<string, Value>;

/** The table of a stored document's id (ids/table-numbers.ts); "" for none. */
export function tableOf(id: string): string {
  return tableOfId(id) ?? "";
}

/** `tableOf(id) === table`; queries inside large transactions ask often. */
export function isInTable(id: string, table: string): boolean {
  return tableOfId(id) === table;
}

/** `utf16Ordered`: the key's strings need no check when compared (see compareValue). */
type Entry = { key: IndexKey; document: IndexedDocument; utf16Ordered: boolean };

function entryOf(fields: string[], document: IndexedDocument): Entry {
  const key = keyOf(fields, document);
  return { key, document, utf16Ordered: isUtf16Ordered(key) };
}

/** The schema's index declarations of one table, as convex-test keeps them. */
type SchemaTables = Map<string, { indexes: { indexDescriptor: string; fields: string[] }[] }>;

/** Each key's strings were checked once (entryOf), not in each of the ~20 comparisons an entry takes part in. */
function compareEntries(a: Entry, b: Entry): number {
  return compareKeys(a.key, b.key, a.utf16Ordered && b.utf16Ordered);
}

/**
 * The entries in key order, sorted a group of equal first values at a time: a name index of
 * 1.2 million rows sorts ~2,000 groups of ~600 (its grams), half the comparisons of one sort.
 * Equal objects, arrays or bytes are not one Map key, so a first value of those sorts whole.
 */
function sortedEntries(entries: Entry[]): Entry[] {
  const groups = new Map<Value | undefined, Entry[]>();
  for (const entry of entries) {
    const first = entry.key[0];
    if (typeof first === "object" && first !== null) return entries.sort(compareEntries);
    let group = groups.get(first);
    if (group === undefined) groups.set(first, (group = []));
    group.push(entry);
  }
  // Array.prototype.sort puts undefined last without asking the comparator; Convex orders it first.
  const firsts: (Value | undefined)[] = [...groups.keys()].filter((first) => first !== undefined).sort((a, b) => compareValue(a, b));
  if (groups.has(undefined)) firsts.unshift(undefined);
  const sorted: Entry[] = [];
  for (const first of firsts) for (const entry of groups.get(first)!.sort(compareEntries)) sorted.push(entry);
  return sorted;
}

/** First position whose entry is not before `key` (binary search); with `after`, the first one past it. */
function lowerBound(entries: Entry[], key: IndexKey, after = false): number {
  const before = after ? 0 : -1;
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareKeys(entries[middle]!.key, key) <= before) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Where a page starts: the key its cursor names, in the order it reads the index. Entries
 * before it are left out (the page reader skips up to the cursor itself), so each page of a
 * long walk costs what remains of the range, not the whole range again.
 */
export type PageStart = { key: IndexKey; order: "asc" | "desc" };

/** First position whose entry is at or after `side` of the range (-1: its start, 0: past its end). */
function rangeBound(entries: Entry[], range: IndexRange, side: -1 | 0): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (positionOf(range, entries[middle]!.key) <= side) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** An array of `length` elements computed on access: what a reader that looks at few of many costs. */
function arrayView<T>(length: number, at: (i: number) => T): readonly T[] {
  return new Proxy([] as T[], {
    get(target, key, receiver) {
      if (key === "length") return length;
      if (typeof key === "string" && /^(0|[1-9]\d*)$/.test(key)) {
        const i = Number(key);
        return i < length ? at(i) : undefined;
      }
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

class SortedIndex {
  private readonly entries: Entry[];

  constructor(
    readonly fields: string[],
    documents: Iterable<IndexedDocument>,
  ) {
    this.entries = sortedEntries(Array.from(documents, (document) => entryOf(fields, document)));
  }

  /** The committed documents in the range (from `from` on), in index order. */
  range(range: IndexRange, from: PageStart | null): IndexedDocument[] {
    const { start, end } = this.bounds(range, from);
    const documents: IndexedDocument[] = new Array(end - start);
    for (let i = start; i < end; i++) documents[i - start] = this.entries[i]!.document;
    return documents;
  }

  /**
   * The same without copying: a read-only view over the index as it is now, in the read's
   * order. Valid only until the index next changes, so it is for a reader that is done
   * before then (a page: convex-test reads the first page-size rows of it synchronously).
   */
  view(range: IndexRange, from: PageStart | null, desc: boolean): readonly IndexedDocument[] {
    const { start, end } = this.bounds(range, from);
    const entries = this.entries;
    return arrayView(end - start, desc ? (i) => entries[end - 1 - i]!.document : (i) => entries[start + i]!.document);
  }

  private bounds(range: IndexRange, from: PageStart | null): { start: number; end: number } {
    let start = rangeBound(this.entries, range, -1);
    let end = rangeBound(this.entries, range, 0);
    if (from?.order === "asc") start = Math.max(start, lowerBound(this.entries, from.key));
    if (from?.order === "desc") end = Math.min(end, lowerBound(this.entries, from.key, true));
    return { start, end: Math.max(start, end) };
  }

  /** Appends every document of the index to `documents`, in index order. */
  documentsInOrder(documents: IndexedDocument[]): void {
    for (const entry of this.entries) documents.push(entry.document);
  }

  insert(document: IndexedDocument): void {
    const entry = entryOf(this.fields, document);
    this.entries.splice(lowerBound(this.entries, entry.key), 0, entry);
  }

  /**
   * Reads the range one document at a time, in index order or reversed. Each step finds its
   * place again from the last key read, so changes elsewhere in the index between steps (the
   * array shifting) do not throw it off; a change inside the range is the reader's to notice.
   */
  reader(range: IndexRange, desc: boolean): () => IndexedDocument | null {
    let last: IndexKey | null = null;
    return () => {
      const entries = this.entries;
      const at = desc
        ? (last === null ? rangeBound(entries, range, 0) : lowerBound(entries, last)) - 1
        : last === null
          ? rangeBound(entries, range, -1)
          : lowerBound(entries, last, true);
      const entry = entries[at];
      if (entry === undefined || positionOf(range, entry.key) !== 0) return null;
      last = entry.key;
      return entry.document;
    };
  }

  /** A document changed without moving in this index: its entry is swapped in place. */
  replace(before: IndexedDocument, after: IndexedDocument): boolean {
    const entry = entryOf(this.fields, after);
    if (compareKeys(keyOf(this.fields, before), entry.key) !== 0) return false;
    const at = lowerBound(this.entries, entry.key);
    if (this.entries[at]?.document._id !== before._id) {
      throw new Error(`local backend: index out of step with the data (${before._id})`);
    }
    this.entries[at] = entry;
    return true;
  }

  remove(document: IndexedDocument): void {
    const at = lowerBound(this.entries, keyOf(this.fields, document));
    if (this.entries[at]?.document._id !== document._id) {
      throw new Error(`local backend: index out of step with the data (${document._id})`);
    }
    this.entries.splice(at, 1);
  }
}

export class DocumentIndexes {
  /** Ids of each table's committed documents; null until a query needs them. */
  private tables: Map<string, TableIds> | null = null;
  /** Built indexes: table → index name → index. */
  private readonly indexes = new Map<string, Map<string, SortedIndex>>();

  constructor(
    private readonly committed: () => ReadonlyMap<string, IndexedDocument>,
    private readonly schemaTables: SchemaTables | undefined,
  ) {}

  /** The fields of an index, `_creationTime` and `_id` included; undefined for an unknown index. */
  fieldsOf(table: string, indexName: string): string[] | undefined {
    if (indexName === "by_creation_time") return ["_creationTime", "_id"];
    if (indexName === "by_id") return ["_id"];
    const index = this.schemaTables?.get(table)?.indexes.find(({ indexDescriptor }) => indexDescriptor === indexName);
    return index === undefined ? undefined : [...index.fields, "_creationTime", "_id"];
  }

  /** Whether no table holds a committed document. */
  isEmpty(): boolean {
    for (const ids of this.tableIds().values()) if (ids.size > 0) return false;
    return true;
  }

  /** Ids of a table's committed documents. */
  idsOf(table: string): Iterable<string> {
    return this.tableIds().get(table) ?? [];
  }

  /** The committed documents of `table` in `range` of the index `indexName`, in index order. */
  range(table: string, indexName: string, range: IndexRange, from: PageStart | null = null): IndexedDocument[] {
    return this.index(table, indexName, range.fields).range(range, from);
  }

  /** The same as a view, in the read's order (see SortedIndex.view). */
  view(table: string, indexName: string, range: IndexRange, from: PageStart | null, desc: boolean): readonly IndexedDocument[] {
    return this.index(table, indexName, range.fields).view(range, from, desc);
  }

  /** The committed documents of `table` in `range`, read one at a time (see SortedIndex.reader). */
  reader(table: string, indexName: string, range: IndexRange, desc: boolean): () => IndexedDocument | null {
    return this.index(table, indexName, range.fields).reader(range, desc);
  }

  private index(table: string, indexName: string, fields: string[]): SortedIndex {
    let indexes = this.indexes.get(table);
    if (indexes === undefined) this.indexes.set(table, (indexes = new Map()));
    let index = indexes.get(indexName);
    if (index === undefined) {
      const documents = this.committed();
      index = new SortedIndex(
        fields,
        [...this.idsOf(table)].map((id) => documents.get(id)!),
      );
      indexes.set(indexName, index);
    }
    return index;
  }

  /**
   * Every committed document, each table's in the order of the first index built on it, if
   * any; null (with a warning) if the indexes do not hold exactly the committed documents.
   */
  documentsInIndexOrder(): IndexedDocument[] | null {
    const committed = this.committed();
    const documents: IndexedDocument[] = [];
    for (const [table, ids] of this.tableIds()) {
      const index = this.indexes.get(table)?.values().next().value;
      if (index !== undefined) index.documentsInOrder(documents);
      else for (const id of ids) documents.push(committed.get(id)!);
    }
    if (documents.length === committed.size) return documents;
    console.warn("local backend: the indexes are out of step with the data; the snapshot is written in the order the documents were filed");
    return null;
  }

  /** Keeps the indexes in step with one committed document going from `before` to `after`. */
  changed(id: string, before: IndexedDocument | null, after: IndexedDocument | null): void {
    if (before === after) return;
    const table = tableOf(id);
    if (this.tables !== null) {
      if (after === null) idsOfTable(this.tables, table).delete(id);
      else if (before === null) idsOfTable(this.tables, table).add(id);
    }
    for (const index of this.indexes.get(table)?.values() ?? []) {
      // Most patches leave most of a table's index keys alone: no need to shift the array twice.
      if (before !== null && after !== null && index.replace(before, after)) continue;
      if (before !== null) index.remove(before);
      if (after !== null) index.insert(after);
    }
  }

  /**
   * Forgets everything; rebuilt from the documents when next needed (after a restore), the
   * table ids from `tables` when the caller has them (the ids of the documents now committed).
   */
  reset(tables: Map<string, TableIds> | null = null): void {
    this.tables = tables;
    this.indexes.clear();
  }

  private tableIds(): Map<string, TableIds> {
    if (this.tables === null) {
      this.tables = new Map();
      for (const id of this.committed().keys()) idsOfTable(this.tables, tableOf(id)).add(id);
    }
    return this.tables;
  }
}
