import { v } from "convex/values";
import { internalMutation, query } from "./_generated/server";
import { internal } from "./_generated/api";
import { idArg } from "./model/core/args";
import { callerQuery, signedInMutation } from "./model/core/callerFunctions";
import { fanOutBatch } from "./model/notifications/fanOut";
import {
  deleteOldNotifications,
  markAllRead as markAllReadOf,
  markRead as markReadOf,
  notificationPage,
  NOTIFICATION_TTL_MS,
  unreadCountOf,
} from "./model/notifications/inbox";
import { checkPaginationOpts, paginationOptsArg } from "./model/core/pagination";
import { appError } from "./model/shared/errors";
import { MESSAGES } from "./model/shared/texts";
import { requireSignedIn, signedInUserId } from "./model/users/accounts";

/**
 * The caller's unread count for the bell (0 when signed out): their session and their inbox,
 * two documents. Only the caller's id is needed, so their user document is not read (nor the
 * count re-run at every wallet change).
 */
export const unreadCount = query({
  args: {},
  handler: async (ctx) => {
    const userId = await signedInUserId(ctx);
    return userId === null ? 0 : unreadCountOf(ctx, userId);
  },
});

/** A page of the caller's own notifications, newest first. */
export const list = callerQuery({
  args: { paginationOpts: paginationOptsArg },
  handler: async (ctx, { paginationOpts }) => {
    const page = checkPaginationOpts(paginationOpts);
    const user = requireSignedIn(ctx.user);
    return notificationPage(ctx, user._id, page);
  },
});

/** Marks one of the caller's notifications read (opening it). */
export const markRead = signedInMutation({
  args: { id: v.string() },
  handler: async (ctx, { id }) => {
    const found = await markReadOf(ctx, ctx.user._id, idArg(ctx, "notifications", id));
    if (!found) throw appError("NOTIFICATION_NOT_FOUND", MESSAGES.notificationNotFound);
    return null;
  },
});

/** "Marcar todas como lidas". */
export const markAllRead = signedInMutation({
  args: {},
  handler: async (ctx) => {
    await markAllReadOf(ctx, ctx.user._id);
    return null;
  },
});

const fanOutNotice = v.union(
  v.object({ kind: v.literal("goalReached") }),
  v.object({ kind: v.literal("update"), updateId: v.id("eventUpdates"), title: v.string() }),
  v.object({ kind: v.literal("chat") }),
);

/** One batch of telling an event's audience (model/notifications/fanOut.ts). */
export const fanOut = internalMutation({
  args: {
    eventId: v.id("events"),
    notice: fanOutNotice,
    skipUserId: v.union(v.id("users"), v.null()),
    cursor: v.union(v.string(), v.null()),
  },
  handler: async (ctx, args) => {
    await fanOutBatch(ctx, args);
  },
});

/** Deletes notifications older than 90 days, a page per transaction (daily cron). */
export const deleteOld = internalMutation({
  args: {},
  handler: async (ctx) => {
    const more = await deleteOldNotifications(ctx, Date.now() - NOTIFICATION_TTL_MS);
    if (more) await ctx.scheduler.runAfter(0, internal.notifications.deleteOld, {});
  },
});
