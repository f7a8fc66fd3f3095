/**
 * The database part of the engine, over every component's convex-test database at once ("" is
 * the app): commits and their listeners, the write log that tells a query whether it must run
 * again, what changed since the last save (to journal it or undo it), and snapshots. Runs no
 * function; the application part (functions/function-runner.ts) does, and keeps the exactly-once request log this
 * state saves alongside the documents.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { convexToJson, getDocumentSize, jsonToConvex, type JSONValue, type Value } from "convex/values";
import { tableOf, type DocumentIndexes } from "./indexes/document-indexes.ts";
import { idsOfTable, type TableIds } from "./indexes/table-ids.ts";
import { instrumentDatabase } from "./indexes/instrument-database.ts";
import { DocumentsById } from "./documents-by-id.ts";
import { indexOrdersFrom, indexOrdersTaken, type IndexOrders, type TakenIndexOrder } from "./storage/index-orders.ts";
import type {
  ChangeRecord,
  ComponentSnapshot,
  DatabaseSnapshot,
  TakenComponent,
  TakenSnapshot,
  UndoRecord,
} from "./storage/saved-state.ts";
import { ReadSet, type WrittenDocument } from "./read-set.ts";
import { TransactionMeter, type TransactionUsage } from "./limits/transaction-meter.ts";
import { checkDocumentLimits } from "./limits/value-limits.ts";
import type { RequestLog } from "./request-log.ts";
import {
  allowConcurrentTransactions,
  checkWritesWith,
  committedDocuments,
  countTransactionsWith,
  idCounters,
  lastCommitTs,
  pendingWrites,
  replaceCommittedDocuments,
  setCommittedDocument,
  setIdCounters,
  setLastCommitTs,
  wrapCommit,
  type ConcurrentTransactions,
  type ConvexGlobal,
  type DatabaseFake,
  type Document,
} from "./convex-test-adapter.ts";
import { WriteConflict, withConflictRetries, type Attempt, type ConflictListener } from "./write-conflicts.ts";

/**
 * How many commits' written documents are kept to decide whether a query must run again or a
 * transaction conflicts, and how many documents at most: each entry holds a document's version
 * before and after, so a migration patching a million rows in batches would otherwise keep the
 * whole table's old versions alive. A read older than the log runs again (or retries).
 */
const WRITE_LOG_LENGTH = 10_000;
const WRITE_LOG_DOCUMENTS = 50_000;

/** What the database keeps about a top-level transaction while it runs. */
type TransactionState = {
  /** What it read so far (its writes count too: a write reads the document first). */
  reads: ReadSet;
  /** The commit count when it began: its reads are of that commit or later ones. */
  beganAt: number;
  /** The rollbacks so far when it began: one since means it may have read undone commits. */
  rollbacks: number;
  /** Its function's name, for conflict messages ("supports:support"), or null when unknown. */
  label: { name: string } | null;
  /** The attempt it is part of (Database.transaction), told of its conflict. */
  attempt: Attempt | null;
  /** What it used of Convex's per-transaction limits (refused past one). */
  meter: TransactionMeter;
};

/** Told as each top-level transaction ends (committed or not): its function's name and what it used. */
export type UsageListener = (name: string | null, usage: TransactionUsage) => void;

/**
 * Whether `json` is its own Convex value: no `$`-keyed object (an int64, bytes or a special
 * float in Convex's JSON) anywhere in it. Most documents are, and are then taken as parsed
 * instead of copied: a 50,000-event folder holds over a million of them. A document that is
 * already a Convex value (a taken snapshot's) always is: Convex field names never start with `$`.
 */
function isPlainJson(json: JSONValue): boolean {
  if (typeof json !== "object" || json === null) return true;
  if (Array.isArray(json)) return json.every(isPlainJson);
  for (const key in json) if (key.startsWith("$") || !isPlainJson(json[key]!)) return false;
  return true;
}

