/**
 * Wraps one convex-test `DatabaseFake` (a component's database) so that
 * - index ranges are read from real indexes (DocumentIndexes) instead of a scan of every
 *   document, and table scans visit only that table; a query stream reads its rows as they
 *   are asked for, and a page from its cursor on;
 * - the query running records what it read (a ReadSet, see `reads`);
 * - the indexes follow every commit.
 * What a query sees is unchanged: the same documents in the same order, its own transaction's
 * pending writes included.
 */
import {
  committedDocuments,
  eagerStream,
  overrideReads,
  pageCursorKey,
  pendingWrites,
  resolveQueryOver,
  schemaTables,
  wrapDatabaseCommit,
  type DatabaseFake,
  type QuerySource,
} from "../convex-test-adapter.ts";
import type { ReadSet } from "../read-set.ts";
import { DocumentIndexes, isInTable, type IndexedDocument, type PageStart } from "./document-indexes.ts";
import { compareKeys, isInRange, keyOf, parseRange, type IndexKey, type IndexRange } from "./index-range.ts";

/** The convex-test database this file wraps (through the adapter's operations). */
export type InstrumentedDatabase = DatabaseFake;

/** A document as the running transaction sees it: its own pending writes first. */
function visible(db: InstrumentedDatabase, id: string): IndexedDocument | null {
  const writes = pendingWrites(db);
  for (let level = writes.length - 1; level >= 0; level--) {
    const write = writes[level]![id];
    if (write !== undefined) return write;
  }
  return committedDocuments(db).get(id) ?? null;
}

/** Ids of `table` the running transaction wrote and has not committed yet. */
function pendingIds(db: InstrumentedDatabase, table: string): Set<string> {
  const ids = new Set<string>();
  for (const writes of pendingWrites(db)) for (const id of Object.keys(writes)) if (isInTable(id, table)) ids.add(id);
  return ids;
}

function sortByKey(documents: IndexedDocument[], fields: string[]): IndexedDocument[] {
  return documents
    .map((document) => ({ key: keyOf(fields, document), document }))
    .sort((a, b) => compareKeys(a.key, b.key))
    .map(({ document }) => document);
}

/**
 * Where reads are recorded: `current()` gives the ReadSet of the transaction running, if any;
 * `check()` runs after each read is recorded and before its documents are handed out (the
 * engine refuses there a read of something changed since the transaction began).
 */
export type ReadRecorder = {
  current: () => ReadSet | undefined;
  check: () => void;
  /** A row the query read and its `.filter` dropped (it counts against the read limits all the same). */
  dropped?: (document: IndexedDocument) => void;
};

/** Records nothing: for a database that is only measured. */
export const NO_READ_RECORDER: ReadRecorder = { current: () => undefined, check: () => {} };

/** `filterFn`, telling `dropped` of each row it refuses. */
function reportingDrops(filterFn: (document: IndexedDocument) => boolean, recorder: ReadRecorder) {
  const dropped = recorder.dropped;
  if (dropped === undefined) return filterFn;
  return (document: IndexedDocument) => {
    if (filterFn(document)) return true;
    dropped(document);
    return false;
  };
}

/** An index range a query source reads, in the query's order. */
type IndexRead = { table: string; indexName: string; range: IndexRange; desc: boolean };

/** What the reads of one instrumented database share: whose database it is, where reads go, its indexes. */
type Scope = { component: string; recorder: ReadRecorder; indexes: DocumentIndexes };

/** Instruments `db` (the database of `component`, "" for the app) and returns its indexes. */
export function instrumentDatabase(component: string, db: InstrumentedDatabase, recorder: ReadRecorder): DocumentIndexes {
  const indexes = new DocumentIndexes(() => committedDocuments(db), schemaTables(db) ?? undefined);
  const scope: Scope = { component, recorder, indexes };
  /**
   * The page being read, between `paginate` and the resolution of its source inside it (both
   * synchronous, so no other transaction's read comes between): its cursor, if any.
   */
  let page: { cursor: IndexKey | null } | null = null;

  overrideReads(db, {
    get: (_db, get, tableName, id) => {
      recorder.current()?.addDocument(component, id);
      recorder.check();
      return get(tableName, id);
    },
    // Table scans (search, vector search): the table's documents only.
    iterateDocs: (db, _iterateDocs, tableName, callback) => {
      recorder.current()?.addTable(component, tableName);
      recorder.check();
      const ids = new Set([...indexes.idsOf(tableName), ...pendingIds(db, tableName)]);
      for (const id of ids) {
        const document = visible(db, id);
        if (document !== null) callback(document);
      }
    },
    paginate: (_db, paginate, request) => {
      page = { cursor: pageCursorKey(request.cursor) };
      try {
        return paginate(request);
      } finally {
        page = null;
      }
    },
    resolveQuerySource: (db, resolveQuerySource, query) => {
      const pageRead = page;
      page = null;
      const read = indexRead(scope, query.source);
      const resolved =
        read === null
          ? resolveQuerySource(query)
          : resolveQueryOver(db, resolveQuerySource, query, inIndexOrder(scope, db, read, pageRead));
      return { ...resolved, filterFn: reportingDrops(resolved.filterFn, recorder) };
    },
    // Rows are read from the index as they are asked for: a `.first()`, or a batch of 100 out
    // of a range of a million, costs what it hands out, not the whole range filtered.
    openStream: (db, resolved, resolveQuerySource, query) => {
      const read = indexRead(scope, query.source);
      if (read === null) return eagerStream(resolved(query));
      const { filterFn, limit } = resolveQueryOver(db, resolveQuerySource, query, []);
      return lazyStream(scope, inIndexOrderLazily(scope, db, read), reportingDrops(filterFn, recorder), limit);
    },
  });

  // A top-level commit moves the pending writes into the committed documents: the indexes follow.
  wrapDatabaseCommit(db, (commit) => {
    const writes = pendingWrites(db);
    const committed = committedDocuments(db);
    const before = writes.length === 1 ? Object.keys(writes[0]!).map((id) => [id, committed.get(id) ?? null] as const) : [];
    commit();
    for (const [id, document] of before) indexes.changed(id, document, committedDocuments(db).get(id) ?? null);
  });
  return indexes;
}

