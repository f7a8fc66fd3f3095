import { getAuthSessionId, getAuthUserId } from "@convex-dev/auth/server";
import type { Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { cleanText, hasVisibleText } from "../../model/shared/cleanText";
import { appError } from "../../model/shared/errors";
import { MESSAGES } from "../../model/shared/texts";
import { DELETED_ACCOUNT_NAME } from "../../model/shared/hiddenNames";
import { INITIAL_WALLET_CENTS } from "../../model/shared/money";

/**
 * The signed-in user's document, or null when signed out (or the user was deleted).
 * A JWT stays valid until it expires, up to an hour after it was issued; signing out deletes
 * its session (and the cleanup deletes expired ones), so the session must still exist too:
 * one indexed read, and the caller's queries re-run, signed out, the moment it goes.
 */
export async function currentUser(ctx: QueryCtx): Promise<Doc<"users"> | null> {
  const userId = await signedInUserId(ctx);
  return userId === null ? null : await ctx.db.get("users", userId);
}

/**
 * The signed-in caller's id, with the same session check as `currentUser`, for a query that
 * needs no more than the id (the bell's count): the user document, rewritten at every wallet
 * change, is not read.
 */
export async function signedInUserId(ctx: QueryCtx): Promise<Id<"users"> | null> {
  const userId = await getAuthUserId(ctx);
  const rawSessionId = userId === null ? null : await getAuthSessionId(ctx);
  const sessionId = rawSessionId === null ? null : ctx.db.normalizeId("authSessions", rawSessionId);
  if (userId === null || sessionId === null || (await ctx.db.get("authSessions", sessionId)) === null) return null;
  return userId;
}

/** The caller's document (see `currentUser`); throws NOT_SIGNED_IN (with `message`) when signed out. */
export function requireSignedIn(user: Doc<"users"> | null, message: string = MESSAGES.notSignedIn): Doc<"users"> {
  if (user === null) throw appError("NOT_SIGNED_IN", message);
  return user;
}

/** A user's balance. A wallet that does not exist yet starts at R$ 50,00. */
export function walletCentsOf(user: Doc<"users">): number {
  return user.walletCents ?? INITIAL_WALLET_CENTS;
}

/**
 * The name shown for a user: display name, else e-mail, else "Usuário". Cleaned here too, since
 * a Google profile's name reaches the database as Google sends it.
 */
export function displayNameOf(user: Doc<"users">): string {
  if (user.deletedAt !== undefined) return DELETED_ACCOUNT_NAME;
  return ownNameOf(user) ?? (user.email || NO_NAME);
}

/** The name the door sees: the person's own name, never their e-mail (door staff see no e-mails). */
export function doorNameOf(user: Doc<"users">): string {
  return ownNameOf(user) ?? NO_NAME;
}

/** The name an organizer's list shows: the person's own name as stored, or `Conta excluída` once deleted. */
export function listedNameOf(user: Doc<"users"> | null): string {
  if (user?.deletedAt !== undefined) return DELETED_ACCOUNT_NAME;
  return user?.name ?? "";
}

/** The avatar menu's name: the display name, or "Usuário" when there is none (never the e-mail). */
export function menuNameOf(user: Doc<"users">): string {
  return ownNameOf(user) ?? NO_NAME;
}

const NO_NAME = "Usuário";

/** The user's own name, cleaned, or null when it shows nothing. */
function ownNameOf(user: Doc<"users">): string | null {
  const name = cleanText(user.name ?? "");
  return hasVisibleText(name) ? name : null;
}