/**
 * The saved documents by id (filed a table at a time when first needed, see DocumentsById), in
 * their saved order (as Convex values), and their ids by table (what the indexes would
 * otherwise list every key for).
 */
function documentsFrom(saved: readonly (JSONValue | Value)[]): {
  documents: DocumentsById;
  inSavedOrder: Document[];
  tables: Map<string, TableIds>;
} {
  const byTable = new Map<string, Document[]>();
  const inSavedOrder: Document[] = new Array(saved.length);
  const tables = new Map<string, TableIds>();
  // A snapshot lists each table's documents together: the table's lists are looked up once a run.
  let table: string | null = null;
  let ofTable: Document[] = [];
  let ids: TableIds | null = null;
  for (let i = 0; i < saved.length; i++) {
    const json = saved[i]!;
    const document = (isPlainJson(json as JSONValue) ? json : jsonToConvex(json as JSONValue)) as Document;
    inSavedOrder[i] = document;
    const documentTable = tableOf(document._id);
    if (documentTable !== table) {
      table = documentTable;
      ofTable = byTable.get(table) ?? [];
      byTable.set(table, ofTable);
      ids = idsOfTable(tables, table);
    }
    ofTable.push(document);
    ids!.add(document._id);
  }
  return { documents: new DocumentsById(byTable), inSavedOrder, tables };
}

/**
 * A component's committed documents as they are now (references: a commit replaces a document,
 * never changes it), each table's in the order of an index built on it when there is one, and
 * the order of every index: the next start checks those orders instead of sorting again.
 */
function takeComponent(db: DatabaseFake, indexes: DocumentIndexes | undefined): TakenComponent {
  return {
    ...idCounters(db),
    documents: indexes?.documentsInIndexOrder() ?? [...committedDocuments(db).values()],
    indexOrders: indexes?.takenOrders() ?? [],
  };
}

/** Loads a component's saved (or taken) state; returns its ids by table and the orders of its indexes. */
function loadComponent(
  db: DatabaseFake,
  saved: ComponentSnapshot | TakenComponent,
): { tables: Map<string, TableIds>; orders: IndexOrders } {
  const { documents, inSavedOrder, tables } = documentsFrom(saved.documents);
  replaceCommittedDocuments(db, documents);
  setIdCounters(db, saved);
  const orders = Array.isArray(saved.indexOrders)
    ? indexOrdersTaken(saved.indexOrders as readonly TakenIndexOrder[])
    : indexOrdersFrom(saved.indexOrders, inSavedOrder);
  return { tables, orders };
}

/** Told of each top-level commit: its timestamp, the documents it wrote and what it read (null when not known). */
export type CommitListener = (ts: bigint, written: WrittenDocument[] | null, reads: ReadSet | null) => void;

export class Database {
  /** Number of top-level commits so far; the writer saves up to a count. */
  commitCount = 0;
  /** Counts rollbacks of unsaved commits: a read taken before one may hold what was undone. */
  rollbacks = 0;
  /** The read set a transaction started inside records into (a query's, to know when to re-run it). */
  readonly readSetContext = new AsyncLocalStorage<ReadSet>();
  /** The name of the function running, for conflict messages and the observers. */
  readonly labelContext = new AsyncLocalStorage<{ name: string }>();
  private readonly attemptContext = new AsyncLocalStorage<Attempt>();
  private readonly commitListeners = new Set<CommitListener>();
  private readonly conflictListeners = new Set<ConflictListener>();
  private readonly usageListeners = new Set<UsageListener>();
  /** Documents each recent commit wrote, oldest first: [commit count after it, documents, its function]. */
  private readonly writeLog: [number, WrittenDocument[], string | null][] = [];
  /** Documents in the write log's entries but the newest (whose list is still being filled). */
  private writeLogDocuments = 0;
  private transactions!: ConcurrentTransactions<TransactionState>;
  /** Each component's indexes, by component path. */
  private indexes = new Map<string, DocumentIndexes>();
  /** What changed since the last `takeChanges`: the state before, to undo it or journal it. */
  private unsaved: UndoRecord | null = null;
  private global!: ConvexGlobal;

