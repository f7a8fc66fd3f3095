/**
 * Notifications: what the bell tells a person, and their unread count.
 *
 * The count lives in one small document per person (`notificationInboxes`), kept exact in
 * the same transaction as every change to their notifications, so the bell reads one
 * document. A notification is unread while `read` is false and its `at` is after the inbox's
 * `readAt`: marking everything read moves `readAt` and writes nothing else.
 *
 * Some kinds are one row per (person, event) that later news updates instead of adding rows:
 * a refund in several batches adds up its amount, new chat messages add to a count. Only
 * Novidades get a row each.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import type { PaginationOptions } from "convex/server";
import { paginateOrRefuse } from "../core/pagination";
import { emailWallet } from "../email/triggers";
import { describeNotification, notificationTarget } from "../../model/shared/notificationTexts";

export type NotificationKind = Doc<"notifications">["kind"];

/** What to tell someone about an event. */
export type Notice =
  | { kind: "goalReached" | "firstSupport" | "chat" | "ticketReceived" | "meiaTicketReceived" | "ticketsHeld" }
  | { kind: "payout" | "flexiblePayout" | "cancelled" | "refunded"; amountCents: number }
  | { kind: "update"; updateId: Id<"eventUpdates">; title: string };

/** What to tell someone about their own wallet (PIX in and out): no event involved. */
export type WalletNotice = { kind: "depositConfirmed" | "withdrawalPaid" | "withdrawalFailed"; amountCents: number };

/** How long a notification is kept after it last changed. */
export const NOTIFICATION_TTL_MS = 90 * 24 * 60 * 60 * 1000;

/** The person's inbox, or null before their first notification. */
export function inboxOf(ctx: QueryCtx, userId: Id<"users">) {
  return ctx.db
    .query("notificationInboxes")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .unique();
}

/** Adds `delta` to the person's unread count, creating their inbox with their first notification. */
async function addUnread(ctx: MutationCtx, userId: Id<"users">, inbox: Doc<"notificationInboxes"> | null, delta: number) {
  if (inbox === null) await ctx.db.insert("notificationInboxes", { userId, unread: delta, readAt: 0 });
  else await ctx.db.patch("notificationInboxes", inbox._id, { unread: inbox.unread + delta });
}

/** Whether a notification counts as unread against its owner's inbox. */
export function isUnread(row: Pick<Doc<"notifications">, "read" | "at">, inbox: { readAt: number } | null): boolean {
  return !row.read && row.at > (inbox?.readAt ?? 0);
}

/** The unread count the bell shows: one document read. */
export async function unreadCountOf(ctx: QueryCtx, userId: Id<"users">): Promise<number> {
  return (await inboxOf(ctx, userId))?.unread ?? 0;
}

/** The one row a kind keeps per (person, event), if it has one. Novidades get a row each. */
function existingRow(ctx: QueryCtx, userId: Id<"users">, eventId: Id<"events">, kind: NotificationKind) {
  if (kind === "update") return Promise.resolve(null);
  return ctx.db
    .query("notifications")
    .withIndex("by_userId_and_eventId_and_kind", (q) => q.eq("userId", userId).eq("eventId", eventId).eq("kind", kind))
    .first();
}

/**
 * Tells `userId` about `event`, in the caller's transaction, and keeps their unread count
 * exact. A goal reached or a first support already told is not told again (so a batch that
 * runs twice tells nobody twice); an amount adds to the row's amount; a chat message adds
 * one to the count of unread messages (or starts it again at 1 once read).
 */
export async function notify(
  ctx: MutationCtx,
  userId: Id<"users">,
  event: Pick<Doc<"events">, "_id" | "name">,
  notice: Notice,
): Promise<void> {
  const inbox = await inboxOf(ctx, userId);
  // Strictly after readAt, even within the millisecond everything was marked read.
  const at = Math.max(Date.now(), (inbox?.readAt ?? 0) + 1);
  const row = await existingRow(ctx, userId, event._id, notice.kind);
  if (row === null) {
    await ctx.db.insert("notifications", {
      userId,
      kind: notice.kind,
      eventId: event._id,
      eventName: event.name,
      at,
      read: false,
      ...("amountCents" in notice ? { amountCents: notice.amountCents } : {}),
      ...(notice.kind === "chat" ? { count: 1 } : {}),
      ...(notice.kind === "update" ? { updateId: notice.updateId, title: notice.title } : {}),
    });
    await addUnread(ctx, userId, inbox, 1);
    return;
  }
  if (notice.kind === "goalReached" || notice.kind === "firstSupport") return;
  const wasUnread = isUnread(row, inbox);
  await ctx.db.patch("notifications", row._id, {
    at,
    read: false,
    eventName: event.name,
    ...("amountCents" in notice ? { amountCents: (row.amountCents ?? 0) + notice.amountCents } : {}),
    ...(notice.kind === "chat" ? { count: wasUnread ? (row.count ?? 0) + 1 : 1 } : {}),
  });
  if (!wasUnread) await addUnread(ctx, userId, inbox, 1);
}

