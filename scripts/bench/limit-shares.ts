/**
 * How close the app's functions come to Convex's per-transaction limits during a bench run:
 * every backend the bench starts counts each function's highest share of each limit and the
 * limit errors it refused (local-backend/functions/limits/usage-peaks.ts). In-process backends
 * (the hot event, the convex-test ones, metered by meterConvexTest) report in this process; a
 * backend run as a child process writes its report to a file of REPORT_DIR as it exits.
 */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { limitReport, type LimitReport } from "../../local-backend/index.ts";

let reportDir: string | null = null;
let reports = 0;

/** A file for the next child backend's report (its LOCAL_BACKEND_LIMITS_REPORT). */
export function childReportFile(): string {
  reportDir ??= mkdtempSync(path.join(tmpdir(), "apoie-bench-limits-"));
  reports += 1;
  return path.join(reportDir, `backend-${reports}.json`);
}

/** Every report of the run so far, merged: each function's highest share, the errors added up. */
export function collectLimitReports(): LimitReport {
  const all = [limitReport()];
  if (reportDir !== null) {
    for (const file of readdirSync(reportDir)) all.push(JSON.parse(readFileSync(path.join(reportDir, file), "utf8")) as LimitReport);
  }
  const merged: LimitReport = { peaks: {}, errors: {} };
  for (const { peaks, errors } of all) {
    for (const [name, shares] of Object.entries(peaks)) {
      const seen = (merged.peaks[name] ??= {});
      for (const [limit, share] of Object.entries(shares) as [keyof typeof shares, number][])
        seen[limit] = Math.max(seen[limit] ?? 0, share);
    }
    for (const [code, times] of Object.entries(errors)) merged.errors[code] = (merged.errors[code] ?? 0) + times;
  }
  return merged;
}
