/**
 * The reminder 48 h before an event, to its ticket holders (an optional e-mail: `Lembretes` in
 * `Notificações por e-mail`). Every hour the cron finds the open events starting between 47 and
 * 48 hours from now, a page at a time, and each event's holders are e-mailed a page of tickets
 * per transaction; a person with several tickets gets one reminder (dedupe key per event and person).
 */
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation } from "./_generated/server";
import { emailOptional } from "./model/email/triggers";
import { eventReminderEmail } from "./model/email/templates/tickets";
import { ticketsVoided } from "./model/tickets/issue";

const HOUR_MS = 60 * 60 * 1000;
const EVENTS_PAGE = 50;
const TICKETS_PAGE = 200;

export const remindUpcoming = internalMutation({
  args: { cursor: v.optional(v.union(v.string(), v.null())) },
  handler: async (ctx, { cursor }) => {
    const now = Date.now();
    const page = await ctx.db
      .query("events")
      .withIndex("by_finished_and_startsAt", (q) =>
        q
          .eq("finished", undefined)
          .gte("startsAt", now + 47 * HOUR_MS)
          .lt("startsAt", now + 48 * HOUR_MS),
      )
      .paginate({ numItems: EVENTS_PAGE, cursor: cursor ?? null });
    for (const event of page.page) {
      if (event.settlement === undefined || !ticketsVoided(event))
        await ctx.scheduler.runAfter(0, internal.emailReminders.remindHolders, { eventId: event._id, cursor: null });
    }
    if (!page.isDone) await ctx.scheduler.runAfter(0, internal.emailReminders.remindUpcoming, { cursor: page.continueCursor });
  },
});

export const remindHolders = internalMutation({
  args: { eventId: v.id("events"), cursor: v.union(v.string(), v.null()) },
  handler: async (ctx, { eventId, cursor }) => {
    const event = await ctx.db.get("events", eventId);
    if (event === null || ticketsVoided(event)) return;
    const page = await ctx.db
      .query("tickets")
      .withIndex("by_eventId", (q) => q.eq("eventId", eventId))
      .paginate({ numItems: TICKETS_PAGE, cursor });
    const holders = new Set(
      page.page.filter((ticket) => ticket.status === undefined || ticket.status === "valid").map((ticket) => ticket.userId),
    );
    for (const userId of holders) {
      await emailOptional(
        ctx,
        userId,
        "eventReminder",
        "reminders",
        (url) => eventReminderEmail(event, url),
        `reminder:${eventId}:${userId}`,
      );
    }
    if (!page.isDone) await ctx.scheduler.runAfter(0, internal.emailReminders.remindHolders, { eventId, cursor: page.continueCursor });
  },
});
