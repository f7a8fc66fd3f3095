import { v } from "convex/values";
import { eventFields } from "./model/events/fields";
import { internalMutation, query } from "./_generated/server";
import { idArg, storageIdArg } from "./model/core/args";
import { appError } from "./model/shared/errors";
import { claimUpload, deleteIfUnused } from "./model/events/images";
import { toEventDetail, toOwnEvent } from "./model/events/views";
import { createEvent } from "./model/events/create";
import { editEvent, type ImageChange } from "./model/events/edit";
import { eventFilterFields, listEvents } from "./model/events/search";
import { timelineOf } from "./model/events/timeline";
import { MESSAGES } from "./model/shared/texts";
import { cancelEvent } from "./model/settlement/settle";
import { checkPaginationOpts, paginationOptsArg } from "./model/core/pagination";
import { enforceRateLimit } from "./model/core/rateLimits";
import { callerQuery, signedInMutation } from "./model/core/callerFunctions";

/** Bound on "Meus Eventos": far more than anyone creates, small enough for one read. */
export const MAX_OWN_EVENTS = 500;

/**
 * A page of event summaries: upcoming ones soonest first, or with `finished` those that are
 * over, newest first; filtered by name, category, city and date range.
 */
export const list = query({
  args: { ...eventFilterFields, paginationOpts: paginationOptsArg },
  handler: async (ctx, { paginationOpts, ...filters }) => listEvents(ctx, filters, checkPaginationOpts(paginationOpts)),
});

/** One event with its progress, or null for a malformed or unknown id. */
export const get = query({
  args: { id: v.string() },
  handler: async (ctx, { id }) => {
    const eventId = idArg(ctx, "events", id);
    const event = eventId === null ? null : await ctx.db.get("events", eventId);
    return event === null ? null : toEventDetail(ctx, event);
  },
});

/** Creates an event owned by the caller (rules in model/events/create.ts); every field is checked there, whatever the form did. */
export const create = signedInMutation({
  args: eventFields,
  handler: async (ctx, fields) => {
    await enforceRateLimit(ctx, "createEvent", ctx.user._id);
    return createEvent(ctx, ctx.user._id, fields, Date.now());
  },
});

/**
 * "Editar evento" by its creator (rules in model/events/edit.ts). The image: `imageStorageId`
 * (a claimed upload) or `imageUrl` replace it, `removeImage` removes it, none of them keeps it.
 */
export const update = signedInMutation({
  args: { id: v.string(), ...eventFields, removeImage: v.optional(v.boolean()) },
  handler: async (ctx, { id, imageUrl, imageStorageId, removeImage, ...fields }) => {
    const given = [imageUrl !== undefined, imageStorageId !== undefined, removeImage === true].filter(Boolean).length;
    if (given > 1) throw appError("INVALID_EVENT", MESSAGES.invalidEventInput);
    await enforceRateLimit(ctx, "editEvent", ctx.user._id);
    const image: ImageChange =
      imageStorageId !== undefined
        ? { kind: "upload", storageId: imageStorageId }
        : imageUrl !== undefined
          ? { kind: "url", url: imageUrl }
          : removeImage === true
            ? { kind: "remove" }
            : { kind: "keep" };
    await editEvent(ctx, ctx.user._id, idArg(ctx, "events", id), { ...fields, image }, Date.now());
  },
});

/** The creator cancels their event before its date; every support is refunded. */
export const cancel = signedInMutation({
  args: { id: v.string() },
  handler: async (ctx, { id }) => {
    await cancelEvent(ctx, ctx.user._id, idArg(ctx, "events", id));
  },
});

/**
 * Where the signed-in caller may upload one event image (the bytes go straight to storage).
 * Limited per person: a URL takes a file of any size for an hour, and the deployment pays.
 */
export const generateImageUploadUrl = signedInMutation({
  args: {},
  handler: async (ctx) => {
    await enforceRateLimit(ctx, "imageUploadUrl", ctx.user._id);
    return ctx.storage.generateUploadUrl();
  },
});

/**
 * Called right after an upload: checks the stored file (a wrong one is deleted and refused with
 * `{accepted: false, message}`) and records the caller as its uploader, the only one who may
 * attach it to an event.
 */
export const claimImageUpload = signedInMutation({
  args: { storageId: v.string() },
  handler: async (ctx, { storageId: raw }) => {
    const storageId = storageIdArg(ctx, raw);
    if (storageId === null) throw appError("INVALID_IMAGE", MESSAGES.imageNotFound);
    return claimUpload(ctx, ctx.user._id, storageId);
  },
});

/** Scheduled by a claim: removes the upload if no event took it in the meantime. */
export const deleteUnusedImage = internalMutation({
  args: { uploadId: v.id("imageUploads") },
  handler: async (ctx, { uploadId }) => deleteIfUnused(ctx, uploadId),
});

/** The caller's events, soonest first, with surplus/shortfall and status; [] when signed out. */
export const mine = callerQuery({
  args: {},
  handler: async (ctx) => {
    const { user } = ctx;
    if (user === null) return [];
    const events = await ctx.db
      .query("events")
      .withIndex("by_creatorId_and_startsAt", (q) => q.eq("creatorId", user._id))
      .take(MAX_OWN_EVENTS);
    return Promise.all(events.map((event) => toOwnEvent(ctx, event)));
  },
});

/** "Evolução dos apoios": the total over time and the goal, ≤ 100 points; null for a bad id. */
export const timeline = query({
  args: { id: v.string() },
  handler: async (ctx, { id }) => {
    const eventId = idArg(ctx, "events", id);
    const event = eventId === null ? null : await ctx.db.get("events", eventId);
    return event === null ? null : timelineOf(ctx, event);
  },
});
