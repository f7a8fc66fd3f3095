/**
 * Real indexes over one component's committed documents. convex-test answers every query by
 * scanning every document of the component; with these, an index range costs what it
 * returns, and a table scan what the table holds, so a support costs the same with 1,000 or
 * 50,000 events. Each index is a sorted array built the first time a query uses it and kept
 * in step with every change to the committed documents afterwards (`changed`).
 */
import type { Value } from "convex/values";
import { DocumentsById } from "../documents-by-id.ts";
import { tableOf as tableOfId } from "../ids/table-numbers.ts";
import type { IndexOrders, TakenIndexOrder } from "../storage/index-orders.ts";
import { compareKeys, compareValue, isUtf16Ordered, keyOf, positionOf, valueOf, type IndexKey, type IndexRange } from "./index-range.ts";
import { idsOfTable, type TableIds } from "./table-ids.ts";

export type IndexedDocument = { _id: string; _creationTime: number } & Record<string, Value>;

/** The table of a stored document's id (database/ids/table-numbers.ts); "" for none. */
export function tableOf(id: string): string {
  return tableOfId(id) ?? "";
}

/** `tableOf(id) === table`; queries inside large transactions ask often. */
export function isInTable(id: string, table: string): boolean {
  return tableOfId(id) === table;
}

/** A document's key while an index is sorted; `utf16Ordered`: its strings need no check when compared (see compareValue). */
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
 * Whether a Map tells `value` apart from other values as Convex orders them: not objects,
 * arrays or bytes (equal ones are not one key), not 0 or -0 (one key, two places), not NaN.
 */
function isGroupKey(value: Value | undefined): boolean {
  return !((typeof value === "object" && value !== null) || value === 0 || Number.isNaN(value));
}

/**
 * Whether `documents` are grouped as an index keeps them: first values in order, each first
 * value's documents together. Returns the first values whose documents are not in key order
 * among themselves, or null when the documents are not grouped so (or one is there twice in a
 * row). One comparison a document, no key kept. A first value that is not a group key (see
 * isGroupKey) passes only in strict key order.
 */
function groupsOutOfOrder(fields: string[], documents: readonly IndexedDocument[]): Set<Value | undefined> | null {
  const unsorted = new Set<Value | undefined>();
  let ambiguous = false;
  let previous: IndexKey | null = null;
  for (const document of documents) {
    const key = keyOf(fields, document);
    const first = key[0];
    if (!isGroupKey(first)) ambiguous = true;
    if (previous !== null) {
      const firstOrder = compareValue(previous[0], first);
      if (firstOrder > 0) return null;
      if (firstOrder === 0) {
        const order = compareKeys(previous, key);
        if (order === 0) return null;
        if (order > 0) unsorted.add(first);
      }
    }
    previous = key;
  }
  return ambiguous && unsorted.size > 0 ? null : unsorted;
}

/** The documents sorted by whole keys (each key's strings checked once, see compareEntries). */
function sortedByKeys(fields: string[], documents: readonly IndexedDocument[]): IndexedDocument[] {
  return documents
    .map((document) => entryOf(fields, document))
    .sort(compareEntries)
    .map(({ document }) => document);
}

/**
 * The documents grouped by their first value, the groups in key order, each group's documents
 * in no particular order yet; the first values of the groups of more than one. Null when a
 * first value is not a group key (see isGroupKey).
 */
function groupedByFirstValue(
  fields: string[],
  documents: readonly IndexedDocument[],
): { grouped: IndexedDocument[]; unsorted: Set<Value | undefined> } | null {
  const groups = new Map<Value | undefined, IndexedDocument[]>();
  for (const document of documents) {
    const first = valueOf(fields[0]!, document);
    if (!isGroupKey(first)) return null;
    let group = groups.get(first);
    if (group === undefined) groups.set(first, (group = []));
    group.push(document);
  }
  // Array.prototype.sort puts undefined last without asking the comparator; Convex orders it first.
  const firsts: (Value | undefined)[] = [...groups.keys()].filter((first) => first !== undefined).sort((a, b) => compareValue(a, b));
  if (groups.has(undefined)) firsts.unshift(undefined);
  const grouped: IndexedDocument[] = [];
  const unsorted = new Set<Value | undefined>();
  for (const first of firsts) {
    const group = groups.get(first)!;
    if (group.length > 1) unsorted.add(first);
    for (const document of group) grouped.push(document);
  }
  return { grouped, unsorted };
}

