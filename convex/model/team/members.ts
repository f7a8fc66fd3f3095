/**
 * `Equipe`: who acts on an event besides its creator, and the one check every event function
 * makes (`requireEventRole`, against the table in shared/functionAccess.ts).
 */
import type { ConvexError } from "convex/values";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { isPlainEmailText } from "../../model/shared/cleanText";
import { appError } from "../../model/shared/errors";
import { type EventFunction, mayCall } from "../../model/shared/functionAccess";
import { isWithinRawLimit } from "../../model/shared/limits";
import { type EventRole, isTeamRole, MAX_TEAM_MEMBERS, TEAM_MESSAGES, type TeamRole } from "../../model/shared/team";
import { isTransferEmail, MAX_TRANSFER_EMAIL_LENGTH, normalizeTransferEmail } from "../../model/shared/ticketTransfer";

/** More invitations than anyone gets before signing in; any beyond wait for the next sign-in. */
const MAX_CLAIMS_PER_SIGN_IN = 100;

/** The caller's role on `event`, or null: the creator is its organizer, a joined member has their role. */
export async function eventRoleOf(ctx: QueryCtx, event: Doc<"events">, userId: Id<"users"> | null): Promise<EventRole | null> {
  if (userId === null) return null;
  if (event.creatorId === userId) return "organizer";
  const member = await ctx.db
    .query("teamMembers")
    .withIndex("by_userId_and_eventId", (q) => q.eq("userId", userId).eq("eventId", event._id))
    .unique();
  return member?.role ?? null;
}

/**
 * The event, when `userId` may call `fn` on it (shared/functionAccess.ts). Signed out, a stranger,
 * a role the table does not list, a removed member and an event that does not exist all get the
 * function's own refusal: nobody learns more than "not for you".
 */
export async function requireEventRole(
  ctx: QueryCtx,
  fn: EventFunction,
  userId: Id<"users"> | null,
  eventId: Id<"events"> | null,
  refusal: () => ConvexError<{ code: string; message: string }>,
): Promise<{ event: Doc<"events">; role: EventRole }> {
  const event = eventId === null ? null : await ctx.db.get("events", eventId);
  const role = event === null ? null : await eventRoleOf(ctx, event, userId);
  if (event === null || role === null || !mayCall(fn, role)) throw refusal();
  return { event, role };
}

/** The e-mail an invitation is for (lower case), or the refusal of a malformed one. */
function inviteEmailOf(raw: string): string {
  // The same rules as a ticket transfer's e-mail: bounded before any work, plain text, an address.
  const email = isWithinRawLimit(raw, MAX_TRANSFER_EMAIL_LENGTH) ? normalizeTransferEmail(raw) : "";
  if (!isTransferEmail(email) || !isPlainEmailText(email)) throw appError("INVALID_EMAIL", TEAM_MESSAGES.invalidEmail);
  return email;
}

/** An account already using `email` (as stored, or in lower case), so its role acts at once. */
async function accountOf(ctx: QueryCtx, email: string, raw: string): Promise<Id<"users"> | null> {
  for (const candidate of new Set([email, raw.trim()])) {
    const user = await ctx.db
      .query("users")
      .withIndex("email", (q) => q.eq("email", candidate))
      .first();
    if (user !== null) return user._id;
  }
  return null;
}

/** Invites `rawEmail` to the organizer's event with `rawRole`; all refusals come before any write. */
export async function inviteMember(
  ctx: MutationCtx,
  organizer: Doc<"users">,
  event: Doc<"events">,
  invite: { email: string; role: string },
  now: number,
): Promise<Id<"teamMembers">> {
  const role: TeamRole | null = isTeamRole(invite.role) ? invite.role : null;
  if (role === null) throw appError("INVALID_TEAM_ROLE", TEAM_MESSAGES.invalidRole);
  const email = inviteEmailOf(invite.email);
  if (organizer.email !== undefined && normalizeTransferEmail(organizer.email) === email) {
    throw appError("TEAM_INVITE_REFUSED", TEAM_MESSAGES.yourself);
  }
  const team = await ctx.db
    .query("teamMembers")
    .withIndex("by_eventId_and_email", (q) => q.eq("eventId", event._id))
    .take(MAX_TEAM_MEMBERS + 1);
  if (team.some((member) => member.email === email)) throw appError("TEAM_INVITE_REFUSED", TEAM_MESSAGES.alreadyInvited);
  if (team.length >= MAX_TEAM_MEMBERS) throw appError("TEAM_INVITE_REFUSED", TEAM_MESSAGES.teamFull);
  const userId = await accountOf(ctx, email, invite.email);
  if (userId === organizer._id) throw appError("TEAM_INVITE_REFUSED", TEAM_MESSAGES.yourself);
  return ctx.db.insert("teamMembers", { eventId: event._id, email, role, invitedAt: now, ...(userId === null ? {} : { userId }) });
}

/** The event's team, oldest invitation first (bounded by MAX_TEAM_MEMBERS). */
export async function teamOf(ctx: QueryCtx, eventId: Id<"events">) {
  const team = await ctx.db
    .query("teamMembers")
    .withIndex("by_eventId_and_email", (q) => q.eq("eventId", eventId))
    .take(MAX_TEAM_MEMBERS);
  return team
    .sort((a, b) => a.invitedAt - b.invitedAt)
    .map(({ _id, email, role, userId, invitedAt }) => ({ _id, email, role, joined: userId !== undefined, invitedAt }));
}

/** Removes a member of the organizer's event at once: every check reads the row, so open pages lose access live. */
export async function removeMember(ctx: MutationCtx, event: Doc<"events">, memberId: Id<"teamMembers"> | null): Promise<void> {
  const member = memberId === null ? null : await ctx.db.get("teamMembers", memberId);
  if (member === null || member.eventId !== event._id) throw appError("TEAM_MEMBER_NOT_FOUND", TEAM_MESSAGES.memberNotFound);
  await ctx.db.delete("teamMembers", member._id);
}

/** At sign-in: the invitations waiting for this e-mail become this account's roles. */
export async function claimTeamInvites(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  const user = await ctx.db.get("users", userId);
  if (user === null || user.email === undefined) return;
  const email = normalizeTransferEmail(user.email);
  const waiting = await ctx.db
    .query("teamMembers")
    .withIndex("by_email_and_userId", (q) => q.eq("email", email).eq("userId", undefined))
    .take(MAX_CLAIMS_PER_SIGN_IN);
  for (const invite of waiting) {
    const event = await ctx.db.get("events", invite.eventId);
    // The organizer's own e-mail never becomes a member of their own event.
    if (event === null || event.creatorId === userId) continue;
    await ctx.db.patch("teamMembers", invite._id, { userId });
  }
}
