/**
 * "Editar evento": what the creator may change, and when.
 * - Before the event starts (and while it is neither settled nor cancelled): description,
 *   place and image, at any time.
 * - Name, category, date, goal, minimum, goal percentage, ticketing and `Modalidade` only while
 *   nobody has supported it: supporters chose the event as it was.
 * - `Recompensas` at any time before the start, within their own rules (model/rewards/catalog.ts).
 * A new date reschedules the settlement (replacing the pending one) and moves the search rows.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { deleteEventImage, markUsed, requireOwnUnusedUpload } from "./images";
import { writeEvent } from "./writer";
import { scheduleSettlement } from "../settlement/settle";
import { followEdit, gateOf } from "../supports/gates";
import { validateEventDetails, type EventDetailsInput } from "../../model/shared/eventDetails";
import { isSafeImageUrl, startsInFuture, validateEventInput, type EventInput, type ValidEventInput } from "../../model/shared/eventInput";
import { appError } from "../../model/shared/errors";
import { MESSAGES } from "../../model/shared/texts";
import { setAccessLink } from "./onlineAccess";
import { replaceTicketTypes } from "../tickets/ticketTypes";
import { replaceRewards } from "../rewards/catalog";
import { fundingModeOf, type FundingMode } from "../../model/shared/fundingMode";
import type { RewardInput } from "../../model/shared/rewards";
import { mayCall } from "../../model/shared/functionAccess";
import { eventRoleOf } from "../team/members";
import { TICKET_MESSAGES, type TicketTypeInput } from "../../model/shared/ticketTypes";

/** How the image changes: kept, replaced by a URL or an upload, or removed. */
export type ImageChange = { kind: "keep" } | { kind: "url"; url: string } | { kind: "upload"; storageId: string } | { kind: "remove" };

export type EventEdit = Omit<EventInput, "imageUrl"> &
  EventDetailsInput & {
    image: ImageChange;
    ticketTypes?: TicketTypeInput[];
    maxTicketsPerPerson?: number;
    fundingMode?: FundingMode;
    rewards?: RewardInput[];
  };

/** The fields frozen by the first support. */
const CORE_FIELDS = ["name", "category", "startsAt", "goalCents", "minSupportCents", "goalPercentage", "isTicketed"] as const;

/**
 * Someone supported or bought, even if it was all cancelled since: `ticketsGenerated` counts
 * every ticket ever issued and never goes down (model/events/writer.ts), like the gate's `supported`.
 */
export function hasSupports(event: Pick<Doc<"events">, "raisedCents" | "uniqueSupporters" | "ticketsGenerated">): boolean {
  return event.raisedCents > 0 || event.uniqueSupporters > 0 || event.ticketsGenerated > 0;
}