  constructor(private readonly requests: RequestLog) {}

  /**
   * Serves from `global` (a new instance, before its data is restored): lets its transactions
   * run concurrently (each in a line of its own, see `transaction`), gives every component's
   * database real indexes and read sets (instrument-database.ts), and watches its commits:
   * a top-level commit whose reads a commit since its beginning wrote fails with a
   * WriteConflict instead, as Convex's optimistic concurrency control has it.
   */
  attach(global: ConvexGlobal): void {
    this.global = global;
    this.transactions = allowConcurrentTransactions(
      global,
      () => this.beginTransaction(),
      (jsonArgs, run) => this.actionTransaction(jsonArgs, run),
      (state) => this.transactionEnded(state),
    );
    // Convex's limits, counted where reads, writes and scheduled jobs are served (database/limits/).
    const meter = () => this.transactions.current()?.meter ?? null;
    countTransactionsWith(global, meter);
    for (const { db } of Object.values(global.components)) {
      // System tables (scheduled jobs, files) have Convex's larger system limits.
      checkWritesWith(db, (table, fields) => (table.startsWith("_") ? undefined : checkDocumentLimits(fields)));
    }
    const recorder = {
      dropped: (document: Document) => meter()?.documentRead(getDocumentSize(document)),
      current: () => this.transactions.current()?.reads,
      // A read of something changed since the transaction began would not be of its snapshot:
      // the transaction stops there and runs again, as it would fail at its commit anyway.
      check: () => {
        const state = this.transactions.current();
        if (state !== null) this.checkConflicts(state);
      },
    };
    this.indexes = new Map(
      Object.entries(global.components).map(([component, { db }]) => [component, instrumentDatabase(component, db, recorder)]),
    );
    wrapCommit(global, (isNested, commit) => {
      const state = isNested ? null : this.transactions.current();
      // A transaction that went over a limit changes nothing, even if its function caught the error.
      if (state?.meter.breach) throw state.meter.breach;
      if (state !== null) this.checkConflicts(state);
      const written = isNested ? null : this.noteWrites(state?.label?.name ?? null);
      const ts = commit();
      // The versions now committed (commit timestamps resolved).
      for (const document of written ?? []) {
        const db = global.components[document.component]?.db;
        document.after = db === undefined ? null : (committedDocuments(db).get(document.id) ?? null);
      }
      if (ts === null) return ts;
      this.commitCount += 1;
      for (const listener of this.commitListeners) listener(ts, written, state?.reads ?? null);
      return ts;
    });
  }

  /**
   * The top-level transaction running here takes its snapshot now, as its function starts
   * (after waiting for a worker): it sees the commits made meanwhile as Convex's transaction,
   * begun after its concurrency permit, would. A transaction that read something already (a
   * scheduled job reads its own job first) moves on too when none of those reads changed
   * since: a snapshot taken now holds the same values. Otherwise it keeps its snapshot, and
   * its conflict stands.
   */
  snapshotNow(): void {
    const state = this.transactions.current();
    if (state === null) return;
    if (!state.reads.isEmpty()) {
      if (state.rollbacks !== this.rollbacks || this.firstWriteTouching(state.beganAt, state.reads) !== null) return;
    }
    state.beganAt = this.commitCount;
    state.rollbacks = this.rollbacks;
  }

  /** Whether the transaction running now met a write conflict (even one its function caught): it will run again. */
  attemptConflicted(): boolean {
    return (this.attemptContext.getStore()?.conflict ?? null) !== null;
  }

  private beginTransaction(): TransactionState {
    return {
      reads: this.readSetContext.getStore() ?? new ReadSet(),
      beganAt: this.commitCount,
      rollbacks: this.rollbacks,
      label: this.labelContext.getStore() ?? null,
      attempt: this.attemptContext.getStore() ?? null,
      meter: new TransactionMeter(),
    };
  }

