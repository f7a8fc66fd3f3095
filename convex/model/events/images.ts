import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { storageIdArg } from "../core/args";
import { appError } from "../../model/shared/errors";
import { isAcceptableImage } from "../../model/shared/imageRules";
import { MESSAGES } from "../../model/shared/texts";

/** An upload not attached to an event within a day is deleted: the form is long closed. */
export const UNUSED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/** The outcome of a claim: a refused file is already deleted, so it is a value, not a throw. */
export type ClaimResult = { accepted: true } | { accepted: false; message: string };

async function uploadOf(ctx: QueryCtx, storageId: Id<"_storage">): Promise<Doc<"imageUploads"> | null> {
  return ctx.db
    .query("imageUploads")
    .withIndex("by_storageId", (q) => q.eq("storageId", storageId))
    .unique();
}

/**
 * Records that `userId` uploaded `storageId`, after checking the stored file's type and size.
 * A wrong file is deleted and refused; the deletion must commit, which is why this returns the
 * refusal instead of throwing. A file someone else claimed, or that is gone, is refused with
 * an error. Claiming one's own unused upload again (a resent mutation) changes nothing.
 */
export async function claimUpload(ctx: MutationCtx, userId: Id<"users">, storageId: Id<"_storage">): Promise<ClaimResult> {
  const file = await ctx.db.system.get("_storage", storageId);
  const upload = await uploadOf(ctx, storageId);
  if (file === null || (upload !== null && (upload.userId !== userId || upload.eventId !== undefined))) {
    throw appError("INVALID_IMAGE", MESSAGES.imageNotFound);
  }
  if (upload !== null) return { accepted: true };
  if (!isAcceptableImage(file.contentType, file.size)) {
    await ctx.storage.delete(storageId);
    return { accepted: false, message: MESSAGES.invalidImage };
  }
  const uploadId = await ctx.db.insert("imageUploads", { storageId, userId });
  await ctx.scheduler.runAfter(UNUSED_UPLOAD_TTL_MS, internal.events.deleteUnusedImage, { uploadId });
  return { accepted: true };
}

/**
 * Checks that `rawStorageId` (a caller's argument) names the caller's own claimed, unused,
 * valid upload, before an event takes it. Returns it with the claim to pass to `markUsed` once
 * the event exists.
 */
export async function requireOwnUnusedUpload(
  ctx: MutationCtx,
  userId: Id<"users">,
  rawStorageId: string,
): Promise<{ storageId: Id<"_storage">; uploadId: Id<"imageUploads"> }> {
  const storageId = storageIdArg(ctx, rawStorageId);
  const upload = storageId === null ? null : await uploadOf(ctx, storageId);
  const file = storageId === null ? null : await ctx.db.system.get("_storage", storageId);
  if (storageId === null || upload === null || upload.userId !== userId || upload.eventId !== undefined || file === null) {
    throw appError("INVALID_IMAGE", MESSAGES.imageNotFound);
  }
  if (!isAcceptableImage(file.contentType, file.size)) throw appError("INVALID_IMAGE", MESSAGES.invalidImage);
  return { storageId, uploadId: upload._id };
}

/** Ties a claimed upload to its event, so it is neither cleaned up nor attached again. */
export async function markUsed(ctx: MutationCtx, uploadId: Id<"imageUploads">, eventId: Id<"events">) {
  await ctx.db.patch("imageUploads", uploadId, { eventId });
}

/** The cleanup scheduled by `claimUpload`: deletes the file and its claim unless an event uses it. */
export async function deleteIfUnused(ctx: MutationCtx, uploadId: Id<"imageUploads">): Promise<void> {
  const upload = await ctx.db.get("imageUploads", uploadId);
  if (upload === null || upload.eventId !== undefined) return;
  if ((await ctx.db.system.get("_storage", upload.storageId)) !== null) await ctx.storage.delete(upload.storageId);
  await ctx.db.delete("imageUploads", uploadId);
}

/** An upload must be claimed within an hour of arriving (the form claims it at once). */
export const CLAIM_WINDOW_MS = 60 * 60 * 1000;

/** Files one sweep transaction looks at: ~3 reads and a write each, far below the limits. */
export const SWEEP_PAGE_SIZE = 500;

/** The files one sweep run covers: created in [from, to), page by page from `cursor`. */
export type SweepRange = { from: number; to: number; cursor: string | null };

/**
 * Starts a sweep of files nobody claimed within CLAIM_WINDOW_MS (a tab closed between upload
 * and claim, or a client that never claims): from where the last finished run stopped (the
 * beginning, the first time, so an old backlog goes too) to an hour ago. Claimed files have
 * their own cleanup (`deleteIfUnused`, a day after the claim).
 */
export async function startUnclaimedSweep(ctx: MutationCtx, now: number): Promise<SweepRange> {
  const progress = await ctx.db.query("uploadSweeps").first();
  return { from: progress?.sweptBefore ?? 0, to: now - CLAIM_WINDOW_MS, cursor: null };
}

/**
 * Deletes the unclaimed files of one page of the range and schedules the next page, so a run
 * goes through every due file however many there are, each transaction within Convex's limits.
 * The last page records how far the run got. Runs that overlap (a long backlog still going when
 * the next hour starts) only find fewer files. Every stored file is an event image today: a new
 * kind of upload needs its own claim table, and this sweep must learn to leave it alone.
 * Returns how many files the page deleted.
 */
export async function sweepUnclaimedPage(ctx: MutationCtx, { from, to, cursor }: SweepRange): Promise<number> {
  const page = await ctx.db.system
    .query("_storage")
    .withIndex("by_creation_time", (q) => q.gte("_creationTime", from).lt("_creationTime", to))
    .paginate({ numItems: SWEEP_PAGE_SIZE, cursor });
  let deleted = 0;
  for (const file of page.page) {
    if ((await uploadOf(ctx, file._id)) !== null) continue;
    await ctx.storage.delete(file._id);
    deleted++;
  }
  if (!page.isDone) {
    await ctx.scheduler.runAfter(0, internal.eventImages.sweepUnclaimed, { from, to, cursor: page.continueCursor });
  } else {
    const progress = await ctx.db.query("uploadSweeps").first();
    if (progress === null) await ctx.db.insert("uploadSweeps", { sweptBefore: to });
    else if (progress.sweptBefore < to) await ctx.db.patch("uploadSweeps", progress._id, { sweptBefore: to });
  }
  return deleted;
}

/** The URL an event's image is shown from: its uploaded file's, else the pasted URL, else null. */
export async function imageUrlOf(ctx: QueryCtx, event: Pick<Doc<"events">, "imageUrl" | "imageStorageId">): Promise<string | null> {
  if (event.imageStorageId !== undefined) return ctx.storage.getUrl(event.imageStorageId);
  return event.imageUrl ?? null;
}

/** An event's uploaded image it no longer uses (replaced or removed): the file and its claim go. */
export async function deleteEventImage(ctx: MutationCtx, storageId: Id<"_storage">): Promise<void> {
  const upload = await uploadOf(ctx, storageId);
  if (upload !== null) await ctx.db.delete("imageUploads", upload._id);
  if ((await ctx.db.system.get("_storage", storageId)) !== null) await ctx.storage.delete(storageId);
}
