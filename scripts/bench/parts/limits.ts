/**
 * The functions closest to each of Convex's per-transaction limits, over the parts run before
 * this one (it runs last), and the limit errors they met: none is allowed, and no function may
 * pass half of a limit (one that does is reworked before it grows into the wall).
 */
import { transactionLimit, TRANSACTION_LIMIT_NAMES, type TransactionLimitName, type LimitReport } from "../../../local-backend/index.ts";
import { collectLimitReports } from "../limit-shares";
import { benchPart, check, isNotMeasured, type NotMeasured } from "../part";
import type { Row } from "../table";

/** A function past this share of a limit is reworked. */
const MAX_SHARE = 0.5;

const LIMIT_LABELS: Record<TransactionLimitName, string> = {
  documentsRead: "documents read",
  indexRanges: "index ranges",
  bytesRead: "bytes read",
  documentsWritten: "documents written",
  bytesWritten: "bytes written",
  functionsScheduled: "functions scheduled",
  scheduledArgumentsBytes: "scheduled arguments",
};

export const limitsPart = benchPart<LimitReport>({
  name: "limits",
  async measure() {
    const report = collectLimitReports();
    if (Object.keys(report.peaks).length === 0) throw new Error("no part that runs functions ran before it");
    return report;
  },
  rows: limitRows,
});

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

function limitRows(report: LimitReport | NotMeasured): Row[] {
  const section = "limits";
  if (isNotMeasured(report)) return [{ section, measure: "limit errors", result: `not measured: ${report.notMeasured}`, target: "0" }];
  const errors = Object.entries(report.errors);
  const errorCount = errors.reduce((sum, [, times]) => sum + times, 0);
  const rows: Row[] = [
    {
      section,
      measure: "limit errors",
      result: errorCount === 0 ? "0" : errors.map(([code, times]) => `${code} × ${times}`).join(", "),
      target: "0",
      status: check(errorCount === 0),
    },
  ];
  for (const limit of TRANSACTION_LIMIT_NAMES) {
    const closest = Object.entries(report.peaks)
      .map(([name, shares]) => ({ name, share: shares[limit] ?? 0 }))
      .filter(({ share }) => share > 0)
      .sort((a, b) => b.share - a.share)
      .slice(0, 2);
    const top = closest[0];
    rows.push({
      section,
      measure: `${LIMIT_LABELS[limit]} (limit ${transactionLimit(limit).limit.toLocaleString("en")})`,
      result: top === undefined ? "none used" : closest.map(({ name, share }) => `${name} ${percent(share)}`).join("; "),
      target: `≤ ${percent(MAX_SHARE)}`,
      status: check((top?.share ?? 0) <= MAX_SHARE),
    });
  }
  return rows;
}
