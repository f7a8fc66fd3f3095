/**
 * `Apoiar sem mostrar meu nome`: a supporter hides their name on one event from everyone but its
 * organizer, who needs it to deliver a reward. Once hidden it stays hidden on that event (a later
 * support that leaves the box unticked does not reveal it). Names are replaced where they are
 * read (the chat), so messages sent before the choice are hidden too.
 */
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { ANONYMOUS_SUPPORTER_NAME } from "../../model/shared/hiddenNames";

async function anonymityRow(ctx: QueryCtx, eventId: Id<"events">, userId: Id<"users">) {
  return ctx.db
    .query("anonymousSupporters")
    .withIndex("by_eventId_and_userId", (q) => q.eq("eventId", eventId).eq("userId", userId))
    .unique();
}

/** Records that `userId` hides their name on the event (once). */
export async function hideNameOn(ctx: MutationCtx, eventId: Id<"events">, userId: Id<"users">): Promise<void> {
  if ((await anonymityRow(ctx, eventId, userId)) === null) await ctx.db.insert("anonymousSupporters", { eventId, userId });
}

/**
 * Reads the author names of a page of the event's chat as `viewer` may see them: the organizer
 * and the authors themselves see every name; everyone else `Apoiador anônimo` for a supporter
 * who hid theirs. One read per distinct author of the page.
 */
export function chatNamesFor(ctx: QueryCtx, eventId: Id<"events">, viewer: { userId: Id<"users">; isOrganizer: boolean }) {
  const hidden = new Map<Id<"users">, Promise<boolean>>();
  return async (message: { userId: Id<"users">; authorName: string }): Promise<string> => {
    if (viewer.isOrganizer || message.userId === viewer.userId) return message.authorName;
    if (!hidden.has(message.userId))
      hidden.set(
        message.userId,
        anonymityRow(ctx, eventId, message.userId).then((row) => row !== null),
      );
    return (await hidden.get(message.userId)) ? ANONYMOUS_SUPPORTER_NAME : message.authorName;
  };
}
