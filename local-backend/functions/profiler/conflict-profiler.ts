/**
 * The conflict profiler. On Convex two transactions that overlap conflict when one writes
 * something the other read (a document, a document inside an index range it read, any
 * document of a table it scanned); the later one is retried, and under sustained contention
 * it fails. This backend does the same (database/database.ts), and the profiler reports the
 * conflicts that really happened (`observeConflict`: which document or range, which
 * functions, which failed). Functions run faster here than on Convex, so fewer overlap: the
 * profiler also takes each committed mutation's read set and write set, and reports every
 * pair that committed within `windowMs` of each other (so would have overlapped had each
 * taken that long) and touched each other's reads. It keeps the last `keepMs` of both for the
 * dashboard and warns once per document written by more than `hotWritesPerSecond`
 * transactions a second.
 *
 * It observes; it changes nothing. Cost per commit: one comparison with each transaction of
 * the last `windowMs`, each a walk over the other's writes.
 */
import type { WriteConflict } from "../../database/write-conflicts.ts";
import type { ReadSet, WrittenDocument } from "../../database/read-set.ts";
import { isInRange } from "../../database/indexes/index-range.ts";

/** One committed transaction, as the engine hands it over. */
export type ProfiledTransaction = {
  /** "supports:support", or what ran it when no function name is known ("scheduled job"). */
  functionName: string;
  /** When it committed, on the profiler's clock (ms). */
  committedAt: number;
  /** What it read; null when not recorded (it then counts only as a writer). */
  reads: ReadSet | null;
  writes: WrittenDocument[];
};

/** Something told of every committed transaction (the profiler, a bench). */
export type TransactionObserver = (transaction: ProfiledTransaction) => void;

/** A pair that would have conflicted: `writer` wrote `document`, which `reader` had read (`read`). */
export type Conflict = { at: number; writer: string; reader: string; document: string; read: string };

export type HotDocument = {
  document: string;
  conflictsPerSecond: number;
  /** The functions on either side of its conflicts. */
  functions: string[];
  /** The reads it touched: the document itself, or an index range or table it fell in. */
  reads: string[];
};

export type ConflictReport = {
  windowMs: number;
  /** The span the figures cover (ms): the last `keepMs`, or less since the start. */
  spanMs: number;
  transactions: number;
  conflicts: number;
  hotDocuments: HotDocument[];
  /** The conflicts that really happened here: how many, how many failed their mutation, by document. */
  real: { conflicts: number; failed: number; hotDocuments: HotDocument[] };
};

export type ProfilerOptions = {
  /** Default true; false leaves the engine unobserved (to measure what the profiler costs). */
  enabled?: boolean;
  /** Two commits this close (ms) would have overlapped. Convex's mutations take ~10–50 ms. */
  windowMs?: number;
  /** How long conflicts are kept for the report (ms). */
  keepMs?: number;
  /** Writes a second to one document above which the log gets a warning (once per document). */
  hotWritesPerSecond?: number;
  warn?: (message: string) => void;
  now?: () => number;
};

export const DEFAULT_WINDOW_MS = 50;
export const DEFAULT_KEEP_MS = 10_000;
export const DEFAULT_HOT_WRITES_PER_SECOND = 20;
/** Per-document write times older than this are forgotten (the warning counts one second). */
const WRITE_RATE_SPAN_MS = 1_000;

function documentName(written: WrittenDocument): string {
  return `${written.component === "" ? "" : `${written.component}/`}${written.table}:${written.id}`;
}

/** A write with its read-set keys ("component:table", "component:id") made once, not once per pair compared. */
type KeyedWrite = { written: WrittenDocument; table: string; document: string };
/** A transaction of the window, its writes keyed. */
type Recent = { transaction: ProfiledTransaction; writes: KeyedWrite[] };

function keyed(transaction: ProfiledTransaction): Recent {
  const writes = transaction.writes.map((written) => ({
    written,
    table: `${written.component}:${written.table}`,
    document: `${written.component}:${written.id}`,
  }));
  return { transaction, writes };
}

/**
 * Whether `write` touches `reads`: ReadSet.readTouchedBy's rule on keys made beforehand. At a
 * thousand commits a second each commit meets ~50 others, and building the keys for every pair
 * was a sixth of the backend's CPU; readTouchedBy then names the read only for a pair that touches.
 */
function touches({ written, table, document }: KeyedWrite, reads: ReturnType<ReadSet["reads"]>): boolean {
  if (reads.tables.has(table) || reads.documents.has(document)) return true;
  const ranges = reads.ranges.get(table);
  if (ranges === undefined) return false;
  for (const range of ranges.values()) {
    if ((written.before !== null && isInRange(range, written.before)) || (written.after !== null && isInRange(range, written.after)))
      return true;
  }
  return false;
}

/** What `writer` wrote that `reader` read, as a Conflict, or null. */
function conflictBetween(writer: Recent, reader: ProfiledTransaction, at: number): Conflict | null {
  if (reader.reads === null) return null;
  const reads = reader.reads.reads();
  for (const write of writer.writes) {
    if (!touches(write, reads)) continue;
    const read = reader.reads.readTouchedBy(write.written);
    if (read !== null)
      return { at, writer: writer.transaction.functionName, reader: reader.functionName, document: documentName(write.written), read };
  }
  return null;
}

