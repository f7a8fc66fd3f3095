import { v } from "convex/values";
import { idArg } from "./model/core/args";
import { callerQuery, signedInMutation } from "./model/core/callerFunctions";
import {
  doorCodesPage,
  doorRefusalsOf,
  doorReviewOf,
  notAtTheDoor,
  openDoor,
  sessionOf,
  undoCheckIn as undoCheckInOf,
} from "./model/door/sessions";
import { doorFiguresOf } from "./model/door/figures";
import { refuseBatch, syncDoor } from "./model/door/sync";
import { checkPaginationOpts, paginationOptsArg } from "./model/core/pagination";
import { enforceRateLimit } from "./model/core/rateLimits";
import { appError } from "./model/shared/errors";
import { mayCall } from "./model/shared/functionAccess";
import { TEAM_MESSAGES } from "./model/shared/team";
import { eventRoleOf, requireEventRole } from "./model/team/members";

const notTheOrganizer = () => appError("NOT_THE_ORGANIZER", TEAM_MESSAGES.notTheOrganizer);
const notCoordinator = () => appError("NOT_AT_THE_DOOR", TEAM_MESSAGES.notCoordinator);

/** Opens the caller's door (its name) before the download: entries sent later must come after it. */
export const open = signedInMutation({
  args: { eventId: v.string(), doorName: v.string() },
  handler: async (ctx, { eventId, doorName }) => {
    const { event } = await requireEventRole(ctx, "door:open", ctx.user._id, idArg(ctx, "events", eventId), notAtTheDoor);
    return openDoor(ctx, event, ctx.user._id, doorName, Date.now());
  },
});

/** A page of what the door keeps to decide offline: each valid code's fingerprint, holder's name and type. */
export const codes = callerQuery({
  args: { eventId: v.string(), paginationOpts: paginationOptsArg },
  handler: async (ctx, { eventId, paginationOpts }) => {
    const opts = checkPaginationOpts(paginationOpts);
    const { event } = await requireEventRole(ctx, "door:codes", ctx.user?._id ?? null, idArg(ctx, "events", eventId), notAtTheDoor);
    return doorCodesPage(ctx, event, opts);
  },
});

/**
 * The entries a door let in (while offline, or just now), up to 100 at a time. Someone removed
 * from the team meanwhile gets the batch refused (and the organizer sees it), not applied.
 */
export const sync = signedInMutation({
  args: { sessionId: v.string(), scans: v.array(v.object({ clientId: v.string(), code: v.string(), scannedAt: v.number() })) },
  handler: async (ctx, { sessionId, scans }) => {
    const session = await sessionOf(ctx, ctx.user._id, idArg(ctx, "doorSessions", sessionId));
    const event = await ctx.db.get("events", session.eventId);
    if (event === null) throw notAtTheDoor();
    const now = Date.now();
    if (!mayCall("door:sync", await eventRoleOf(ctx, event, ctx.user._id)))
      return refuseBatch(ctx, session, "notInTeam", scans.length, now);
    // A batch spends one of the person's check-in tries (60 a minute): forged batches cannot flood the organizer's log.
    await enforceRateLimit(ctx, "checkIn", ctx.user._id);
    return syncDoor(ctx, session, scans, now);
  },
});

/** The caller's door's entries to review (duplicates with their first door, cancelled, transferred), live. */
export const review = callerQuery({
  args: { sessionId: v.string() },
  handler: async (ctx, { sessionId }) => {
    if (ctx.user === null) throw notAtTheDoor();
    const session = await sessionOf(ctx, ctx.user._id, idArg(ctx, "doorSessions", sessionId));
    await requireEventRole(ctx, "door:review", ctx.user._id, session.eventId, notAtTheDoor);
    return doorReviewOf(ctx, session);
  },
});

/** `Desfazer check-in`: `Coordenação da portaria` and above. */
export const undoCheckIn = signedInMutation({
  args: { eventId: v.string(), code: v.string() },
  handler: async (ctx, { eventId, code }) => {
    const { event } = await requireEventRole(ctx, "door:undoCheckIn", ctx.user._id, idArg(ctx, "events", eventId), notCoordinator);
    return undoCheckInOf(ctx, event, code);
  },
});

/** Who is in, and entries per door, hour and type, live: the door leads. */
export const figures = callerQuery({
  args: { eventId: v.string() },
  handler: async (ctx, { eventId }) => {
    const { event } = await requireEventRole(ctx, "door:figures", ctx.user?._id ?? null, idArg(ctx, "events", eventId), notAtTheDoor);
    return doorFiguresOf(ctx, event);
  },
});

/** The door batches refused whole (forged or sent by someone removed), newest first. */
export const refusals = callerQuery({
  args: { eventId: v.string() },
  handler: async (ctx, { eventId }) => {
    const { event } = await requireEventRole(ctx, "door:refusals", ctx.user?._id ?? null, idArg(ctx, "events", eventId), notTheOrganizer);
    return doorRefusalsOf(ctx, event);
  },
});
