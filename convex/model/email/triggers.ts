/**
 * What each flow calls to e-mail about what just happened, in its own transaction: one call
 * each, so the flows stay as they were. Each looks up the person's address, honours their
 * preferences for optional e-mails, renders the e-mail and records it in the outbox.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { sendEmail, type EmailContent, type EmailKind } from "./outbox";
import { ensurePreferences, unsubscribeUrl, wants, type EmailCategory } from "./preferences";
import {
  eventCancelledEmail,
  refundEmail,
  supportReceiptEmail,
  depositConfirmedEmail,
  withdrawalEmail,
  type SupportReceipt,
} from "./templates/money";
import { firstSupportEmail, goalReachedEmail, payoutDoneEmail } from "./templates/organizer";
import { eventUpdateEmail, type UpdateRef } from "./templates/updates";
import { purchaseConfirmedEmail, ticketReceivedEmail, ticketsHeldEmail, type TicketLine } from "./templates/tickets";

type EventDoc = Pick<Doc<"events">, "_id" | "name" | "startsAt">;

async function addressOf(ctx: MutationCtx, userId: Id<"users">): Promise<string | null> {
  return (await ctx.db.get("users", userId))?.email ?? null;
}

/** Records `content` for the person, if they have an address. */
async function emailUser(ctx: MutationCtx, userId: Id<"users">, kind: EmailKind, content: EmailContent, dedupeKey?: string) {
  const to = await addressOf(ctx, userId);
  if (to === null) return null;
  return sendEmail(ctx, { ...content, to, kind, userId, ...(dedupeKey === undefined ? {} : { dedupeKey }) });
}

/** An optional e-mail: skipped when the person turned its category off; carries the unsubscribe link. */
async function emailOptional(
  ctx: MutationCtx,
  userId: Id<"users">,
  kind: EmailKind,
  category: EmailCategory,
  render: (unsubscribe: string) => EmailContent,
  dedupeKey?: string,
) {
  const to = await addressOf(ctx, userId);
  if (to === null) return null;
  const preferences = await ensurePreferences(ctx, userId);
  if (!wants(preferences, category)) return null;
  return sendEmail(ctx, {
    ...render(unsubscribeUrl(preferences, category)),
    to,
    kind,
    userId,
    ...(dedupeKey === undefined ? {} : { dedupeKey }),
  });
}

/** The purchase's tickets, just issued, read back by code for their type, lote, kind and price. */
export async function emailPurchase(ctx: MutationCtx, event: EventDoc, purchase: Doc<"ticketPurchases">, ticketCodes: string[]) {
  const tickets: TicketLine[] = [];
  for (const code of ticketCodes) {
    const ticket = await ctx.db
      .query("tickets")
      .withIndex("by_code", (q) => q.eq("code", code))
      .unique();
    if (ticket !== null) tickets.push({ ...ticket, code });
  }
  return emailUser(
    ctx,
    purchase.userId,
    "purchaseConfirmed",
    purchaseConfirmedEmail(event, tickets, purchase.amountCents),
    `purchase:${purchase._id}`,
  );
}

type AppliedSupport = { contributionId: Id<"contributions">; amountCents: number; at: number; rewardId?: Id<"rewards">; answer?: string };

export async function emailSupportReceipt(ctx: MutationCtx, event: EventDoc, userId: Id<"users">, support: AppliedSupport) {
  const reward = support.rewardId === undefined ? null : await ctx.db.get("rewards", support.rewardId);
  const receipt: SupportReceipt = {
    id: support.contributionId,
    amountCents: support.amountCents,
    at: support.at,
    ...(reward === null ? {} : { rewardName: reward.title }),
    ...(support.answer === undefined ? {} : { answer: support.answer }),
  };
  return emailUser(ctx, userId, "supportReceipt", supportReceiptEmail(event, receipt), `support:${support.contributionId}`);
}

/** Once per person and event, however many refund batches reach them. */
export function emailEventRefunded(ctx: MutationCtx, event: EventDoc, userId: Id<"users">, cancelled: boolean) {
  return emailUser(ctx, userId, "eventCancelled", eventCancelledEmail(event, cancelled), `refunded:${event._id}:${userId}`);
}

export function emailRefund(
  ctx: MutationCtx,
  event: EventDoc,
  userId: Id<"users">,
  what: "purchase" | "support",
  amountCents: number,
  key: string,
) {
  return emailUser(ctx, userId, "refund", refundEmail(event, what, amountCents, Date.now()), `estorno:${key}`);
}

export async function emailTicketReceived(
  ctx: MutationCtx,
  event: EventDoc,
  receiverId: Id<"users">,
  ticket: TicketLine,
  giverId: Id<"users">,
) {
  const giver = await ctx.db.get("users", giverId);
  return emailUser(ctx, receiverId, "ticketReceived", ticketReceivedEmail(event, ticket, giver?.name ?? null));
}

export function emailTicketsHeld(ctx: MutationCtx, event: EventDoc, userId: Id<"users">, units: number, holdUntil: number) {
  return emailUser(ctx, userId, "ticketsHeld", ticketsHeldEmail(event, units, holdUntil));
}

export function emailWallet(
  ctx: MutationCtx,
  userId: Id<"users">,
  kind: "depositConfirmed" | "withdrawalPaid" | "withdrawalFailed",
  amountCents: number,
) {
  const content =
    kind === "depositConfirmed" ? depositConfirmedEmail(amountCents) : withdrawalEmail(amountCents, kind === "withdrawalPaid");
  return emailUser(ctx, userId, kind, content);
}

export function emailOrganizer(
  ctx: MutationCtx,
  event: Pick<Doc<"events">, "_id" | "name" | "creatorId">,
  kind: "firstSupport" | "goalReached",
) {
  const render = kind === "firstSupport" ? (url: string) => firstSupportEmail(event, url) : (url: string) => goalReachedEmail(event, url);
  return emailOptional(ctx, event.creatorId, kind, "organizer", render, `${kind}:${event._id}`);
}

export function emailPayout(
  ctx: MutationCtx,
  event: Pick<Doc<"events">, "_id" | "name" | "creatorId">,
  totalCents: number,
  promoCents: number,
) {
  return emailUser(ctx, event.creatorId, "payoutDone", payoutDoneEmail(event, totalCents, promoCents), `payout:${event._id}`);
}

/** A Novidade, to one supporter of its event: skipped when they turned Novidades off. */
export function emailEventUpdate(ctx: MutationCtx, event: EventDoc, userId: Id<"users">, update: UpdateRef) {
  return emailOptional(ctx, userId, "eventUpdate", "updates", (url) => eventUpdateEmail(event, update, url));
}

export { emailOptional };
