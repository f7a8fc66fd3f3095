/**
 * How every e-mail looks: one column at most 600 px wide (a phone shows it whole), the text in
 * the HTML and again as plain text, `lang="pt-BR"`, layout tables marked presentational for
 * screen readers, one button back to the right page. Everything interpolated is escaped here:
 * names, event titles and answers never become markup.
 */
import { env } from "../../_generated/server";
import { DEFAULT_SITE_URL_FALLBACK } from "./links";

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** The app's address for links, without a trailing slash. */
export function siteUrl(): string {
  return (env.SITE_URL || DEFAULT_SITE_URL_FALLBACK).replace(/\/$/, "");
}

/** A line of the e-mail: plain text, or a label and its value (shown as a row of a list). */
export type Line = string | { label: string; value: string };

export type EmailBlock = { lines: Line[]; qrIndex?: number; qrCaption?: string };

export type EmailPage = {
  /** The heading (also the HTML's title). */
  heading: string;
  /** Paragraphs before the details. */
  intro: string[];
  /** Groups of details (a ticket each, say), each optionally with its QR image. */
  blocks?: EmailBlock[];
  action?: { label: string; url: string };
  /** Optional e-mails only: the one-click unsubscribe link and what it turns off. */
  unsubscribe?: { url: string; what: string };
};

function lineHtml(line: Line): string {
  if (typeof line === "string") return `<p style="margin:0 0 6px">${escapeHtml(line)}</p>`;
  return `<p style="margin:0 0 6px"><strong>${escapeHtml(line.label)}:</strong> ${escapeHtml(line.value)}</p>`;
}

function lineText(line: Line): string {
  return typeof line === "string" ? line : `${line.label}: ${line.value}`;
}

function blockHtml(block: EmailBlock): string {
  const qr =
    block.qrIndex === undefined
      ? ""
      : `<img src="cid:qr-${block.qrIndex}" width="200" height="200" alt="QR code do ingresso ${escapeHtml(block.qrCaption ?? "")}" style="display:block;margin:8px 0 4px;width:200px;height:200px">` +
        `<p style="margin:0;font-family:monospace;font-size:20px;letter-spacing:2px">${escapeHtml(block.qrCaption ?? "")}</p>`;
  return `<tr><td style="padding:12px 16px;border:1px solid #e4e4e7;border-radius:8px;background:#fafafa">${block.lines.map(lineHtml).join("")}${qr}</td></tr><tr><td style="height:12px"></td></tr>`;
}

export function renderHtml(page: EmailPage): string {
  const action = page.action
    ? `<p style="margin:20px 0"><a href="${escapeHtml(page.action.url)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(page.action.label)}</a></p>`
    : "";
  const unsubscribe = page.unsubscribe
    ? `<p style="color:#52525b;font-size:13px">Não quer mais receber ${escapeHtml(page.unsubscribe.what)}? <a href="${escapeHtml(page.unsubscribe.url)}" style="color:#1d4ed8">Cancelar inscrição</a></p>`
    : "";
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(page.heading)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;color:#18181b;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5"><tr><td align="center" style="padding:16px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px"><tr><td style="padding:20px 16px">
<p style="margin:0 0 12px;font-weight:bold;color:#1d4ed8">Apoie</p>
<h1 style="font-size:22px;margin:0 0 12px">${escapeHtml(page.heading)}</h1>
${page.intro.map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`).join("")}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${(page.blocks ?? []).map(blockHtml).join("")}</table>
${action}${unsubscribe}
<p style="color:#52525b;font-size:13px;margin:16px 0 0">Este e-mail foi enviado pelo Apoie.</p>
</td></tr></table></td></tr></table></body></html>`;
}

export function renderText(page: EmailPage): string {
  const parts = [page.heading, "", ...page.intro.flatMap((p) => [p, ""])];
  for (const block of page.blocks ?? []) {
    parts.push(...block.lines.map(lineText));
    if (block.qrCaption !== undefined) parts.push(`Código: ${block.qrCaption}`);
    parts.push("");
  }
  if (page.action) parts.push(`${page.action.label}: ${page.action.url}`, "");
  if (page.unsubscribe) parts.push(`Para não receber mais ${page.unsubscribe.what}: ${page.unsubscribe.url}`, "");
  parts.push("Este e-mail foi enviado pelo Apoie.");
  return parts.join("\n");
}
