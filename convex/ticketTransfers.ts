import { v } from "convex/values";
import { idArg } from "./model/core/args";
import { signedInMutation } from "./model/core/callerFunctions";
import { enforceRateLimit } from "./model/core/rateLimits";
import { transferTicket } from "./model/tickets/transfer";

/**
 * `Transferir ingresso`: gives the caller's ticket to the person with `email`, once, until 24 h
 * before the event; the receiver's Meus Ingressos shows it live (or at their first sign-in).
 */
export const transfer = signedInMutation({
  args: { ticketId: v.string(), email: v.string() },
  handler: async (ctx, { ticketId, email }) => {
    await enforceRateLimit(ctx, "support", ctx.user._id);
    return transferTicket(ctx, ctx.user, idArg(ctx, "tickets", ticketId), email, Date.now());
  },
});
