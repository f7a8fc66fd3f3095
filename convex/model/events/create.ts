/**
 * "Criar Evento": every field checked here, whatever the form did, and every refusal thrown
 * before the first write. The event, its image, access link, ticket types and rewards are
 * written together, and its settlement is scheduled at its date.
 */
import type { ObjectType } from "convex/values";
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import type { eventFields } from "./fields";
import { markUsed, requireOwnUnusedUpload } from "./images";
import { insertEvent } from "./writer";
import { setAccessLink } from "./onlineAccess";
import { checkNewRewards, insertRewards } from "../rewards/catalog";
import { scheduleSettlement } from "../settlement/settle";
import { validateEventDetails } from "../../model/shared/eventDetails";
import { startsInFuture, validateEventInput } from "../../model/shared/eventInput";
import { appError } from "../../model/shared/errors";
import { MESSAGES } from "../../model/shared/texts";
import { checkNewTicketTypes, insertTicketTypes } from "../tickets/ticketTypes";

export type NewEvent = ObjectType<typeof eventFields>;

/** Creates an event owned by `userId`; returns its id. */
export async function createEvent(ctx: MutationCtx, userId: Id<"users">, fields: NewEvent, now: number): Promise<Id<"events">> {
  const {
    imageStorageId: rawStorageId,
    description,
    venueName,
    city,
    uf,
    isOnline,
    onlineUrl,
    ticketTypes,
    maxTicketsPerPerson,
    fundingMode,
    rewards,
    ...core
  } = fields;
  const input = validateEventInput(core, now);
  if (input === null || (rawStorageId !== undefined && input.imageUrl !== undefined)) {
    throw appError("INVALID_EVENT", MESSAGES.invalidEventInput);
  }
  const checked = validateEventDetails({ description, venueName, city, uf, isOnline, onlineUrl });
  if ("message" in checked) throw appError("INVALID_EVENT", checked.message);
  if (!startsInFuture(input, now)) throw appError("EVENT_IN_PAST", MESSAGES.eventInPast);
  const types = checkNewTicketTypes(ticketTypes, input, now, maxTicketsPerPerson);
  const newRewards = checkNewRewards(rewards, input.goalCents);
  const image = rawStorageId === undefined ? null : await requireOwnUnusedUpload(ctx, userId, rawStorageId);

  const eventId = await insertEvent(ctx, userId, input, { imageStorageId: image?.storageId, details: checked.details, fundingMode });
  if (image !== null) await markUsed(ctx, image.uploadId, eventId);
  await setAccessLink(ctx, eventId, checked.onlineUrl);
  await insertTicketTypes(ctx, eventId, types, maxTicketsPerPerson);
  await insertRewards(ctx, eventId, newRewards);
  await scheduleSettlement(ctx, { _id: eventId, startsAt: input.startsAt });
  return eventId;
}
