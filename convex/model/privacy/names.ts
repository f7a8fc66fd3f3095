/** Correcting one's name in `Meus dados` (LGPD art. 18, III). */
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { cleanText, hasVisibleText } from "../../model/shared/cleanText";
import { appError } from "../../model/shared/errors";
import { isWithinRawLimit } from "../../model/shared/limits";

/** As at local sign-in. */
export const MAX_NAME_LENGTH = 80;
export const INVALID_NAME_MESSAGE = "Informe um nome com até 80 caracteres.";

/** The name cleaned of hidden characters, or INVALID_NAME when nothing visible is left or it is too long. */
export function cleanName(raw: string): string {
  if (!isWithinRawLimit(raw, MAX_NAME_LENGTH)) throw appError("INVALID_NAME", INVALID_NAME_MESSAGE);
  const name = cleanText(raw);
  if (!hasVisibleText(name) || name.length > MAX_NAME_LENGTH) throw appError("INVALID_NAME", INVALID_NAME_MESSAGE);
  return name;
}

/** Puts back the name (and the confirmed e-mail) the person chose, after Google's profile overwrote them at sign-in. */
export async function keepChosenName(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  const user = await ctx.db.get("users", userId);
  if (user?.chosenName !== undefined && user.name !== user.chosenName) await ctx.db.patch("users", userId, { name: user.chosenName });
  if (user?.chosenEmail !== undefined && user.email !== user.chosenEmail) await ctx.db.patch("users", userId, { email: user.chosenEmail });
}
