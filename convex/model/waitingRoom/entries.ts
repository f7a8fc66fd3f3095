/**
 * A person in the room: joining (one place per account, whatever tab or device asks) and the
 * turn a purchase needs. A join writes only its own entry; it reads the room's document, which
 * the opening writes, so it is early (in the draw) exactly when it commits before the opening.
 */
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { appError } from "../../model/shared/errors";
import { MESSAGES } from "../../model/shared/texts";
import { WAITING_ROOM_MESSAGES } from "../../model/shared/waitingRoom";
import { gateClosedReason, gateOf } from "../supports/gates";
import { wakeRoom } from "./outflow";
import { entryOf, openingOf, roomOf } from "./rooms";

/** `Entrar na sala de espera`: before the opening into the draw, after it at the end of the line. */
export async function joinRoom(ctx: MutationCtx, userId: Id<"users">, eventId: Id<"events"> | null, now: number) {
  const gate = eventId === null ? null : await gateOf(ctx, eventId);
  if (eventId === null || gate === null) throw appError("EVENT_NOT_FOUND", MESSAGES.eventNotFound);
  const room = await roomOf(ctx, eventId);
  if (room === null) throw appError("INVALID_SALE_OPENING", WAITING_ROOM_MESSAGES.noRoom);
  const closed = gateClosedReason(gate, now);
  if ((closed !== null && closed !== "concluded") || room.status === "soldOut" || room.status === "closed")
    throw appError("SALE_ENDED", WAITING_ROOM_MESSAGES.saleEnded);
  if ((await entryOf(ctx, eventId, userId)) !== null) throw appError("ALREADY_IN_ROOM", WAITING_ROOM_MESSAGES.alreadyIn);
  const early = room.status === "waiting" && now < room.opensAt;
  const entryId = await ctx.db.insert("waitingRoomEntries", { eventId, userId, early });
  if (!early) await wakeRoom(ctx, room, now);
  return entryId;
}

/**
 * Whether the event sells through a `Sala de espera`: its purchases then need a turn, one
 * purchase each, which limits a buyer more tightly than the purchase rate limit does.
 */
export async function sellsThroughRoom(ctx: MutationCtx, eventId: Id<"events"> | null): Promise<boolean> {
  return eventId !== null && (await openingOf(ctx, eventId)) !== null;
}

/**
 * The purchase's gate on an event with a room: the caller's own turn, running and not used yet,
 * which this purchase then uses (two tabs buying at once both write the entry: one commits, the
 * other is retried and finds the turn used). A refusal changes nothing: the place is kept.
 * A waiting-list hold is a turn of its own (units set aside for that buyer), so it passes.
 */
export async function takeSaleTurn(
  ctx: MutationCtx,
  eventId: Id<"events">,
  userId: Id<"users">,
  fromHold: boolean,
  now: number,
): Promise<void> {
  if (fromHold || (await openingOf(ctx, eventId)) === null) return;
  const entry = await entryOf(ctx, eventId, userId);
  if (entry === null || entry.turnEndsAt === undefined || now >= entry.turnEndsAt)
    throw appError("NOT_YOUR_TURN", WAITING_ROOM_MESSAGES.notYourTurn);
  if (entry.turnUsedAt !== undefined) throw appError("TURN_USED", WAITING_ROOM_MESSAGES.turnUsed);
  await ctx.db.patch("waitingRoomEntries", entry._id, { turnUsedAt: now });
}