export class ConflictProfiler {
  readonly windowMs: number;
  private readonly keepMs: number;
  private readonly hotWritesPerSecond: number;
  private readonly warn: (message: string) => void;
  private readonly now: () => number;
  private readonly startedAt: number;
  /** Transactions of the last windowMs, oldest first. */
  private recent: Recent[] = [];
  /** Conflicts of the last keepMs, oldest first. */
  private conflicts: Conflict[] = [];
  /** Commit times of the last second, per written document. */
  private readonly writeTimes = new Map<string, number[]>();
  private readonly warned = new Set<string>();
  private observed = 0;
  /** Real conflicts of the last keepMs, oldest first, with whether each failed its mutation. */
  private realConflicts: (Conflict & { failed: boolean })[] = [];
  /** Since the start: for a bench's "conflicts per support". */
  totalTransactions = 0;
  totalConflicts = 0;

  constructor(options: ProfilerOptions = {}) {
    this.windowMs = options.windowMs ?? DEFAULT_WINDOW_MS;
    this.keepMs = options.keepMs ?? DEFAULT_KEEP_MS;
    this.hotWritesPerSecond = options.hotWritesPerSecond ?? DEFAULT_HOT_WRITES_PER_SECOND;
    this.warn = options.warn ?? ((message) => console.warn(message));
    this.now = options.now ?? Date.now;
    this.startedAt = this.now();
  }

  /** The observer to give the engine. Returns the conflicts this transaction would have had. */
  readonly observe = (transaction: ProfiledTransaction): Conflict[] => {
    const at = transaction.committedAt;
    this.recent = this.recent.filter((earlier) => at - earlier.transaction.committedAt <= this.windowMs);
    const found: Conflict[] = [];
    const current = keyed(transaction);
    for (const earlier of this.recent) {
      // Overlapping, either could have committed first: a conflict if either touched the other's reads.
      const conflict = conflictBetween(earlier, transaction, at) ?? conflictBetween(current, earlier.transaction, at);
      if (conflict !== null) found.push(conflict);
    }
    this.recent.push(current);
    this.conflicts.push(...found);
    this.totalTransactions += 1;
    this.totalConflicts += found.length;
    this.noteWrites(transaction);
    if (++this.observed % 1_000 === 0) this.forgetOld(at);
    return found;
  };

  /** The listener to give the engine (onConflict): a conflict that happened, retried or final. */
  readonly observeConflict = (conflict: WriteConflict, retried: boolean): void => {
    const { table, id, writer, read } = conflict.detail;
    this.realConflicts.push({
      at: this.now(),
      writer: writer ?? "(unknown: a rolled-back or long-past commit)",
      reader: conflict.functionName ?? "action",
      document: table === null ? "(unknown)" : `${table}:${id}`,
      read: read ?? "",
      failed: !retried,
    });
  };

  private noteWrites({ writes, committedAt, functionName }: ProfiledTransaction): void {
    for (const written of writes) {
      const name = documentName(written);
      const times = (this.writeTimes.get(name) ?? []).filter((time) => committedAt - time < WRITE_RATE_SPAN_MS);
      times.push(committedAt);
      this.writeTimes.set(name, times);
      if (times.length > this.hotWritesPerSecond && !this.warned.has(name)) {
        this.warned.add(name);
        this.warn(
          `local backend: ${name} was written by ${times.length} transactions in one second (last: ${functionName}); ` +
            `on Convex, transactions that read it while others write it conflict and are retried, and fail under sustained load.`,
        );
      }
    }
  }

  /** Drops what no report or warning needs any more. */
  private forgetOld(now: number): void {
    this.conflicts = this.conflicts.filter((conflict) => now - conflict.at <= this.keepMs);
    this.realConflicts = this.realConflicts.filter((conflict) => now - conflict.at <= this.keepMs);
    for (const [name, times] of this.writeTimes) {
      if (times.every((time) => now - time >= WRITE_RATE_SPAN_MS)) this.writeTimes.delete(name);
    }
  }

  /** The conflicts of the last keepMs, oldest first. */
  recentConflicts(): Conflict[] {
    this.forgetOld(this.now());
    return [...this.conflicts];
  }

  /** Conflicts of the last keepMs by document, hottest first. */
  report(): ConflictReport {
    const now = this.now();
    this.forgetOld(now);
    const spanMs = Math.max(1, Math.min(this.keepMs, now - this.startedAt));
    return {
      windowMs: this.windowMs,
      spanMs,
      transactions: this.totalTransactions,
      conflicts: this.conflicts.length,
      hotDocuments: hotDocumentsOf(this.conflicts, spanMs),
      real: {
        conflicts: this.realConflicts.length,
        failed: this.realConflicts.filter((conflict) => conflict.failed).length,
        hotDocuments: hotDocumentsOf(this.realConflicts, spanMs),
      },
    };
  }
}

/** Conflicts grouped by document, hottest first. */
function hotDocumentsOf(conflicts: Conflict[], spanMs: number): HotDocument[] {
  const byDocument = new Map<string, { count: number; functions: Set<string>; reads: Set<string> }>();
  for (const conflict of conflicts) {
    let entry = byDocument.get(conflict.document);
    if (entry === undefined) byDocument.set(conflict.document, (entry = { count: 0, functions: new Set(), reads: new Set() }));
    entry.count += 1;
    entry.functions.add(conflict.writer).add(conflict.reader);
    entry.reads.add(conflict.read);
  }
  return [...byDocument]
    .map(([document, { count, functions, reads }]) => ({
      document,
      conflictsPerSecond: (count * 1000) / spanMs,
      functions: [...functions].sort(),
      reads: [...reads].sort(),
    }))
    .sort((a, b) => b.conflictsPerSecond - a.conflictsPerSecond);
}
