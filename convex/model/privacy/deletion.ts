/**
 * `Excluir minha conta`. Refused while something stops it (deletionChecks.ts); otherwise, in one
 * transaction: the person's name, e-mail and image leave their user row, which stays as an
 * anonymous id for the financial records kept 5 years (retention.ts); their sign-in accounts,
 * sessions and refresh tokens are deleted, so every open tab's queries re-run signed out at once
 * (currentUser checks the session); then the scrub (scrub.ts) renames their chat messages to
 * `Conta excluída` and removes the rest, in this transaction for a usual account.
 *
 * Racing a purchase, a support or a deposit: each of those reads the caller's session and user
 * row, which this deletes and rewrites, so Convex runs them one after the other. A purchase that
 * commits first is seen here and stops the deletion; one that comes after finds no session.
 */
import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { appError } from "../../model/shared/errors";
import { DELETION_TEXTS } from "../../model/shared/privacy";
import { deletionBlockers } from "./deletionChecks";
import { cancelEmailChange } from "./emailChange";
import { scrub } from "./scrub";
import { rememberWelcomeBonus } from "./welcomeBonus";

/** Rows the deletion's own transaction handles before it leaves the rest to scheduled batches. */
export const SCRUB_BUDGET = 1_000;
/**
 * Sign-in rows read per kind: far above what a person has. A refresh token left past it names
 * only its deleted session and can no longer refresh anything.
 */
const MAX_SIGN_IN_ROWS = 1_000;

async function deleteSignIns(ctx: MutationCtx, userId: Id<"users">) {
  const accounts = await ctx.db
    .query("authAccounts")
    .withIndex("userIdAndProvider", (q) => q.eq("userId", userId))
    .collect();
  for (const account of accounts) {
    const codes = await ctx.db
      .query("authVerificationCodes")
      .withIndex("accountId", (q) => q.eq("accountId", account._id))
      .take(MAX_SIGN_IN_ROWS);
    for (const code of codes) await ctx.db.delete("authVerificationCodes", code._id);
    await ctx.db.delete("authAccounts", account._id);
  }
  const sessions = await ctx.db
    .query("authSessions")
    .withIndex("userId", (q) => q.eq("userId", userId))
    .collect();
  for (const session of sessions) {
    const tokens = await ctx.db
      .query("authRefreshTokens")
      .withIndex("sessionId", (q) => q.eq("sessionId", session._id))
      .take(MAX_SIGN_IN_ROWS);
    for (const token of tokens) await ctx.db.delete("authRefreshTokens", token._id);
    await ctx.db.delete("authSessions", session._id);
  }
}

/** The user row without anything that names the person: the wallet's figures and when it was deleted. */
async function anonymize(ctx: MutationCtx, user: Doc<"users">, now: number) {
  const { walletCents, promoCents, owedCents } = user;
  await ctx.db.replace("users", user._id, { walletCents, promoCents, owedCents, deletedAt: now });
}

/** Deletes the caller's account, or throws ACCOUNT_NOT_DELETABLE with the first reason and what to do. */
export async function deleteAccount(ctx: MutationCtx, user: Doc<"users">, now: number): Promise<void> {
  const [blocker] = await deletionBlockers(ctx, user, now);
  if (blocker !== undefined) throw appError("ACCOUNT_NOT_DELETABLE", `${blocker.reason} ${blocker.whatToDo}`, DELETION_TEXTS.refusedTitle);
  const email = user.email ?? null;
  // Signing up again with this e-mail gives no second welcome bonus: only its keyed fingerprint stays.
  await rememberWelcomeBonus(ctx, user.email);
  await cancelEmailChange(ctx, user._id);
  await deleteSignIns(ctx, user._id);
  await anonymize(ctx, user, now);
  const left = await scrub(ctx, { userId: user._id, email }, { step: 0, after: 0 }, SCRUB_BUDGET);
  if (left !== null) await ctx.scheduler.runAfter(0, internal.myData.continueScrub, { userId: user._id, email, ...left });
}
