/** A Novidade told to 10,000 supporters, in batches, and the bell's unread count. */
import { cost, count } from "../format";
import { measureNotificationFanOut, type NotificationCost } from "../notification-cost";
import { benchPart, check, isNotMeasured, type NotMeasured } from "../part";
import type { Row } from "../table";
import { MAX_TRANSACTION_DOCS, MAX_TRANSACTION_WRITES } from "../targets";

export const notificationsPart = benchPart<NotificationCost>({
  name: "notifications",
  measure: () => measureNotificationFanOut(),
  rows: notificationRows,
});

/** The bell reads the caller's session and one small inbox document, whatever they were told. */
const MAX_UNREAD_COUNT_DOCS = 2;

function notificationRows(notifications: NotificationCost | NotMeasured): Row[] {
  const fanOut = "fan-out of a Novidade to 10,000 supporters";
  const bell = "notifications:unreadCount, one of 10,000 supporters told";
  const target = `≤ ${count(MAX_TRANSACTION_DOCS)} read, ≤ ${count(MAX_TRANSACTION_WRITES)} written each`;
  if (isNotMeasured(notifications)) {
    return [
      { section: "batches", measure: fanOut, result: `not measured: ${notifications.notMeasured}`, target },
      {
        section: "functions",
        measure: bell,
        result: `not measured: ${notifications.notMeasured}`,
        target: `≤ ${MAX_UNREAD_COUNT_DOCS} docs`,
      },
    ];
  }
  const { transactions, totalMs, maxDocumentsReadPerTransaction: read, maxDocumentsWrittenPerTransaction: written } = notifications;
  return [
    {
      section: "batches",
      measure: fanOut,
      result: `${count(transactions)} transactions, ${(totalMs / 1000).toFixed(1)} s; ≤ ${count(read)} docs read, ≤ ${count(written)} written each`,
      target,
      status: check(read <= MAX_TRANSACTION_DOCS && written <= MAX_TRANSACTION_WRITES),
    },
    {
      section: "functions",
      measure: bell,
      result: cost(notifications.unreadCount),
      target: `≤ ${MAX_UNREAD_COUNT_DOCS} docs`,
      status: check(notifications.unreadCount.documentsRead <= MAX_UNREAD_COUNT_DOCS),
    },
  ];
}
