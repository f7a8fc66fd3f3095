/**
 * `Notificações por e-mail`: the caller's optional e-mails (reminders, organizer updates,
 * Novidades) and the last e-mail to them that could not be delivered; the one-click
 * unsubscribe link of optional e-mails (GET shows a button, POST, as mail clients send it
 * under RFC 8058, turns the category off).
 */
import { v } from "convex/values";
import { literals } from "convex-helpers/validators";
import { internal } from "./_generated/api";
import { httpAction, internalMutation } from "./_generated/server";
import { callerQuery, signedInMutation } from "./model/core/callerFunctions";
import { EMAIL_CATEGORIES, preferencesOf, setPreference, wants } from "./model/email/preferences";
import { escapeHtml } from "./model/email/layout";

export const mine = callerQuery({
  args: {},
  handler: async (ctx) => {
    if (ctx.user === null) return null;
    const userId = ctx.user._id;
    const preferences = await preferencesOf(ctx, userId);
    const failure = await ctx.db
      .query("emails")
      .withIndex("by_userId_and_state", (q) => q.eq("userId", userId).eq("state", "failed"))
      .order("desc")
      .first();
    return {
      email: ctx.user.email ?? null,
      reminders: wants(preferences, "reminders"),
      organizer: wants(preferences, "organizer"),
      updates: wants(preferences, "updates"),
      // Shown where it matters: the person learns their receipts and tickets are not reaching them.
      lastFailure: failure === null ? null : { to: failure.to, subject: failure.subject, at: failure.failedAt ?? failure._creationTime },
    };
  },
});

export const set = signedInMutation({
  args: { category: literals(...EMAIL_CATEGORIES), on: v.boolean() },
  signedOutMessage: "Entre para mudar suas notificações por e-mail.",
  handler: async (ctx, { category, on }) => {
    await setPreference(ctx, ctx.user._id, category, on);
  },
});

/** Turns a category off for the token's owner; false for an unknown token. */
export const unsubscribe = internalMutation({
  args: { token: v.string(), category: literals(...EMAIL_CATEGORIES) },
  handler: async (ctx, { token, category }) => {
    const row = await ctx.db
      .query("emailPreferences")
      .withIndex("by_token", (q) => q.eq("token", token))
      .unique();
    if (row === null) return false;
    await setPreference(ctx, row.userId, category, false);
    return true;
  },
});

const CATEGORY_NAMES = {
  reminders: "lembretes de eventos",
  organizer: "avisos aos organizadores",
  updates: "Novidades dos eventos",
} as const;

function page(body: string, status = 200): Response {
  const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Apoie: e-mails</title></head><body style="font-family:Arial,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem">${body}</body></html>`;
  return new Response(html, { status, headers: { "content-type": "text/html; charset=utf-8" } });
}

/** GET: a confirmation button (link scanners follow GETs); POST: unsubscribes at once. */
export const unsubscribePage = httpAction(async (ctx, request) => {
  const url = new URL(request.url);
  const token = (url.searchParams.get("t") ?? "").slice(0, 200);
  const category = url.searchParams.get("c") ?? "";
  if (!(EMAIL_CATEGORIES as readonly string[]).includes(category)) return page("<p>Link inválido.</p>", 400);
  const what = CATEGORY_NAMES[category as keyof typeof CATEGORY_NAMES];
  if (request.method === "GET") {
    return page(
      `<h1>Cancelar inscrição</h1><form method="post"><p>Não receber mais ${escapeHtml(what)} por e-mail?</p><button type="submit">Cancelar inscrição</button></form>`,
    );
  }
  const done = await ctx.runMutation(internal.emailPreferences.unsubscribe, {
    token,
    category: category as (typeof EMAIL_CATEGORIES)[number],
  });
  if (!done) return page("<p>Link inválido.</p>", 404);
  return page(
    `<h1>Pronto</h1><p>Você não vai mais receber ${escapeHtml(what)} por e-mail. Mude isso quando quiser em Notificações por e-mail, no menu da sua conta.</p>`,
  );
});
