/**
 * Convex's per-transaction limits on a plain convex-test instance (the bench's in-memory
 * backends): the same meter as the local backend's database (database/limits/), counted at
 * convex-test's syscall handlers, each transaction's usage noted under its function's name
 * (usage-peaks.ts). Rows a `.filter` drops are not seen here: the local backend counts them.
 */
import type { convexTest } from "convex-test";
import { attachToInternals, countTransactionsWith, watchSerialTransactions } from "../../database/convex-test-adapter.ts";
import { TransactionMeter } from "../../database/limits/transaction-meter.ts";
import { notePeaks } from "./usage-peaks.ts";

export async function meterConvexTest(t: ReturnType<typeof convexTest>): Promise<void> {
  const global = await attachToInternals(t);
  let meter: TransactionMeter | null = null;
  const watch = watchSerialTransactions(
    global,
    () => (meter = new TransactionMeter()),
    (name) => {
      const usage = meter?.usage;
      meter = null;
      // `t.run` and inline `t.query` (a harness's own code: "custom", "inline") are no functions of the app.
      void name.then((functionName) => usage !== undefined && functionName?.includes(":") === true && notePeaks(functionName, usage));
    },
  );
  countTransactionsWith(global, () => {
    watch.nameFunction();
    return meter;
  });
}