/** Applies an edit by `userId`, all or nothing; every refusal is thrown before the first write. */
export async function editEvent(
  ctx: MutationCtx,
  userId: Id<"users">,
  eventId: Id<"events"> | null,
  edit: EventEdit,
  now: number,
): Promise<void> {
  const event = eventId === null ? null : await ctx.db.get("events", eventId);
  if (event === null) throw appError("EVENT_NOT_FOUND", MESSAGES.eventNotFound);
  if (!mayCall("events:update", await eventRoleOf(ctx, event, userId))) throw appError("NOT_THE_CREATOR", MESSAGES.notTheCreatorToEdit);
  if (event.settlement === "cancelled") throw appError("EVENT_CANCELLED", MESSAGES.eventCancelled);
  if (event.settlement !== undefined || now >= event.startsAt) throw appError("EVENT_STARTED", MESSAGES.editAfterStart);

  const { image, description, venueName, city, uf, isOnline, onlineUrl, ticketTypes, maxTicketsPerPerson, fundingMode, rewards, ...core } =
    edit;
  const input = validateEventInput(core, now);
  if (input === null) throw appError("INVALID_EVENT", MESSAGES.invalidEventInput);
  const checked = validateEventDetails({ description, venueName, city, uf, isOnline, onlineUrl });
  if ("message" in checked) throw appError("INVALID_EVENT", checked.message);
  const modeChanged = fundingMode !== undefined && fundingMode !== fundingModeOf(event);
  const coreChanged = modeChanged || CORE_FIELDS.some((field) => input[field] !== event[field]);
  // A support still in the queue counts too: the gate is marked by the first one queued.
  const supported = hasSupports(event) || (await gateOf(ctx, event._id))?.supported === true;
  if (coreChanged && supported) throw appError("EVENT_ALREADY_SUPPORTED", MESSAGES.editAfterSupport);
  if (input.startsAt !== event.startsAt && !startsInFuture(input, now)) {
    throw appError("EVENT_IN_PAST", MESSAGES.eventInPast);
  }
  const imagePatch = await imagePatchOf(ctx, userId, event, image);
  if (ticketTypes === undefined && event.hasTicketTypes === true && !input.isTicketed) {
    throw appError("INVALID_TICKET_TYPE", TICKET_MESSAGES.typesNeedTickets);
  }
  if (ticketTypes !== undefined) {
    await replaceTicketTypes(ctx, { ...event, ...coreOf(input) }, ticketTypes, {
      now,
      hasSupports: supported,
      maxPerPerson: maxTicketsPerPerson,
    });
  }
  if (rewards !== undefined) await replaceRewards(ctx, { _id: event._id, goalCents: input.goalCents }, rewards);

  const { description: newDescription, ...place } = checked.details;
  // The writer moves the search rows when the name, date, category or city changed.
  await writeEvent(ctx, event._id, {
    ...coreOf(input),
    // Every place field is written, so a switch to or from online clears the other kind's.
    venueName: place.venueName,
    city: place.city,
    uf: place.uf,
    cityKey: place.cityKey,
    isOnline: place.isOnline,
    description: newDescription,
    ...(modeChanged ? { fundingMode: fundingMode === "flexible" ? ("flexible" as const) : undefined } : {}),
    ...imagePatch.fields,
  });
  await setAccessLink(ctx, event._id, checked.onlineUrl);
  if (imagePatch.uploadId !== undefined) await markUsed(ctx, imagePatch.uploadId, event._id);
  if (imagePatch.fields.imageStorageId !== event.imageStorageId && event.imageStorageId !== undefined) {
    await deleteEventImage(ctx, event.imageStorageId);
  }
  if (input.startsAt !== event.startsAt) await scheduleSettlement(ctx, { ...event, startsAt: input.startsAt });
  await followEdit(ctx, { _id: event._id, startsAt: input.startsAt, minSupportCents: input.minSupportCents });
}

function coreOf(input: ValidEventInput) {
  const { name, category, startsAt, goalCents, minSupportCents, goalPercentage, isTicketed } = input;
  return { name, category, startsAt, goalCents, minSupportCents, goalPercentage, isTicketed };
}

/** The image fields after the change (undefined clears a field), checked before any write. */
async function imagePatchOf(
  ctx: MutationCtx,
  userId: Id<"users">,
  event: Doc<"events">,
  change: ImageChange,
): Promise<{ fields: { imageUrl?: string; imageStorageId?: Id<"_storage"> }; uploadId?: Id<"imageUploads"> }> {
  if (change.kind === "keep") return { fields: { imageUrl: event.imageUrl, imageStorageId: event.imageStorageId } };
  if (change.kind === "remove") return { fields: { imageUrl: undefined, imageStorageId: undefined } };
  if (change.kind === "upload") {
    const upload = await requireOwnUnusedUpload(ctx, userId, change.storageId);
    return { fields: { imageUrl: undefined, imageStorageId: upload.storageId }, uploadId: upload.uploadId };
  }
  const url = change.url.trim();
  if (!isSafeImageUrl(url)) throw appError("INVALID_EVENT", MESSAGES.invalidEventInput);
  return { fields: { imageUrl: url, imageStorageId: undefined } };
}
