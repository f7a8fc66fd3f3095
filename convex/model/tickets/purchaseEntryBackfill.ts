/**
 * A ticket purchase from before the statement told purchases from supports wrote a "support"
 * entry, so the Extrato read `Apoio a <evento>` for it. Its entry becomes a "ticketPurchase" one
 * (`Compra de ingressos – <evento>`): the purchase by the same person for the same event and the
 * same amount, written in the same transaction (within a second of the entry).
 */
import type { Doc } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { buyerFeeOf } from "../books/fees";

/** A person's purchases for one event are few (the per-person maximum caps them); read at most this many. */
const PURCHASES_READ = 100;
const SAME_TRANSACTION_MS = 1_000;

export async function relabelPurchaseEntry(ctx: MutationCtx, entry: Doc<"walletEntries">): Promise<void> {
  const eventId = entry.eventId;
  if (entry.kind !== "support" || eventId === undefined) return;
  const purchases = await ctx.db
    .query("ticketPurchases")
    .withIndex("by_userId_and_eventId_and_status", (q) => q.eq("userId", entry.userId).eq("eventId", eventId))
    .take(PURCHASES_READ);
  const paid = -entry.amountCents;
  const purchase = purchases.find(
    (row) => row.amountCents + buyerFeeOf(row) === paid && Math.abs(row._creationTime - entry._creationTime) < SAME_TRANSACTION_MS,
  );
  if (purchase !== undefined) await ctx.db.patch("walletEntries", entry._id, { kind: "ticketPurchase" });
}
