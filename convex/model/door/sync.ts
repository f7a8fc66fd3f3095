/**
 * What a door sends when it is back online: the entries it let in, each with the time it
 * happened. The server decides them in the order they happened, whatever order doors reconnect
 * in: a ticket's first entry is the earliest scan of it anywhere; a later one is a duplicate
 * that names the first door and time; a ticket cancelled or transferred meanwhile is refused.
 * Both kinds go to the door's review list. A batch with anything forged (a code the event does
 * not have, a time in the future or before the door's download) is refused whole and logged.
 */
import type { Doc } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { doorKindOf } from "./sessions";
import { countEntry, doorTypeOf, placeOfUsed } from "./figures";
import { DOOR_CLOCK_SLACK_MS, DOOR_MESSAGES, type DoorOutcome, type DoorRefusal, MAX_DOOR_BATCH } from "../../model/shared/door";
import { appError } from "../../model/shared/errors";
import { countCheckIn } from "../tickets/ticketTypes";
import { ticketByRawCode } from "./checkIn";
import { doorNameOf } from "../users/accounts";
import { countOnEvent } from "../events/writer";

/** A device's id for one scan: bounded, so a batch stays small. */
const MAX_CLIENT_ID_LENGTH = 64;

export type DoorScanInput = { clientId: string; code: string; scannedAt: number };
export type DoorScanResult = { clientId: string; outcome: DoorOutcome; firstDoor: string | null; firstAt: number | null };
export type DoorSyncResult = { refused: DoorRefusal | null; results: DoorScanResult[] };

type Scan = DoorScanInput & { ticket: Doc<"tickets"> };

/** Logs a batch refused whole, for the organizer, and answers the door with why. */
export async function refuseBatch(
  ctx: MutationCtx,
  session: Doc<"doorSessions">,
  reason: DoorRefusal,
  entries: number,
  now: number,
): Promise<DoorSyncResult> {
  await ctx.db.insert("doorRefusals", {
    eventId: session.eventId,
    userId: session.userId,
    doorName: session.doorName,
    reason,
    entries,
    at: now,
  });
  return { refused: reason, results: [] };
}

/** The entries not applied yet (a batch sent again after a lost answer is applied once), with their tickets; or why the batch is forged. */
async function newScansOf(
  ctx: MutationCtx,
  session: Doc<"doorSessions">,
  scans: DoorScanInput[],
  now: number,
): Promise<Scan[] | DoorRefusal> {
  const fresh: Scan[] = [];
  for (const scan of scans) {
    const seen = await ctx.db
      .query("doorScans")
      .withIndex("by_sessionId_and_clientId", (q) => q.eq("sessionId", session._id).eq("clientId", scan.clientId))
      .unique();
    if (seen !== null) continue;
    if (scan.scannedAt > now + DOOR_CLOCK_SLACK_MS) return "futureTime";
    if (scan.scannedAt < session.openedAt - DOOR_CLOCK_SLACK_MS) return "beforeDownload";
    const ticket = await ticketByRawCode(ctx, scan.code);
    if (ticket === null || ticket.eventId !== session.eventId) return "unknownCode";
    fresh.push({ ...scan, ticket });
  }
  return fresh;
}

/** Applies a door's batch, in the order its entries happened; all or nothing when forged. */
export async function syncDoor(
  ctx: MutationCtx,
  session: Doc<"doorSessions">,
  scans: DoorScanInput[],
  now: number,
): Promise<DoorSyncResult> {
  if (scans.length > MAX_DOOR_BATCH) throw appError("INVALID_DOOR", DOOR_MESSAGES.batchTooLarge);
  if (scans.some((scan) => scan.clientId.length === 0 || scan.clientId.length > MAX_CLIENT_ID_LENGTH || !Number.isFinite(scan.scannedAt))) {
    throw appError("INVALID_DOOR", DOOR_MESSAGES.invalidBatch);
  }
  const fresh = await newScansOf(ctx, session, scans, now);
  if (typeof fresh === "string") return refuseBatch(ctx, session, fresh, scans.length, now);
  fresh.sort((a, b) => a.scannedAt - b.scannedAt || a.clientId.localeCompare(b.clientId));
  const results: DoorScanResult[] = [];
  // Each entry reads its ticket again: an earlier entry of this batch may have used it.
  for (const scan of fresh) {
    const ticket = await ctx.db.get("tickets", scan.ticket._id);
    if (ticket !== null) results.push(await applyScan(ctx, session, ticket, scan));
  }
  return { refused: null, results };
}

/** One entry, decided against the ticket as it is now. */
async function applyScan(
  ctx: MutationCtx,
  session: Doc<"doorSessions">,
  ticket: Doc<"tickets">,
  scan: DoorScanInput,
): Promise<DoorScanResult> {
  const holder = await ctx.db.get("users", ticket.userId);
  const row = {
    eventId: session.eventId,
    sessionId: session._id,
    clientId: scan.clientId,
    doorName: session.doorName,
    ticketId: ticket._id,
    holderName: holder === null ? "Usuário" : doorNameOf(holder),
    typeLabel: doorKindOf(ticket) ?? "Ingresso",
    scannedAt: scan.scannedAt,
  };
  const record = async (outcome: DoorOutcome, first: { door: string; at: number } | null) => {
    const needsReview = outcome !== "accepted";
    await ctx.db.insert("doorScans", {
      ...row,
      outcome,
      needsReview,
      ...(first === null ? {} : { firstDoor: first.door, firstAt: first.at }),
    });
    return { clientId: scan.clientId, outcome, firstDoor: first?.door ?? null, firstAt: first?.at ?? null };
  };
  if (ticket.status === "cancelled" || ticket.status === "transferred") return record(ticket.status, null);
  if (ticket.status === "used") {
    const first = placeOfUsed(ticket);
    if (first.at <= scan.scannedAt) return record("duplicate", { door: first.door, at: first.at });
    await moveFirstEntry(ctx, session, ticket, scan.scannedAt);
    return record("accepted", null);
  }
  await ctx.db.patch("tickets", ticket._id, { status: "used", usedAt: scan.scannedAt, usedDoor: session.doorName });
  if ((await ctx.db.get("events", session.eventId)) !== null) await countOnEvent(ctx, session.eventId, { ticketsUsed: 1 });
  await countCheckIn(ctx, ticket);
  await countEntry(ctx, session.eventId, { door: session.doorName, at: scan.scannedAt, type: doorTypeOf(ticket) }, 1);
  return record("accepted", null);
}

/**
 * A door that was offline brings an entry earlier than the one the ticket has: it becomes the
 * first entry (time, door, figures), and the entries already recorded for the ticket become
 * duplicates naming it, for their doors to review.
 */
async function moveFirstEntry(ctx: MutationCtx, session: Doc<"doorSessions">, ticket: Doc<"tickets">, at: number): Promise<void> {
  await countEntry(ctx, session.eventId, placeOfUsed(ticket), -1);
  await countEntry(ctx, session.eventId, { door: session.doorName, at, type: doorTypeOf(ticket) }, 1);
  await ctx.db.patch("tickets", ticket._id, { usedAt: at, usedDoor: session.doorName });
  const first = { firstDoor: session.doorName, firstAt: at };
  for (const outcome of ["accepted", "duplicate"] as const) {
    const rows = await ctx.db
      .query("doorScans")
      .withIndex("by_ticketId_and_outcome", (q) => q.eq("ticketId", ticket._id).eq("outcome", outcome))
      .take(MAX_DOOR_BATCH);
    for (const other of rows) await ctx.db.patch("doorScans", other._id, { outcome: "duplicate", needsReview: true, ...first });
  }
}
