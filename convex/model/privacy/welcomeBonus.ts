/**
 * The welcome bonus (R$ 50,00) is given once per e-mail, not once per account: deleting an account
 * and signing up again with the same e-mail must not give a second one. What is kept to know it is
 * the least possible: a keyed fingerprint of each e-mail that had the bonus (keyedHash.ts), with no
 * person, no address and no date. It is written when the bonus is given, when an account is
 * deleted (accounts from before this record) and when an e-mail is changed (the old address).
 */
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { keyedHash } from "./keyedHash";

const PURPOSE = "welcome-bonus-email";

async function fingerprintOf(email: string): Promise<string> {
  return keyedHash(PURPOSE, email.trim().toLowerCase());
}

/** Whether this e-mail already had a welcome bonus (on this or an account since deleted). */
export async function hadWelcomeBonus(ctx: QueryCtx, email: string | undefined): Promise<boolean> {
  if (email === undefined || email === "") return false;
  const emailHash = await fingerprintOf(email);
  const row = await ctx.db
    .query("welcomeBonusEmails")
    .withIndex("by_emailHash", (q) => q.eq("emailHash", emailHash))
    .first();
  return row !== null;
}

/** Records that this e-mail had the welcome bonus (once). */
export async function rememberWelcomeBonus(ctx: MutationCtx, email: string | undefined): Promise<void> {
  if (email === undefined || email === "" || (await hadWelcomeBonus(ctx, email))) return;
  await ctx.db.insert("welcomeBonusEmails", { emailHash: await fingerprintOf(email) });
}
