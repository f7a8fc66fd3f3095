import { env, httpAction, internalQuery } from "./_generated/server";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { idArg } from "./model/core/args";
import { imageUrlOf } from "./model/events/images";
import { percentRaised } from "./model/shared/eventRules";
import { notFoundHtml, previewHtml, SHARE_PATH_PREFIX, shareUrlOf, type EventPreview } from "./model/shared/eventPreview";
import { SETTLEMENT_LABELS } from "./model/shared/lifecycle";

/** What a link preview shows of an event; null for a malformed or unknown id. */
export const get = internalQuery({
  args: { id: v.string() },
  handler: async (ctx, { id }): Promise<EventPreview | null> => {
    const eventId = idArg(ctx, "events", id);
    const event = eventId === null ? null : await ctx.db.get("events", eventId);
    if (event === null) return null;
    return {
      name: event.name,
      description: event.description ?? null,
      startsAt: event.startsAt,
      city: event.city ?? null,
      uf: event.uf ?? null,
      raisedCents: event.raisedCents,
      goalCents: event.goalCents,
      percent: percentRaised(event),
      imageUrl: await imageUrlOf(ctx, event),
      settlementLabel: event.settlement === undefined ? null : SETTLEMENT_LABELS[event.settlement],
    };
  },
});

/**
 * GET `<site>/e/<id>`: the shared link. Crawlers read its Open Graph tags; a browser follows
 * its redirect to the app's `/event/<id>` (SITE_URL is the app, as for Convex Auth).
 */
export const page = httpAction(async (ctx, request) => {
  const url = new URL(request.url);
  const id = decodedPath(url.pathname.slice(SHARE_PATH_PREFIX.length))?.replace(/\/$/, "") ?? null;
  const appUrl = (env.SITE_URL ?? url.origin).replace(/\/$/, "");
  const headers = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=300" };
  const event = id === null ? null : await ctx.runQuery(internal.eventPreview.get, { id });
  if (id === null || event === null) return new Response(notFoundHtml(`${appUrl}/`), { status: 404, headers });
  const html = previewHtml(event, {
    shareUrl: shareUrlOf(env.CONVEX_SITE_URL ?? url.origin, id),
    pageUrl: `${appUrl}/event/${encodeURIComponent(id)}`,
    appUrl: `${appUrl}/`,
  });
  return new Response(html, { status: 200, headers });
});

/** The path's text, or null when its percent-encoding is broken (`%`, `%C0%AF`: a mangled link). */
function decodedPath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}
