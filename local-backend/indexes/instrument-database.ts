/**
 * Wraps one convex-test `DatabaseFake` (a component's database) so that
 * - index ranges are read from real indexes (DocumentIndexes) instead of a scan of every
 *   document, and table scans visit only that table;
 * - the query running records what it read (a ReadSet, see `reads`);
 * - the indexes follow every commit.
 * What a query sees is unchanged: the same documents in the same order, its own transaction's
 * pending writes included.
 */
import {
  committedDocuments,
  overrideReads,
  pageCursorKey,
  pendingWrites,
  resolveQueryOver,
  schemaTables,
  wrapDatabaseCommit,
  type DatabaseFake,
} from "../engine/convex-test-adapter.ts";
import type { ReadSet } from "../sync/read-set.ts";
import { DocumentIndexes, isInTable, type IndexedDocument, type PageStart } from "./document-indexes.ts";
import type { IndexKey } from "./index-range.ts";
import { compareKeys, isInRange, keyOf, parseRange, type IndexRange } from "./index-range.ts";

/** The convex-test database this file wraps (through the adapter's operations). */
export type InstrumentedDatabase = DatabaseFake;

/** A document as the running transaction sees it: its own pending writes first. */
function visible(db: InstrumentedDatabase, id: string): IndexedDocument | null {
  const writes = pendingWrites(db);
  for (let level = writes.length - 1; level >= 0; level--) {
    const write = writes[level]![id];
    if (write !== undefined) return write;
  }
  return committedDocuments(db)[id] ?? null;
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
export type ReadRecorder = { current: () => ReadSet | undefined; check: () => void };

/** Records nothing: for a database that is only measured. */
export const NO_READ_RECORDER: ReadRecorder = { current: () => undefined, check: () => {} };

/** Instruments `db` (the database of `component`, "" for the app) and returns its indexes. */
export function instrumentDatabase(component: string, db: InstrumentedDatabase, recorder: ReadRecorder): DocumentIndexes {
  const reads = recorder.current;
  const indexes = new DocumentIndexes(() => committedDocuments(db), schemaTables(db) ?? undefined);
  /**
   * The cursor of the page being read, between `paginate` and the resolution of its source
   * inside it (both synchronous, so no other transaction's read comes between).
   */
  let pageCursor: IndexKey | null = null;

  overrideReads(db, {
    get: (_db, get, tableName, id) => {
      reads()?.addDocument(component, id);
      recorder.check();
      return get(tableName, id);
    },
    // Table scans (FullTableScan, search, vector search): the table's documents only.
    iterateDocs: (db, _iterateDocs, tableName, callback) => {
      reads()?.addTable(component, tableName);
      recorder.check();
      const ids = new Set([...indexes.idsOf(tableName), ...pendingIds(db, tableName)]);
      for (const id of ids) {
        const document = visible(db, id);
        if (document !== null) callback(document);
      }
    },
    paginate: (_db, paginate, request) => {
      pageCursor = pageCursorKey(request.cursor);
      try {
        return paginate(request);
      } finally {
        pageCursor = null;
      }
    },
    resolveQuerySource: (db, resolveQuerySource, query) => {
      const { source } = query;
      const cursor = pageCursor;
      pageCursor = null;
      // A full table scan is the table in creation order: the by_creation_time index, whole.
      if (source.type === "FullTableScan") {
        const table = source.tableName as string;
        reads()?.addTable(component, table);
        recorder.check();
        const range = parseRange(indexes.fieldsOf(table, "by_creation_time")!, [])!;
        return resolveQueryOver(db, resolveQuerySource, query, inIndexOrder(db, table, "by_creation_time", range, source.order, cursor));
      }
      if (source.type !== "IndexRange") return resolveQuerySource(query);
      const [table = "", indexName = ""] = source.indexName.split(".");
      const fields = indexes.fieldsOf(table, indexName);
      const range = fields === undefined ? null : parseRange(fields, source.range);
      // An unknown index or a malformed range: convex-test reports the mistake.
      if (range === null) return resolveQuerySource(query);
      reads()?.addRange(component, table, `${indexName}:${JSON.stringify(source.range)}`, range);
      recorder.check();
      return resolveQueryOver(db, resolveQuerySource, query, inIndexOrder(db, table, indexName, range, source.order, cursor));
    },
  });

  /**
   * The documents of the range as the running transaction sees them, in the query's order;
   * for a page, the committed ones from its cursor on (convex-test skips what comes before).
   */
  function inIndexOrder(
    db: InstrumentedDatabase,
    table: string,
    indexName: string,
    range: IndexRange,
    order: unknown,
    cursor: IndexKey | null,
  ): IndexedDocument[] {
    const from: PageStart | null =
      cursor?.length === range.fields.length ? { key: cursor, order: order === "desc" ? "desc" : "asc" } : null;
    let documents = indexes.range(table, indexName, range, from);
    const pending = pendingIds(db, table);
    if (pending.size > 0) {
      documents = documents.filter((document) => !pending.has(document._id));
      for (const id of pending) {
        const document = visible(db, id);
        if (document !== null && isInRange(range, document)) documents.push(document);
      }
      documents = sortByKey(documents, range.fields);
    }
    return order === "desc" ? documents.reverse() : documents;
  }

  // A top-level commit moves the pending writes into the committed documents: the indexes follow.
  wrapDatabaseCommit(db, (commit) => {
    const writes = pendingWrites(db);
    const committed = committedDocuments(db);
    const before = writes.length === 1 ? Object.keys(writes[0]!).map((id) => [id, committed[id] ?? null] as const) : [];
    commit();
    for (const [id, document] of before) indexes.changed(id, document, committedDocuments(db)[id] ?? null);
  });
  return indexes;
}
