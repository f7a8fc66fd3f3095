import { getAuthUserId } from "@convex-dev/auth/server";
import type { AnyDataModel, GenericMutationCtx } from "convex/server";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { cleanText, hasVisibleText } from "./cleanText";
import { appError } from "./errors";
import { MESSAGES } from "./messages";
import { INITIAL_WALLET_CENTS } from "./money";

/** The signed-in user's document, or null when signed out (or the user was deleted). */
export async function currentUser(ctx: QueryCtx): Promise<Doc<"users"> | null> {
  const userId = await getAuthUserId(ctx);
  return userId === null ? null : await ctx.db.get("users", userId);
}

/** The signed-in user's document; throws NOT_SIGNED_IN (with `message`) otherwise. */
export async function requireUser(
  ctx: QueryCtx,
  message: string = MESSAGES.notSignedIn,
): Promise<Doc<"users">> {
  const user = await currentUser(ctx);
  if (user === null) throw appError("NOT_SIGNED_IN", message);
  return user;
}

/** A user's balance. SPEC: a wallet that does not exist yet starts at R$ 50,00. */
export function walletCentsOf(user: Doc<"users">): number {
  return user.walletCents ?? INITIAL_WALLET_CENTS;
}

/**
 * The name shown for a user: display name, else e-mail, else "Usuário". Cleaned here too, since
 * a Google profile's name reaches the database as Google sends it.
 */
export function displayNameOf(user: Doc<"users">): string {
  const name = cleanText(user.name ?? "");
  return hasVisibleText(name) ? name : user.email || "Usuário";
}

/** Sets the starting balance on a user's first sign-in (called from Convex Auth's callback). */
export async function giveInitialWallet(
  // Convex Auth's callback hands us a mutation context typed for any data model.
  ctx: GenericMutationCtx<AnyDataModel>,
  userId: Id<"users">,
): Promise<void> {
  const db = (ctx as unknown as MutationCtx).db;
  const user = await db.get("users", userId);
  if (user !== null && user.walletCents === undefined) {
    await db.patch("users", userId, { walletCents: INITIAL_WALLET_CENTS });
  }
}
