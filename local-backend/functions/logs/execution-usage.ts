/**
 * What each execution used of Convex's per-transaction limits, told by the database as each of
 * its transactions ends (Database.onUsage): summed onto the execution's log entry
 * (`usageStats`, which `npx convex logs --jsonl` shows), and, past 80% of a limit, Convex's
 * warning in its log lines ("Many documents read in a single function execution (actual:
 * 26000, limit: 32000). …"), as Convex's `add_warnings_to_log_lines` writes it.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { TRANSACTION_LIMIT_NAMES, WARNING_RATIO, transactionLimit } from "../../database/limits/knobs.ts";
import { noUsage, type TransactionUsage } from "../../database/limits/transaction-meter.ts";
import { notePeaks } from "../limits/usage-peaks.ts";
import { logSystemLine } from "./console-capture.ts";

/** The figures of an execution's log entry: its transactions' documents, bytes and index ranges. */
export type UsageStats = {
  databaseReadDocuments: number;
  databaseReadBytes: number;
  databaseWriteDocuments: number;
  databaseWriteBytes: number;
  indexRanges: number;
  functionsScheduled: number;
};

type ExecutionUsage = { identifier: string; usage: TransactionUsage };
const executions = new AsyncLocalStorage<ExecutionUsage>();

/** One execution's usage: `run` its work inside it, then read `stats()`. */
export function executionUsage(identifier: string): { run: <T>(work: () => Promise<T>) => Promise<T>; stats: () => UsageStats } {
  const execution: ExecutionUsage = { identifier, usage: noUsage() };
  return { run: (work) => executions.run(execution, work), stats: () => statsOf(execution.usage) };
}

function statsOf(usage: TransactionUsage): UsageStats {
  return {
    databaseReadDocuments: usage.documentsRead,
    databaseReadBytes: usage.bytesRead,
    databaseWriteDocuments: usage.documentsWritten,
    databaseWriteBytes: usage.bytesWritten,
    indexRanges: usage.indexRanges,
    functionsScheduled: usage.functionsScheduled,
  };
}

/** Convex's warning for each figure past 80% of its limit (and not over it: that one failed). */
export function limitWarnings(usage: TransactionUsage): string[] {
  const warnings: string[] = [];
  for (const name of TRANSACTION_LIMIT_NAMES) {
    const { limit, warning, help, unit } = transactionLimit(name);
    const actual = usage[name];
    if (actual <= Math.floor(WARNING_RATIO * limit) || actual > limit) continue;
    warnings.push(`${warning} (actual: ${actual}${unit}, limit: ${limit}${unit}).${help === null ? "" : ` ${help}`}`);
  }
  return warnings;
}

/**
 * Database.onUsage's listener: adds a transaction's usage to its execution's, notes the
 * function's peaks, and logs Convex's warnings in the execution's log lines (naming the
 * function when it is not the execution's own, like an action's `runMutation`).
 */
export function noteTransactionUsage(name: string | null, usage: TransactionUsage): void {
  const execution = executions.getStore();
  // A label that is no function path ("scheduled job") names the execution's function instead.
  const functionName = name?.includes(":") === true ? name : (execution?.identifier ?? name ?? "unknown");
  notePeaks(functionName, usage);
  if (execution !== undefined) for (const limit of TRANSACTION_LIMIT_NAMES) execution.usage[limit] += usage[limit];
  const prefix = execution === undefined || execution.identifier === functionName ? "" : `${functionName}: `;
  for (const warning of limitWarnings(usage)) logSystemLine("WARN", `${prefix}${warning}`);
}
