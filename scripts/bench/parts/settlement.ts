/** The refund of 10,000 contributions at an event's date, in batches within Convex's limits. */
import { bytes, count, ms } from "../format";
import { benchPart, check, isNotMeasured, type NotMeasured } from "../part";
import { measureSettlement, type SettlementCost } from "../settlement-cost";
import type { Row } from "../table";
import { MAX_TRANSACTION_DOCS } from "../targets";

export const settlementPart = benchPart<SettlementCost>({
  name: "settlement",
  measure: () => measureSettlement(),
  rows: settlementRows,
});

function settlementRows(settlement: SettlementCost | NotMeasured): Row[] {
  const section = "batches";
  const measure = "settlement at the date: refund of 10,000 contributions (ticketed)";
  const target = `≤ ${count(MAX_TRANSACTION_DOCS)} docs each`;
  if (isNotMeasured(settlement)) return [{ section, measure, result: `not measured: ${settlement.notMeasured}`, target }];
  const { transactions, totalMs, documentsRead, maxDocumentsReadPerTransaction, bytesRead } = settlement;
  return [
    {
      section,
      measure,
      result: `${count(transactions)} transactions, ${ms(totalMs)}; ${count(documentsRead)} docs (${bytes(bytesRead)}) read, ≤ ${count(maxDocumentsReadPerTransaction)} each`,
      target,
      status: check(maxDocumentsReadPerTransaction <= MAX_TRANSACTION_DOCS),
    },
  ];
}