  private transactionEnded(state: TransactionState): void {
    for (const listener of this.usageListeners) listener(state.label?.name ?? null, state.meter.usage);
  }

  /** Calls `listener` as each top-level transaction ends, with what it used of Convex's limits. */
  onUsage(listener: UsageListener): void {
    this.usageListeners.add(listener);
  }

  /**
   * Throws a WriteConflict when a commit since `state` began wrote something it read, or a
   * rollback undid commits it may have read.
   */
  private checkConflicts(state: TransactionState): void {
    if (state.rollbacks === this.rollbacks && state.beganAt >= this.commitCount) return;
    const touch = state.rollbacks !== this.rollbacks ? "rolled back" : this.firstWriteTouching(state.beganAt, state.reads);
    if (touch === null) return;
    const detail =
      typeof touch === "string"
        ? { table: null, id: null, writer: null, read: null }
        : { table: touch.document.table, id: touch.document.id, writer: touch.writer, read: touch.read };
    const conflict = new WriteConflict(state.label?.name ?? null, detail);
    // Function code sees it as a plain error (syscalls rethrow their own): the attempt keeps it.
    if (state.attempt !== null) state.attempt.conflict ??= conflict;
    throw conflict;
  }

  /**
   * Runs `work` as a top-level transaction in a line of its own, beside every other: a write
   * conflict at its commit runs it again (see withConflictRetries), each time with new reads.
   * `name` labels it for conflict messages and the observers; `work` may set it later.
   */
  transaction<T>(name: string, work: (label: { name: string }) => Promise<T>): Promise<T> {
    return this.attempts(name, (label) => work(label)).then(({ value }) => value);
  }

  /** Runs a query like `transaction` (a read of a snapshot that moved on runs it again); returns what it read. */
  query<T>(name: string, work: () => Promise<T>): Promise<{ value: T; reads: ReadSet }> {
    return this.attempts(name, work);
  }

  private attempts<T>(name: string, work: (label: { name: string }) => Promise<T>): Promise<{ value: T; reads: ReadSet }> {
    const label = { name };
    return withConflictRetries(async (attempt) => {
      const reads = new ReadSet();
      const run = () => this.transactions.run(() => work(label));
      const value = await this.labelContext.run(label, () => this.attemptContext.run(attempt, () => this.readSetContext.run(reads, run)));
      return { value, reads };
    }, this.conflictListeners);
  }

  /** An action's `runMutation`/`runQuery`: its own transaction, retried like a client's mutation. */
  private actionTransaction(jsonArgs: string, run: () => Promise<string>): Promise<string> {
    const name = (JSON.parse(jsonArgs) as { name?: unknown }).name;
    return this.transaction(typeof name === "string" ? name : "action", () => run());
  }

  /** Runs `work` in a line of its own (see allowConcurrentTransactions): its transactions run beside everyone else's. */
  inOwnLine<T>(work: () => Promise<T>): Promise<T> {
    return this.transactions.run(work);
  }

  /** Whether the caller runs inside a transaction (false in an action). */
  inTransaction(): boolean {
    return this.transactions.inTransaction();
  }

  /** Calls `listener` with every write conflict, retried or final. */
  onConflict(listener: ConflictListener): void {
    this.conflictListeners.add(listener);
  }

  /** Timestamp (ns) of the latest commit; 0 for a database nothing was ever written to. */
  get lastCommitTs(): bigint {
    return lastCommitTs(this.global);
  }

  /** Calls `listener` after every top-level commit, in the order listeners were added. */
  onCommit(listener: CommitListener): void {
    this.commitListeners.add(listener);
  }

  private get components(): [string, DatabaseFake][] {
    return Object.entries(this.global.components).map(([path, { db }]) => [path, db]);
  }

