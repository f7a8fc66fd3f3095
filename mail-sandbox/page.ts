/**
 * The web inbox: a list of what arrived, newest first, and each e-mail as a mail client shows
 * it. The e-mail's HTML runs in a sandboxed frame (no scripts; links open in the top window),
 * its inline images (`cid:`) served from the mailbox, and its plain-text part below.
 */
import type { StoredMessage } from "./store.ts";

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f4f5;color:#18181b}
header{background:#1f2937;color:#fff;padding:12px 16px}h1{font-size:1.1rem;margin:0}
main{max-width:960px;margin:0 auto;padding:12px}ul{list-style:none;padding:0;margin:0}
li a{display:block;background:#fff;margin:6px 0;padding:10px 12px;border-radius:6px;color:inherit;text-decoration:none}
li a:focus,li a:hover{outline:2px solid #2563eb}.meta{color:#52525b;font-size:.85rem}
iframe{width:100%;height:70vh;border:1px solid #d4d4d8;background:#fff;border-radius:6px}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#fff;padding:12px;border-radius:6px}`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><header><h1>Caixa de e-mails (local)</h1></header><main>${body}</main></body></html>`;
}

export function renderInbox(messages: StoredMessage[]): string {
  const items = messages
    .map(
      (m) =>
        `<li><a href="/messages/${m.id}"><strong>${escapeHtml(m.subject)}</strong><br><span class="meta">Para ${escapeHtml(m.to.join(", "))} · ${new Date(m.receivedAt).toLocaleString("pt-BR")}</span></a></li>`,
    )
    .join("");
  const list = messages.length === 0 ? "<p>Nenhum e-mail ainda.</p>" : `<ul aria-label="E-mails recebidos">${items}</ul>`;
  return layout("Caixa de e-mails (local)", `<p><a href="/">Atualizar</a> · ${messages.length} e-mail(s)</p>${list}`);
}

export function renderMessage(message: StoredMessage): string {
  const withImages = message.html.replace(
    /(["'])cid:([\w.-]+)\1/g,
    (_all, quote: string, cid: string) => `${quote}/messages/${message.id}/cid/${cid}${quote}`,
  );
  const frame = `<base target="_top">${withImages}`;
  const headerRows = Object.entries(message.headers)
    .map(([name, value]) => `<div class="meta">${escapeHtml(name)}: ${escapeHtml(value)}</div>`)
    .join("");
  return layout(
    message.subject,
    `<p><a href="/">← Caixa de entrada</a></p><h2>${escapeHtml(message.subject)}</h2>
<div class="meta">De: ${escapeHtml(message.from)}</div><div class="meta">Para: ${escapeHtml(message.to.join(", "))}</div>${headerRows}
<iframe title="Conteúdo do e-mail" sandbox="allow-popups allow-top-navigation-by-user-activation allow-same-origin" srcdoc="${escapeHtml(frame)}"></iframe>
<h3>Texto</h3><pre data-testid="email-text">${escapeHtml(message.text)}</pre>`,
  );
}