/** A query stream over `rows`: the rows `filterFn` keeps, up to `limit`. */
function lazyStream(
  { recorder }: Scope,
  rows: () => IndexedDocument | null,
  filterFn: (document: IndexedDocument) => boolean,
  limit: number | null,
) {
  let handed = 0;
  return {
    next: () => {
      while (limit === null || handed < limit) {
        // Every row is of the transaction's snapshot: a commit since it began that touched the range stops it here.
        recorder.check();
        const document = rows();
        if (document === null) return null;
        if (filterFn(document)) {
          handed += 1;
          return document;
        }
      }
      return null;
    },
  };
}

/** The index range `source` reads, its read recorded; null for one convex-test answers itself. */
function indexRead({ component, recorder, indexes }: Scope, source: QuerySource): IndexRead | null {
  const desc = source.order === "desc";
  // A full table scan is the table in creation order: the by_creation_time index, whole.
  if (source.type === "FullTableScan") {
    const table = source.tableName as string;
    recorder.current()?.addTable(component, table);
    recorder.check();
    return { table, indexName: "by_creation_time", range: parseRange(indexes.fieldsOf(table, "by_creation_time")!, [])!, desc };
  }
  if (source.type !== "IndexRange") return null;
  const [table = "", indexName = ""] = source.indexName.split(".");
  const fields = indexes.fieldsOf(table, indexName);
  const range = fields === undefined ? null : parseRange(fields, source.range);
  // An unknown index or a malformed range: convex-test reports the mistake.
  if (range === null) return null;
  recorder.current()?.addRange(component, table, `${indexName}:${JSON.stringify(source.range)}`, range);
  recorder.check();
  return { table, indexName, range, desc };
}

/** The transaction's own writes in the range as they are now, in the read's order, and every id it wrote. */
function pendingInRange(db: InstrumentedDatabase, { table, range, desc }: IndexRead): { ids: Set<string>; documents: IndexedDocument[] } {
  const ids = pendingIds(db, table);
  const documents: IndexedDocument[] = [];
  for (const id of ids) {
    const document = visible(db, id);
    if (document !== null && isInRange(range, document)) documents.push(document);
  }
  const sorted = sortByKey(documents, range.fields);
  return { ids, documents: desc ? sorted.reverse() : sorted };
}

/**
 * The documents of the range as the running transaction sees them, in the query's order;
 * for a page, the committed ones from its cursor on (convex-test skips what comes before),
 * and without a copy when the transaction wrote none of the table: a walk through a range
 * page by page (a migration's batches) then costs its pages, not the rest of the range each.
 */
function inIndexOrder(
  { indexes }: Scope,
  db: InstrumentedDatabase,
  read: IndexRead,
  page: { cursor: IndexKey | null } | null,
): readonly IndexedDocument[] {
  const { range, desc } = read;
  const cursor = page?.cursor;
  const from: PageStart | null = cursor?.length === range.fields.length ? { key: cursor, order: desc ? "desc" : "asc" } : null;
  const pending = pendingInRange(db, read);
  if (page !== null && pending.ids.size === 0) return indexes.view(read.table, read.indexName, range, from, desc);
  const committed = indexes.range(read.table, read.indexName, range, from);
  if (pending.ids.size === 0) return desc ? committed.reverse() : committed;
  const merged = [...committed.filter((document) => !pending.ids.has(document._id)), ...pending.documents];
  const sorted = sortByKey(merged, range.fields);
  return desc ? sorted.reverse() : sorted;
}

/**
 * The same, one document per call (null at the end): the committed ones are read from the
 * index as asked for, merged with the transaction's own writes as they were when it opened.
 */
function inIndexOrderLazily({ indexes }: Scope, db: InstrumentedDatabase, read: IndexRead): () => IndexedDocument | null {
  const committed = indexes.reader(read.table, read.indexName, read.range, read.desc);
  const pending = pendingInRange(db, read);
  const nextCommitted = () => {
    for (;;) {
      const document = committed();
      if (document === null || !pending.ids.has(document._id)) return document;
    }
  };
  const direction = read.desc ? -1 : 1;
  const before = (a: IndexedDocument, b: IndexedDocument) =>
    direction * compareKeys(keyOf(read.range.fields, a), keyOf(read.range.fields, b)) < 0;
  let ahead = nextCommitted();
  let at = 0;
  return () => {
    const own = pending.documents[at];
    if (own !== undefined && (ahead === null || before(own, ahead))) {
      at += 1;
      return own;
    }
    const document = ahead;
    if (document !== null) ahead = nextCommitted();
    return document;
  };
}
