import { internalMutation } from "./_generated/server";
import { deleteExpiredSessions } from "./model/users/authSessions";

/** Run by crons.ts: removes expired sign-in sessions and their refresh tokens. */
export const deleteExpired = internalMutation({
  args: {},
  handler: (ctx) => deleteExpiredSessions(ctx, Date.now()),
});