  /**
   * Whether a commit after `commit` wrote something `reads` covers (or the log no longer
   * reaches back that far): then a query with those reads must run again.
   */
  wroteSince(commit: number, reads: ReadSet): boolean {
    return this.firstWriteTouching(commit, reads) !== null;
  }

  /** The latest write after `commit` that `reads` covers, or "too old" when the log no longer reaches back that far. */
  private firstWriteTouching(
    commit: number,
    reads: ReadSet,
  ): { document: WrittenDocument; writer: string | null; read: string } | "too old" | null {
    if (commit >= this.commitCount) return null;
    const oldest = this.writeLog[0];
    if (oldest === undefined || oldest[0] > commit + 1) return "too old";
    for (let index = this.writeLog.length - 1; index >= 0; index -= 1) {
      const [seq, written, writer] = this.writeLog[index]!;
      if (seq <= commit) break;
      for (const document of written) {
        const read = reads.readTouchedBy(document);
        if (read !== null) return { document, writer, read };
      }
    }
    return null;
  }

  /**
   * Before a top-level commit applies its writes: keeps what each written document was, for
   * undoing and for the write log (whose `after` the caller fills in once committed).
   */
  private noteWrites(writer: string | null): WrittenDocument[] {
    const written: WrittenDocument[] = [];
    this.writeLogDocuments += this.writeLog.at(-1)?.[1].length ?? 0;
    this.writeLog.push([this.commitCount + 1, written, writer]);
    while (this.writeLog.length > WRITE_LOG_LENGTH || (this.writeLogDocuments > WRITE_LOG_DOCUMENTS && this.writeLog.length > 1)) {
      this.writeLogDocuments -= this.writeLog.shift()![1].length;
    }
    this.unsaved ??= { components: new Map(), lastCommitTs: this.lastCommitTs, commitCount: this.commitCount, requestKeys: [] };
    for (const [componentPath, db] of this.components) {
      const writes = pendingWrites(db).at(-1);
      if (writes === undefined) continue;
      const documents = committedDocuments(db);
      let before = this.unsaved.components.get(componentPath);
      for (const id of Object.keys(writes)) {
        written.push({ component: componentPath, table: tableOf(id), id, before: documents.get(id) ?? null, after: null });
        if (before === undefined) {
          before = { ...idCounters(db), documents: new Map() };
          this.unsaved.components.set(componentPath, before);
        }
        if (!before.documents.has(id)) before.documents.set(id, documents.get(id) ?? null);
      }
    }
    return written;
  }

  /** Records that an exactly-once request was remembered by the commits not saved yet. */
  noteRequest(requestKey: string): void {
    this.unsaved?.requestKeys.push(requestKey);
  }

  /**
   * What changed since the last call, as a journal record, and how to undo it; null when
   * nothing did. Taken synchronously, so it matches the state at this moment exactly.
   */
  takeChanges(): { record: ChangeRecord; undo: UndoRecord } | null {
    const undo = this.unsaved;
    if (undo === null) return null;
    this.unsaved = null;
    const components: ChangeRecord["components"] = {};
    for (const [componentPath, before] of undo.components) {
      const db = this.global.components[componentPath]?.db;
      if (db === undefined) continue;
      const documents: Record<string, JSONValue | null> = {};
      for (const id of before.documents.keys()) {
        const document = committedDocuments(db).get(id);
        documents[id] = document === undefined ? null : convexToJson(document);
      }
      components[componentPath] = { ...idCounters(db), documents };
    }
    const requests = this.requests.saved(undo.requestKeys);
    const record = { seq: this.commitCount, lastCommitTs: this.lastCommitTs.toString(), components, requests };
    return { record, undo };
  }

