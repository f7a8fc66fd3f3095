/**
 * An account kept before e-mails were stored in lower case (a Google address with capitals)
 * gets its address in lower case now, as its next sign-in would write it (users/googleProfile.ts):
 * every e-mail the app compares (ticket transfers, cortesias, team invitations) is normalized, so
 * until then a ticket sent to it waited for that sign-in. What already waits for the address is
 * claimed here, as at a sign-in.
 */
import type { Doc } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { claimTeamInvites } from "../team/members";
import { claimCourtesies } from "../tickets/courtesies";
import { claimTransfers } from "../tickets/transfer";

const lower = (email: string | undefined) => email?.trim().toLowerCase();

export async function lowerCaseStoredEmail(ctx: MutationCtx, user: Doc<"users">): Promise<void> {
  const email = lower(user.email);
  const chosenEmail = lower(user.chosenEmail);
  if (email === user.email && chosenEmail === user.chosenEmail) return;
  // The chosen address is lowered too: the sign-in callback puts it back over `email`.
  await ctx.db.patch("users", user._id, { email, chosenEmail });
  await claimTransfers(ctx, user._id);
  await claimCourtesies(ctx, user._id);
  await claimTeamInvites(ctx, user._id);
}
