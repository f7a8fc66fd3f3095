/**
 * Each function's highest share of each of Convex's limits seen by this process, and the limit
 * errors seen, so the bench can say how close Apoie comes to each wall (docs/performance.md).
 * With `LOCAL_BACKEND_LIMITS_REPORT=<file>` the backend writes them there as JSON when its
 * process exits (a bench part that runs it as a child process reads them back).
 */
import { writeFileSync } from "node:fs";
import { TRANSACTION_LIMIT_NAMES, transactionLimit, type TransactionLimitName } from "../../database/limits/knobs.ts";
import type { TransactionUsage } from "../../database/limits/transaction-meter.ts";

/** Limit → highest share seen (1 = at the limit), per function name. */
export type LimitPeaks = Record<string, Partial<Record<TransactionLimitName, number>>>;
export type LimitReport = { peaks: LimitPeaks; errors: Record<string, number> };

let peaks: LimitPeaks = {};
let errors: Record<string, number> = {};

/** Notes one transaction's usage under its function's name. */
export function notePeaks(name: string, usage: TransactionUsage): void {
  const seen = (peaks[name] ??= {});
  for (const limit of TRANSACTION_LIMIT_NAMES) {
    const share = usage[limit] / transactionLimit(limit).limit;
    if (share > (seen[limit] ?? 0)) seen[limit] = share;
  }
}

/** Counts a call refused for a limit, by its Convex code ("TooManyDocumentsRead"). */
export function noteLimitError(code: string): void {
  errors[code] = (errors[code] ?? 0) + 1;
}

export function limitReport(): LimitReport {
  return { peaks: structuredClone(peaks), errors: { ...errors } };
}

export function resetLimitReport(): void {
  peaks = {};
  errors = {};
}

const reportFile = process.env.LOCAL_BACKEND_LIMITS_REPORT;
if (reportFile !== undefined && reportFile !== "") {
  process.on("exit", () => writeFileSync(reportFile, JSON.stringify(limitReport())));
}
