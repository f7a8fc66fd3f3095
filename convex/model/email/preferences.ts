/**
 * `Notificações por e-mail`: reminders, organizer updates and Novidades can be turned off;
 * receipts, tickets, refunds and sign-in codes always go. Each optional e-mail carries a
 * one-click unsubscribe link holding the person's secret token and the category it turns off.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { env } from "../../_generated/server";

export const EMAIL_CATEGORIES = ["reminders", "organizer", "updates"] as const;
export type EmailCategory = (typeof EMAIL_CATEGORIES)[number];
export const UNSUBSCRIBE_PATH = "/email/unsubscribe";

export function preferencesOf(ctx: QueryCtx, userId: Id<"users">) {
  return ctx.db
    .query("emailPreferences")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .unique();
}

export function wants(preferences: Doc<"emailPreferences"> | null, category: EmailCategory): boolean {
  return preferences?.[category] !== false;
}

/** The person's preferences row, created (with a fresh unguessable token) when missing. */
export async function ensurePreferences(ctx: MutationCtx, userId: Id<"users">): Promise<Doc<"emailPreferences">> {
  const existing = await preferencesOf(ctx, userId);
  if (existing !== null) return existing;
  const token = `${crypto.randomUUID()}${crypto.randomUUID()}`.replace(/-/g, "");
  const id = await ctx.db.insert("emailPreferences", { userId, token });
  return (await ctx.db.get("emailPreferences", id))!;
}

/** The one-click link, on the deployment's HTTP actions (convex/http.ts). */
export function unsubscribeUrl(preferences: Doc<"emailPreferences">, category: EmailCategory): string {
  const site = (env.CONVEX_SITE_URL ?? "").replace(/\/$/, "");
  return `${site}${UNSUBSCRIBE_PATH}?t=${encodeURIComponent(preferences.token)}&c=${category}`;
}

/** Turns a category on or off for the person. */
export async function setPreference(ctx: MutationCtx, userId: Id<"users">, category: EmailCategory, on: boolean): Promise<void> {
  const row = await ensurePreferences(ctx, userId);
  await ctx.db.patch("emailPreferences", row._id, { [category]: on });
}
