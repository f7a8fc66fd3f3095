/**
 * The page a shared link (`<site>/e/<id>`) answers with: Open Graph and Twitter tags, read by
 * WhatsApp, Instagram, Telegram and the like to draw a preview, and a redirect that sends a
 * person's browser on to the app's event page. Pure: the HTTP action passes everything in.
 */
import { formatBRL } from "./money";

/** Where shared links point: `<site>/e/<id>` on the deployment's HTTP actions address. */
export const SHARE_PATH_PREFIX = "/e/";

/** `<site>/e/<id>`: the link people share. */
export function shareUrlOf(siteUrl: string, eventId: string): string {
  return `${siteUrl.replace(/\/$/, "")}${SHARE_PATH_PREFIX}${encodeURIComponent(eventId)}`;
}

export type EventPreview = {
  name: string;
  description: string | null;
  startsAt: number;
  city: string | null;
  uf: string | null;
  raisedCents: number;
  goalCents: number;
  percent: number;
  /** As stored: absolute (uploads, pasted URLs) or relative to the app (demo images). */
  imageUrl: string | null;
  settlementLabel: string | null;
};

/** Brasília time (UTC−3, no daylight saving since 2019): how the preview states the date. */
const BRASILIA_OFFSET_MS = -3 * 60 * 60 * 1000;
/** Previews cut descriptions long before this; the rest is on the event page. */
const DESCRIPTION_PREVIEW_LENGTH = 160;

const pad = (n: number) => String(n).padStart(2, "0");

/** "05/12/2026 às 19:00", in Brasília time (a preview cannot know the reader's zone). */
export function brasiliaDateTime(ms: number): string {
  const d = new Date(ms + BRASILIA_OFFSET_MS);
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} às ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** "05/12/2026 às 19:00 · Salvador/BA · 27% da meta (R$ 550,00 de R$ 2.000,00). Três noites…" */
export function previewDescription(event: EventPreview): string {
  const place = event.city === null ? null : event.uf === null ? event.city : `${event.city}/${event.uf}`;
  const progress = `${event.percent}% da meta (${formatBRL(event.raisedCents)} de ${formatBRL(event.goalCents)})`;
  const facts = [brasiliaDateTime(event.startsAt), place, event.settlementLabel ?? progress].filter((part) => part !== null);
  const about = event.description?.replace(/\s+/g, " ").trim() ?? "";
  const excerpt = about.length > DESCRIPTION_PREVIEW_LENGTH ? `${about.slice(0, DESCRIPTION_PREVIEW_LENGTH - 1).trimEnd()}…` : about;
  return `${facts.join(" · ")}.${excerpt === "" ? "" : ` ${excerpt}`}`;
}

/** Text for an HTML attribute or element: nothing in it can close a tag or an attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A poster shipped with the app (public/images/events/<name>.svg): the app draws the SVG, and
 * scripts/render-posters.ts renders a JPEG twin beside it, because WhatsApp and Facebook draw
 * no SVG in a preview.
 */
const SHIPPED_SVG_POSTER = /^\/images\/events\/([a-z0-9-]+)\.svg$/;

/** The image a preview shows, as an absolute http(s) URL crawlers can fetch (a raster for shipped posters), or null. */
export function previewImageUrl(imageUrl: string | null, appUrl: string): string | null {
  if (imageUrl === null) return null;
  try {
    const url = new URL(imageUrl.replace(SHIPPED_SVG_POSTER, "/images/events/$1.jpg"), appUrl);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** The preview page; `shareUrl` is this page's own address, `pageUrl` the app's event page. */
export function previewHtml(event: EventPreview, { shareUrl, pageUrl, appUrl }: { shareUrl: string; pageUrl: string; appUrl: string }) {
  const title = `${event.name} · Apoie`;
  const description = previewDescription(event);
  const image = previewImageUrl(event.imageUrl, appUrl);
  const meta = [
    ["og:type", "website"],
    ["og:site_name", "Apoie"],
    ["og:locale", "pt_BR"],
    ["og:title", event.name],
    ["og:description", description],
    ["og:url", shareUrl],
    ...(image === null ? [] : [["og:image", image]]),
  ]
    .map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content!)}">`)
    .join("\n    ");
  const twitter = [
    ["twitter:card", image === null ? "summary" : "summary_large_image"],
    ["twitter:title", event.name],
    ["twitter:description", description],
    ...(image === null ? [] : [["twitter:image", image]]),
  ]
    .map(([name, content]) => `<meta name="${name}" content="${escapeHtml(content!)}">`)
    .join("\n    ");
  return page({
    title,
    head: `<meta name="description" content="${escapeHtml(description)}">
    ${meta}
    ${twitter}
    <link rel="canonical" href="${escapeHtml(pageUrl)}">
    <meta http-equiv="refresh" content="0; url=${escapeHtml(pageUrl)}">`,
    body: `<h1>${escapeHtml(event.name)}</h1>
    <p>${escapeHtml(description)}</p>
    <p><a href="${escapeHtml(pageUrl)}">Abrir o evento no Apoie</a></p>`,
  });
}

/** What an unknown or malformed id gets (status 404). */
export function notFoundHtml(appUrl: string): string {
  return page({
    title: "Evento não encontrado · Apoie",
    head: `<meta name="robots" content="noindex">`,
    body: `<h1>Evento não encontrado</h1>
    <p>O evento que você procura não existe ou foi removido.</p>
    <p><a href="${escapeHtml(appUrl)}">Ver outros eventos no Apoie</a></p>`,
  });
}

function page({ title, head, body }: { title: string; head: string; body: string }): string {
  return `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(title)}</title>
    ${head}
  </head>
  <body>
    ${body}
  </body>
</html>
`;
}
