import { v } from "convex/values";
import { idArg } from "./model/core/args";
import { callerQuery, signedInMutation } from "./model/core/callerFunctions";
import { appError } from "./model/shared/errors";
import { TEAM_MESSAGES } from "./model/shared/team";
import { eventRoleOf, inviteMember, removeMember, requireEventRole, teamOf } from "./model/team/members";

const notTheOrganizer = () => appError("NOT_THE_ORGANIZER", TEAM_MESSAGES.notTheOrganizer);

/** `Equipe`: the event's team with each one's role and whether they signed in yet. The organizer only. */
export const list = callerQuery({
  args: { eventId: v.string() },
  handler: async (ctx, { eventId }) => {
    const { event } = await requireEventRole(ctx, "team:list", ctx.user?._id ?? null, idArg(ctx, "events", eventId), notTheOrganizer);
    return teamOf(ctx, event._id);
  },
});

/** Invites an e-mail with a role; it acts once that e-mail signs in (at once if it already has an account). */
export const invite = signedInMutation({
  args: { eventId: v.string(), email: v.string(), role: v.string() },
  handler: async (ctx, { eventId, email, role }) => {
    const { event } = await requireEventRole(ctx, "team:invite", ctx.user._id, idArg(ctx, "events", eventId), notTheOrganizer);
    return inviteMember(ctx, ctx.user, event, { email, role }, Date.now());
  },
});

/** Removes someone from the team at once (or withdraws an invitation). */
export const remove = signedInMutation({
  args: { eventId: v.string(), memberId: v.string() },
  handler: async (ctx, { eventId, memberId }) => {
    const { event } = await requireEventRole(ctx, "team:remove", ctx.user._id, idArg(ctx, "events", eventId), notTheOrganizer);
    await removeMember(ctx, event, idArg(ctx, "teamMembers", memberId));
  },
});

/** The caller's role on the event (`organizer`, a team role) or null; the page shows the tools it allows. */
export const myRole = callerQuery({
  args: { eventId: v.string() },
  handler: async (ctx, { eventId }) => {
    const id = idArg(ctx, "events", eventId);
    const event = id === null ? null : await ctx.db.get("events", id);
    return event === null ? null : eventRoleOf(ctx, event, ctx.user?._id ?? null);
  },
});
