/** Argument validators for what the provider adapter returns, passed from actions to mutations. */
import { literals } from "convex-helpers/validators";
import { v } from "convex/values";

export const paymentValidator = v.object({
  paymentId: v.string(),
  status: literals("pending", "approved", "cancelled", "rejected", "refunded", "charged_back", "other"),
  amountCents: v.union(v.number(), v.null()),
  paidCents: v.union(v.number(), v.null()),
  statusDetail: v.string(),
  currency: v.string(),
  externalReference: v.union(v.string(), v.null()),
});

export const payoutValidator = v.object({
  payoutId: v.string(),
  status: literals("processing", "paid", "failed"),
  externalReference: v.union(v.string(), v.null()),
});
