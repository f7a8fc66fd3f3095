/**
 * Data migrations, on @convex-dev/migrations: each walks its table in batches, records how far
 * it got (so a failed run resumes where it stopped) and is skipped once done. `runAll` runs
 * the pending ones in order: the local backend calls it at every start; on a deployment run
 * `npx convex run migrations:runAll` (status: `npx convex run --component migrations lib:getStatus`).
 */
import { Migrations } from "@convex-dev/migrations";
import { components, internal } from "./_generated/api";
import type { DataModel } from "./_generated/dataModel";
import { backfillNameRow } from "./model/events/nameIndex";
import { lowerCaseStoredEmail } from "./model/privacy/emailCaseBackfill";
import { writeEvent } from "./model/events/writer";
import { scheduleSettlement } from "./model/settlement/settle";
import { stateOfRow } from "./model/supports/worker";
import { backfillOpeningEntry } from "./model/wallet/ledger";
import { backfillPayoutPromo, backfillWalletPromo } from "./model/wallet/promoBackfill";
import { relabelPurchaseEntry } from "./model/tickets/purchaseEntryBackfill";
import { countCancelledSeats } from "./model/tickets/cancelledSeatsBackfill";

export const migrations = new Migrations<DataModel>(components.migrations);

/** A wallet from before the statement gets one "opening" entry of its balance (Σ entries = wallet). */
export const openingWalletEntries = migrations.define({
  table: "users",
  migrateOne: async (ctx, user) => {
    await backfillOpeningEntry(ctx, user);
  },
});

/** An event from before the lifecycle gets its settlement scheduled at its date (a past date settles now). */
export const scheduleSettlements = migrations.define({
  table: "events",
  migrateOne: async (ctx, event) => {
    if (event.settlement !== undefined || event.settlementJobId !== undefined) return;
    await scheduleSettlement(ctx, event);
  },
});

/** A settled event from before the home list split upcoming from finished events is marked finished. */
export const markSettledFinished = migrations.define({
  table: "events",
  migrateOne: async (ctx, event) => {
    if (event.settlement !== undefined && event.finished === undefined) await writeEvent(ctx, event._id, { finished: true });
  },
});

/** A name-search row from before the rows carried the city and the finished flag gets its event's. */
export const nameRowsCityAndFinished = migrations.define({
  table: "eventNameGrams",
  migrateOne: async (ctx, row) => {
    await backfillNameRow(ctx, row);
  },
});

/**
 * A queue worker from before its state was a union (`running` alone) gets the state it stands
 * for; one left "running" by a failed turn is then restarted by the recovery cron.
 */
export const workerStates = migrations.define({
  table: "supportWorkers",
  migrateOne: async (ctx, row) => {
    if ("state" in row) return;
    await ctx.db.replace("supportWorkers", row._id, { eventId: row.eventId, state: stateOfRow(row) });
  },
});

/** A paid-out event from before payouts kept the bonus apart gets its payout's bonus part. */
export const payoutPromoParts = migrations.define({
  table: "events",
  migrateOne: async (ctx, event) => {
    await backfillPayoutPromo(ctx, event);
  },
});

/** A wallet and its statement entries from before get their bonus part from the ledger (after payoutPromoParts). */
export const walletPromoParts = migrations.define({
  table: "users",
  migrateOne: async (ctx, user) => {
    await backfillWalletPromo(ctx, user);
  },
});

/** A ticket purchase's statement entry from before purchases had their own kind reads as a purchase, not `Apoio a`. */
export const purchaseEntries = migrations.define({
  table: "walletEntries",
  migrateOne: async (ctx, entry) => {
    await relabelPurchaseEntry(ctx, entry);
  },
});

/** An e-mail stored with capitals (a Google account from before they were lowered) is stored in lower case. */
export const lowerCaseEmails = migrations.define({
  table: "users",
  migrateOne: async (ctx, user) => {
    await lowerCaseStoredEmail(ctx, user);
  },
});

/** An event from before the door counted cancelled tickets gets their count (ticketsCancelled). */
export const countCancelledTickets = migrations.define({
  table: "events",
  migrateOne: async (ctx, event) => {
    await countCancelledSeats(ctx, event);
  },
});

export const runAll = migrations.runner([
  internal.migrations.openingWalletEntries,
  internal.migrations.scheduleSettlements,
  internal.migrations.markSettledFinished,
  internal.migrations.nameRowsCityAndFinished,
  internal.migrations.workerStates,
  internal.migrations.payoutPromoParts,
  internal.migrations.walletPromoParts,
  internal.migrations.purchaseEntries,
  internal.migrations.lowerCaseEmails,
  internal.migrations.countCancelledTickets,
]);
