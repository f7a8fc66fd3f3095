import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import { FINANCIAL_RETENTION_MS } from "../../model/shared/privacy";
import {
  advanceClock,
  allRows,
  createEvent,
  DAY,
  expectBooksBalance,
  newBackend,
  runDueFunctions,
  signedInUser,
  supportNow,
} from "../test.helpers";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/**
 * Joana spent R$ 10,00 of her bonus on Maria's event, which reached its goal and was paid out,
 * then deleted her account. Five years on, the purge removes her welcome line and her wallet:
 * without its balancing row the books would be R$ 10,00 short (the money Maria received stays).
 */
test("the five-year purge keeps the books balanced: what it removed is kept, summed, and the daily check agrees", async () => {
  const t = newBackend();
  const maria = await signedInUser(t, { name: "Maria Organizadora", email: "maria@exemplo.com" });
  const joana = await signedInUser(t, { name: "Joana Que Sai", email: "joana@exemplo.com" });
  const eventId = await createEvent(maria.as, { name: "Sarau", goalCents: 1_000, minSupportCents: 100 });
  await supportNow(t, joana.as, { eventId, amountCents: 1_000 });
  await advanceClock(t, 8 * DAY);
  expect((await t.run((ctx) => ctx.db.get("events", eventId)))?.settlement).toBe("paidOut");
  await joana.as.mutation(api.myData.deleteMyAccount, {});
  await expectBooksBalance(t);

  await advanceClock(t, FINANCIAL_RETENTION_MS + DAY);
  await t.mutation(internal.myData.purgeDeletedAccounts, {});
  expect(await t.run((ctx) => ctx.db.get("users", joana.userId))).toBeNull();
  expect((await allRows(t, "walletEntries")).filter((row) => row.userId === joana.userId)).toEqual([]);
  expect((await allRows(t, "contributions")).filter((row) => row.userId === joana.userId)).toHaveLength(1);
  expect(await allRows(t, "purgedBooks")).toMatchObject([
    { accounts: 1, welcomeCents: 5_000, walletsCents: 4_000, pixInCents: 0, pixOutCents: 0 },
  ]);
  await expectBooksBalance(t);

  await t.mutation(internal.books.startCheck, {});
  await runDueFunctions(t);
  expect((await t.query(internal.books.report, {})).lastCheck).toMatchObject({ status: "balanced", differenceCents: 0 });
  // A second run finds nothing and writes nothing.
  await t.mutation(internal.myData.purgeDeletedAccounts, {});
  expect(await allRows(t, "purgedBooks")).toHaveLength(1);
});