/** Tells `userId` about their own money (a deposit credited, a withdrawal paid or failed): a row each. */
export async function notifyWallet(ctx: MutationCtx, userId: Id<"users">, notice: WalletNotice): Promise<void> {
  const inbox = await inboxOf(ctx, userId);
  const at = Math.max(Date.now(), (inbox?.readAt ?? 0) + 1);
  await ctx.db.insert("notifications", { userId, kind: notice.kind, at, read: false, amountCents: notice.amountCents });
  await addUnread(ctx, userId, inbox, 1);
  await emailWallet(ctx, userId, notice.kind, notice.amountCents);
}

/** Marks one of the caller's notifications read; false when it is not theirs (or gone). */
export async function markRead(ctx: MutationCtx, userId: Id<"users">, id: Id<"notifications"> | null): Promise<boolean> {
  const row = id === null ? null : await ctx.db.get("notifications", id);
  if (row === null || row.userId !== userId) return false;
  const inbox = await inboxOf(ctx, userId);
  if (inbox !== null && isUnread(row, inbox)) {
    await ctx.db.patch("notificationInboxes", inbox._id, { unread: inbox.unread - 1 });
  }
  if (!row.read) await ctx.db.patch("notifications", row._id, { read: true });
  return true;
}

/** "Marcar todas como lidas": one write, however many notifications there are. */
export async function markAllRead(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  const inbox = await inboxOf(ctx, userId);
  if (inbox === null) return;
  await ctx.db.patch("notificationInboxes", inbox._id, { unread: 0, readAt: Math.max(Date.now(), inbox.readAt) });
}

/** A page of the person's notifications, newest first, ready to show. */
export async function notificationPage(ctx: QueryCtx, userId: Id<"users">, paginationOpts: PaginationOptions) {
  const inbox = await inboxOf(ctx, userId);
  const page = await paginateOrRefuse(
    ctx.db
      .query("notifications")
      .withIndex("by_userId_and_at", (q) => q.eq("userId", userId))
      .order("desc"),
    paginationOpts,
  );
  return {
    ...page,
    page: page.page.map((row) => ({
      _id: row._id,
      kind: row.kind,
      at: row.at,
      unread: isUnread(row, inbox),
      text: describeNotification(row),
      eventId: row.eventId,
      target: notificationTarget(row.kind),
    })),
  };
}

/** Notifications deleted per cleanup transaction. */
export const CLEANUP_BATCH_SIZE = 500;

/**
 * Deletes up to CLEANUP_BATCH_SIZE notifications that last changed before `before`, taking
 * the unread ones off their owners' counts. Returns whether older ones may remain.
 */
export async function deleteOldNotifications(ctx: MutationCtx, before: number): Promise<boolean> {
  const rows = await ctx.db
    .query("notifications")
    .withIndex("by_at", (q) => q.lt("at", before))
    .take(CLEANUP_BATCH_SIZE);
  const inboxes = new Map<Id<"users">, Doc<"notificationInboxes"> | null>();
  for (const row of rows) {
    if (!inboxes.has(row.userId)) inboxes.set(row.userId, await inboxOf(ctx, row.userId));
    const inbox = inboxes.get(row.userId) ?? null;
    if (inbox !== null && isUnread(row, inbox)) {
      inbox.unread -= 1;
      await ctx.db.patch("notificationInboxes", inbox._id, { unread: inbox.unread });
    }
    await ctx.db.delete("notifications", row._id);
  }
  return rows.length === CLEANUP_BATCH_SIZE;
}
