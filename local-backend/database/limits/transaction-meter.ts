/**
 * What one query or mutation used of Convex's per-transaction limits (knobs.ts), counted where
 * the database serves its reads, writes and scheduled jobs, never in the function's own code.
 * Going over a limit throws Convex's error there; the transaction is then marked, and its
 * commit refused with the same error even if the function caught it: it changes nothing.
 */
import { LimitError, TRANSACTION_LIMIT_NAMES, transactionLimit, type TransactionLimitName } from "./knobs.ts";

/** Each figure a transaction counts, by limit. */
export type TransactionUsage = Record<TransactionLimitName, number>;

export function noUsage(): TransactionUsage {
  return Object.fromEntries(TRANSACTION_LIMIT_NAMES.map((name) => [name, 0])) as TransactionUsage;
}

export class TransactionMeter {
  readonly usage = noUsage();
  /** The first limit it went over, refused again at its commit. */
  breach: LimitError | null = null;

  /** A document scanned: handed to the function, or dropped by a `.filter`. */
  documentRead(bytes: number): void {
    this.add("documentsRead", 1);
    this.add("bytesRead", bytes);
  }

  /** An index range read: a `db.get`, a `db.query(…)` opened, a page. */
  indexRange(): void {
    this.add("indexRanges", 1);
  }

  /** A write (insert, patch, replace: the document's new size; delete: 0). */
  documentWritten(bytes: number): void {
    this.add("documentsWritten", 1);
    this.add("bytesWritten", bytes);
  }

  /** A function scheduled, with the size of its arguments. */
  functionScheduled(argumentBytes: number): void {
    this.add("functionsScheduled", 1);
    this.add("scheduledArgumentsBytes", argumentBytes);
  }

  /** Counts first, as Convex does (its figures then show the call that went over), then refuses. */
  private add(name: TransactionLimitName, amount: number): void {
    this.usage[name] += amount;
    const { limit, code, error } = transactionLimit(name);
    if (this.usage[name] <= limit) return;
    const refusal = new LimitError(code, error(limit));
    this.breach ??= refusal;
    throw refusal;
  }
}