  /** Applies a journal record read at start (nothing runs yet). */
  replay(record: ChangeRecord): void {
    for (const [componentPath, change] of Object.entries(record.components)) {
      const db = this.global.components[componentPath]?.db;
      if (db === undefined) continue;
      const indexes = this.indexes.get(componentPath);
      for (const [id, json] of Object.entries(change.documents)) {
        const document = json === null ? null : (jsonToConvex(json) as Document);
        indexes?.changed(id, committedDocuments(db).get(id) ?? null, document);
        setCommittedDocument(db, id, document);
      }
      setIdCounters(db, change);
    }
    for (const [key, value, ts] of record.requests) this.requests.remember(key, { value, ts: BigInt(ts), commit: 0 });
    setLastCommitTs(this.global, BigInt(record.lastCommitTs));
    this.commitCount = record.seq;
  }

  /**
   * Undoes every commit not saved yet after a failed save: those since `taken` was taken and
   * `taken` itself. The caller makes sure no mutation is in progress.
   */
  rollBackUnsaved(taken: UndoRecord): void {
    const newer = this.unsaved;
    this.unsaved = null;
    if (newer !== null) this.undo(newer);
    this.undo(taken);
    this.rollbacks += 1;
  }

  private undo(changes: UndoRecord): void {
    for (const [componentPath, before] of changes.components) {
      const db = this.global.components[componentPath]?.db;
      if (db === undefined) continue;
      const indexes = this.indexes.get(componentPath);
      for (const [id, document] of before.documents) {
        indexes?.changed(id, committedDocuments(db).get(id) ?? null, document);
        setCommittedDocument(db, id, document);
      }
      setIdCounters(db, before);
    }
    for (const key of changes.requestKeys) this.requests.forget(key);
    setLastCommitTs(this.global, changes.lastCommitTs);
  }

  /** True when no table of the app (its own or Convex Auth's) holds a document. */
  isEmpty(): boolean {
    // Through the table ids (built once, kept in step): listing the documents' keys costs a scan of them all.
    return this.indexes.get("")?.isEmpty() ?? committedDocuments(this.global.components[""]!.db).size === 0;
  }

  /** The committed documents of `table` in every component, found through the indexes' table ids (no scan of the others). */
  tableDocuments(table: string): { componentPath: string; document: Document }[] {
    const found: { componentPath: string; document: Document }[] = [];
    for (const [componentPath, db] of this.components) {
      const documents = committedDocuments(db);
      for (const id of this.indexes.get(componentPath)?.idsOf(table) ?? []) found.push({ componentPath, document: documents.get(id)! });
    }
    return found;
  }

  /** The committed state, taken synchronously; writes of transactions in progress are not in `_documents` yet. */
  snapshot(): TakenSnapshot {
    const components: Record<string, TakenComponent> = {};
    for (const [componentPath, db] of this.components) components[componentPath] = takeComponent(db, this.indexes.get(componentPath));
    const { "": app, ...installed } = components;
    return {
      format: 1,
      ...app!,
      lastCommitTs: this.lastCommitTs.toString(),
      components: installed,
      requests: this.requests.saved(),
      commitCount: this.commitCount,
    };
  }

  /** Replaces the whole database. Only call it while nothing runs (start, reload). */
  restore(snapshot: DatabaseSnapshot | TakenSnapshot): void {
    if (snapshot.format !== 1) throw new Error(`unknown database format ${String(snapshot.format)}`);
    const { nextDocId, lastCreationTime, documents, indexOrders } = snapshot;
    const saved: Record<string, ComponentSnapshot | TakenComponent> = {
      ...snapshot.components,
      "": { nextDocId, lastCreationTime, documents, indexOrders } as ComponentSnapshot | TakenComponent,
    };
    // A component no longer installed keeps nothing; a new one starts empty.
    for (const [componentPath, db] of this.components) {
      const component = saved[componentPath];
      const loaded = component === undefined ? null : loadComponent(db, component);
      this.indexes.get(componentPath)?.reset(loaded?.tables ?? null, loaded?.orders);
    }
    setLastCommitTs(this.global, BigInt(snapshot.lastCommitTs));
    this.commitCount = snapshot.commitCount ?? 0;
    // A remembered request is durable by definition: it came from a saved state.
    this.requests.restore(snapshot.requests ?? []);
  }
}