/** The first position in [0, length) that `isBefore` is false for (binary search: true up to some position, false after). */
function firstPositionNotBefore(length: number, isBefore: (position: number) => boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (isBefore(middle)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** First position whose document's key is not before `key`; with `after`, the first one past it. */
function lowerBound(fields: string[], documents: readonly IndexedDocument[], key: IndexKey, after = false): number {
  const before = after ? 0 : -1;
  return firstPositionNotBefore(documents.length, (i) => compareKeys(keyOf(fields, documents[i]!), key) <= before);
}

/**
 * Where a page starts: the key its cursor names, in the order it reads the index. Entries
 * before it are left out (the page reader skips up to the cursor itself), so each page of a
 * long walk costs what remains of the range, not the whole range again.
 */
export type PageStart = { key: IndexKey; order: "asc" | "desc" };

/** First position whose document is at or after `side` of the range (-1: its start, 0: past its end). */
function rangeBound(documents: readonly IndexedDocument[], range: IndexRange, side: -1 | 0): number {
  return firstPositionNotBefore(documents.length, (i) => positionOf(range, keyOf(range.fields, documents[i]!)) <= side);
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

/**
 * One index: the table's documents in key order (keys are computed when compared, never kept).
 * Built from documents out of order, it groups them by first value and sorts a group only when
 * a read or a write first reaches it: the first search by name on 1.2 million name rows sorts
 * the ~600 rows of its gram, not all ~2,000 grams (seconds). A binary search stays right
 * meanwhile: outside the group it looks for, the first value alone decides.
 */
class SortedIndex {
  private readonly documents: IndexedDocument[];
  /** First values whose documents are together but not yet in order among themselves. */
  private readonly unsorted: Set<Value | undefined>;

  /**
   * `documents`: the table's, in any order; grouped already (an index's saved order), they are
   * checked, not grouped again. `unsorted`: they are known to be grouped, with these groups out of order.
   */
  constructor(
    readonly fields: string[],
    documents: IndexedDocument[],
    unsorted = groupsOutOfOrder(fields, documents),
  ) {
    const grouped = unsorted !== null ? { grouped: documents, unsorted } : groupedByFirstValue(fields, documents);
    this.documents = grouped?.grouped ?? sortedByKeys(fields, documents);
    this.unsorted = grouped?.unsorted ?? new Set();
  }

  /** Sorts the group of documents whose first value is `first`, if it is not yet. */
  private sortGroup(first: Value | undefined): void {
    if (!this.unsorted.delete(first)) return;
    const start = this.firstValueBound(first, false);
    const end = this.firstValueBound(first, true);
    const sorted = sortedByKeys(this.fields, this.documents.slice(start, end));
    for (let i = 0; i < sorted.length; i++) this.documents[start + i] = sorted[i]!;
  }

  /** First position whose first value is not before `first` (with `after`, past it). */
  private firstValueBound(first: Value | undefined, after: boolean): number {
    const before = after ? 0 : -1;
    const field = this.fields[0]!;
    return firstPositionNotBefore(this.documents.length, (i) => compareValue(valueOf(field, this.documents[i]!), first) <= before);
  }

  /** Sorts the groups a read of `range` reaches: one for an equality on the first field, else all. */
  private prepare(range: IndexRange): void {
    if (this.unsorted.size === 0) return;
    if (range.equal.length > 0) this.sortGroup(range.equal[0]);
    else for (const first of [...this.unsorted]) this.sortGroup(first);
  }

  /** The committed documents in the range (from `from` on), in index order. */
  range(range: IndexRange, from: PageStart | null): IndexedDocument[] {
    const { start, end } = this.bounds(range, from);
    return this.documents.slice(start, end);
  }

  /**
   * The same without copying: a read-only view over the index as it is now, in the read's
   * order. Valid only until the index next changes, so it is for a reader that is done
   * before then (a page: convex-test reads the first page-size rows of it synchronously).
   */
  view(range: IndexRange, from: PageStart | null, desc: boolean): readonly IndexedDocument[] {
    const { start, end } = this.bounds(range, from);
    const documents = this.documents;
    return arrayView(end - start, desc ? (i) => documents[end - 1 - i]! : (i) => documents[start + i]!);
  }

  private bounds(range: IndexRange, from: PageStart | null): { start: number; end: number } {
    this.prepare(range);
    let start = rangeBound(this.documents, range, -1);
    let end = rangeBound(this.documents, range, 0);
    if (from?.order === "asc") start = Math.max(start, lowerBound(this.fields, this.documents, from.key));
    if (from?.order === "desc") end = Math.min(end, lowerBound(this.fields, this.documents, from.key, true));
    return { start, end: Math.max(start, end) };
  }

  /** Every document of the index, grouped by first value, in index order but in groups not sorted yet (the index's own array: not to be changed). */
  inOrder(): readonly IndexedDocument[] {
    return this.documents;
  }

  /** Into a group not sorted yet, anywhere in it: the group is sorted when first reached. */
  insert(document: IndexedDocument): void {
    this.documents.splice(lowerBound(this.fields, this.documents, keyOf(this.fields, document)), 0, document);
  }

  /**
   * Reads the range one document at a time, in index order or reversed. Each step finds its
   * place again from the last key read, so changes elsewhere in the index between steps (the
   * array shifting) do not throw it off; a change inside the range is the reader's to notice.
   */
  reader(range: IndexRange, desc: boolean): () => IndexedDocument | null {
    let last: IndexKey | null = null;
    return () => {
      this.prepare(range);
      const documents = this.documents;
      const at = desc
        ? (last === null ? rangeBound(documents, range, 0) : lowerBound(this.fields, documents, last)) - 1
        : last === null
          ? rangeBound(documents, range, -1)
          : lowerBound(this.fields, documents, last, true);
      const document = documents[at];
      if (document === undefined) return null;
      const key = keyOf(this.fields, document);
      if (positionOf(range, key) !== 0) return null;
      last = key;
      return document;
    };
  }

  /** A document changed without moving in this index: it is swapped in place. */
  replace(before: IndexedDocument, after: IndexedDocument): boolean {
    const key = keyOf(this.fields, after);
    if (compareKeys(keyOf(this.fields, before), key) !== 0) return false;
    this.documents[this.positionOf(before, key)] = after;
    return true;
  }

  remove(document: IndexedDocument): void {
    this.documents.splice(this.positionOf(document, keyOf(this.fields, document)), 1);
  }

  /** Where `document` (whose key is `key`) is in the index (its group sorted first); throws when it is not there. */
  private positionOf(document: IndexedDocument, key: IndexKey): number {
    this.sortGroup(key[0]);
    const at = lowerBound(this.fields, this.documents, key);
    if (this.documents[at]?._id !== document._id) {
      throw new Error(`local backend: index out of step with the data (${document._id})`);
    }
    return at;
  }
}

export class DocumentIndexes {
  /** Ids of each table's committed documents; null until a query needs them. */
  private tables: Map<string, TableIds> | null = null;
  /** Built indexes: table → index name → index. */
  private readonly indexes = new Map<string, Map<string, SortedIndex>>();
  /**
   * Orders of indexes not built yet, as a saved state had them (index-orders.ts): a table's
   * documents in an index's order, checked when that index is built. Dropped when the table changes.
   */
  private orders: IndexOrders = new Map();

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
      const saved = this.savedOrder(table, indexName, fields);
      index = saved !== null ? new SortedIndex(fields, saved.documents, saved.unsorted) : new SortedIndex(fields, this.documentsOf(table));
      indexes.set(indexName, index);
    }
    return index;
  }

  /** The table's committed documents; those of a table not filed by id yet as they were saved (filing them would cost ~1 µs each). */
  private documentsOf(table: string): IndexedDocument[] {
    const documents = this.committed();
    const unfiled = documents instanceof DocumentsById ? documents.unfiledDocuments(table) : undefined;
    if (unfiled !== undefined && unfiled.length === (this.tableIds().get(table)?.size ?? 0)) return [...unfiled];
    return Array.from(this.idsOf(table), (id) => documents.get(id)!);
  }

  /**
   * The table's documents in the order a saved state gave for the index, if they are grouped as
   * the index keeps them (its groups out of order with them) and are as many documents of the
   * table as it has, each once (index-orders.ts refuses a position given twice); consumed.
   */
  private savedOrder(
    table: string,
    indexName: string,
    fields: string[],
  ): { documents: IndexedDocument[]; unsorted: Set<Value | undefined> } | null {
    const documents = this.orders.get(table)?.get(indexName) as IndexedDocument[] | undefined;
    if (documents === undefined) return null;
    this.orders.get(table)!.delete(indexName);
    const size = this.tableIds().get(table)?.size ?? 0;
    if (documents.length !== size || !documents.every((document) => isInTable(document._id, table))) return null;
    const unsorted = groupsOutOfOrder(fields, documents);
    return unsorted === null ? null : { documents, unsorted };
  }

  /** Each index's documents in its order, built or still as saved, to save beside the documents. */
  takenOrders(): TakenIndexOrder[] {
    const taken: TakenIndexOrder[] = [];
    for (const [table, indexes] of this.indexes) {
      for (const [index, built] of indexes) taken.push({ table, index, documents: built.inOrder().slice() });
    }
    for (const [table, indexes] of this.orders) {
      for (const [index, documents] of indexes) {
        if (this.indexes.get(table)?.has(index) !== true) taken.push({ table, index, documents: documents.slice() });
      }
    }
    return taken;
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
      if (index !== undefined) for (const document of index.inOrder()) documents.push(document);
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
    if (this.orders.size > 0) this.orders.delete(table);
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
   * table ids from `tables` when the caller has them (the ids of the documents now committed),
   * each index from its saved order in `orders` if there is one.
   */
  reset(tables: Map<string, TableIds> | null = null, orders: IndexOrders = new Map()): void {
    this.tables = tables;
    this.orders = orders;
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
