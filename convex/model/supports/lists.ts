/**
 * Lists of supports: `Meus apoios` (the caller's own, newest first) and the organizer's list of
 * supporters behind `Baixar apoiadores (CSV)` (model/shared/supporterCsv.ts writes the file in
 * the browser). Both read the contributions ledger, page by page; a support still in the
 * event's queue shows once applied, and a refunded one reads `Estornado`.
 */
import type { PaginationOptions } from "convex/server";
import type { Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { paginateOrRefuse } from "../core/pagination";
import { appError } from "../../model/shared/errors";
import { REWARD_MESSAGES } from "../../model/shared/rewards";
import { SUPPORT_STATE_LABELS, type SupporterRow } from "../../model/shared/supporterCsv";
import { requireEventRole } from "../team/members";
import { listedNameOf } from "../users/accounts";

function stateOf(contribution: Doc<"contributions">) {
  return SUPPORT_STATE_LABELS[contribution.refundedAt === undefined ? "confirmed" : "refunded"];
}

/** Reads each reward once per page. */
function rewardTitles(ctx: QueryCtx) {
  const titles = new Map<Id<"rewards">, string | null>();
  return async (rewardId: Id<"rewards"> | undefined): Promise<string | null> => {
    if (rewardId === undefined) return null;
    if (!titles.has(rewardId)) titles.set(rewardId, (await ctx.db.get("rewards", rewardId))?.title ?? null);
    return titles.get(rewardId) ?? null;
  };
}

/** A page of `Meus apoios`: event, amount, reward, answer and state of each of the user's supports. */
export async function mySupportsPage(ctx: QueryCtx, userId: Id<"users">, paginationOpts: PaginationOptions) {
  const page = await paginateOrRefuse(
    ctx.db
      .query("contributions")
      .withIndex("by_userId", (q) => q.eq("userId", userId))
      .order("desc"),
    paginationOpts,
  );
  const titleOf = rewardTitles(ctx);
  const rows = await Promise.all(
    page.page.map(async (contribution) => ({
      _id: contribution._id,
      at: contribution._creationTime,
      eventId: contribution.eventId,
      eventName: (await ctx.db.get("events", contribution.eventId))?.name ?? "Evento removido",
      amountCents: contribution.amountCents,
      rewardTitle: await titleOf(contribution.rewardId),
      answer: contribution.answer ?? null,
      state: stateOf(contribution),
    })),
  );
  return { ...page, page: rows };
}

/** The event for its organizer (or `Gerente`), or the refusal for anyone else (the supporters' data is theirs to see alone). */
export async function requireEventOrganizer(ctx: QueryCtx, userId: Id<"users"> | null, eventId: Id<"events"> | null) {
  const refusal = () => appError("NOT_THE_ORGANIZER", REWARD_MESSAGES.notTheOrganizer);
  return (await requireEventRole(ctx, "rewards:supporters", userId, eventId, refusal)).event;
}

/** A page of the event's supports as the CSV's rows, oldest first per supporter. */
export async function supporterPage(ctx: QueryCtx, event: Doc<"events">, paginationOpts: PaginationOptions) {
  const page = await paginateOrRefuse(
    ctx.db.query("contributions").withIndex("by_eventId_and_userId", (q) => q.eq("eventId", event._id)),
    paginationOpts,
  );
  const titleOf = rewardTitles(ctx);
  const rows: SupporterRow[] = await Promise.all(
    page.page.map(async (contribution) => {
      const supporter = await ctx.db.get("users", contribution.userId);
      return {
        name: listedNameOf(supporter),
        email: supporter?.email ?? "",
        amountCents: contribution.amountCents,
        rewardTitle: await titleOf(contribution.rewardId),
        answer: contribution.answer ?? null,
        at: contribution._creationTime,
        state: stateOf(contribution),
        feeCents: contribution.feeCents ?? null,
      };
    }),
  );
  return { ...page, page: rows };
}
