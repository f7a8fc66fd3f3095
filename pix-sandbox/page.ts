/**
 * The page at `/`, "Banco simulado": the charges and payouts the sandbox holds, newest first,
 * with the buttons that play the banks (`Pagar`, `Expirar`, `Concluir`, `Falhar`). Plain HTML
 * forms (they work without JavaScript); a small script offers a reload when something changed.
 */
import { randomBytes } from "node:crypto";
import { formatReais } from "./money.ts";
import type { Store } from "./store.ts";
import type { Notification, Payment, TransactionIntent } from "./types.ts";

const DATE = new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "medium", timeZone: "America/Sao_Paulo" });

const PAYMENT_STATUS = {
  pending: "Aguardando pagamento",
  approved: "Pago",
  cancelled: "Expirado",
  refunded: "Devolvido",
  charged_back: "Estornado (MED)",
  in_mediation: "Em disputa",
} as const;
/** What the date of a closed payment's last change says. */
const LAST_CHANGE: Partial<Record<Payment["status_detail"], string>> = { expired: "Expirou em", by_collector: "Cancelado em" };
const PAYOUT_STATUS = { in_process: "Em processamento", approved: "Pago", rejected: "Falhou" } as const;
const KEY_TYPE = { EMAIL: "E-mail", PHONE: "Telefone", CPF: "CPF", CNPJ: "CNPJ", PIX_CODE: "Chave aleatória" } as const;

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function when(isoDate: string): string {
  return escape(DATE.format(new Date(isoDate)));
}

function row(label: string, value: string): string {
  return `<div><dt>${label}</dt><dd>${value}</dd></div>`;
}

function button(action: string, label: string, tone: "go" | "stop"): string {
  return `<form method="post" action="${escape(action)}"><button type="submit" class="${tone}">${label}</button></form>`;
}

/** "2 entregues, 1 falhando — próxima tentativa às 10:31:05". */
function deliveries(notifications: Notification[]): string {
  if (notifications.length === 0) return "nenhuma (sem notification_url)";
  const delivered = notifications.filter((n) => n.delivered).length;
  const failing = notifications.filter((n) => !n.delivered && n.attempts.length > 0);
  const waiting = notifications.length - delivered - failing.length;
  const parts = [`${delivered} entregue${delivered === 1 ? "" : "s"}`];
  if (failing.length > 0) parts.push(`${failing.length} sem resposta 2xx`);
  if (waiting > 0) parts.push(`${waiting} não enviada${waiting === 1 ? "" : "s"}`);
  const next = failing.map((n) => n.nextAttemptAt).filter((at): at is number => at !== null);
  const retry = next.length > 0 ? ` — próxima tentativa ${escape(DATE.format(new Date(Math.min(...next))))}` : "";
  return `${parts.join(", ")}${retry}`;
}

function paymentItem(payment: Payment, notifications: Notification[]): string {
  const id = String(payment.id);
  const status = payment.status_detail === "by_collector" ? "Cancelado" : PAYMENT_STATUS[payment.status];
  const data = payment.point_of_interaction.transaction_data;
  const dates =
    payment.status === "approved" && payment.date_approved !== null
      ? row("Pago em", when(payment.date_approved))
      : payment.status === "pending"
        ? row("Expira em", when(payment.date_of_expiration))
        : row(LAST_CHANGE[payment.status_detail] ?? "Atualizado em", when(payment.date_last_updated));
  const actions =
    payment.status === "pending"
      ? `<div class="actions">${button(`/sandbox/payments/${id}/pay`, "Pagar", "go")}${button(`/sandbox/payments/${id}/expire`, "Expirar", "stop")}</div>`
      : payment.status === "approved"
        ? `<div class="actions">${button(`/sandbox/payments/${id}/refund`, "Devolver", "stop")}${button(`/sandbox/payments/${id}/charge-back`, "Estornar (MED)", "stop")}</div>`
        : "";
  return `<li><article id="pagamento-${id}" aria-labelledby="pagamento-${id}-titulo" data-status="${payment.status}">
  <h3 id="pagamento-${id}-titulo">${escape(formatReais(payment.transaction_amount))} <span class="status ${payment.status}">${status}</span></h3>
  <dl>
    ${row("Pagamento", `nº ${id}`)}
    ${row("Referência", escape(payment.external_reference ?? "—"))}
    ${row("Pagador", escape(payment.payer.email))}
    ${row("Criado em", when(payment.date_created))}
    ${dates}
    ${row("Notificações", deliveries(notifications))}
  </dl>
  <details><summary>QR Code e PIX copia e cola</summary>
    <img src="data:image/png;base64,${data.qr_code_base64}" alt="QR Code PIX do pagamento nº ${id}" width="180" height="180">
    <p class="code">${escape(data.qr_code)}</p>
  </details>
  ${actions}
</article></li>`;
}

function payoutItem(payout: TransactionIntent, notifications: Notification[]): string {
  const id = payout.id;
  const account = payout.transaction.to.accounts[0];
  const owner = account.owner.identification;
  const actions =
    payout.status === "in_process"
      ? `<div class="actions">${button(`/sandbox/payouts/${encodeURIComponent(id)}/complete`, "Concluir", "go")}${button(`/sandbox/payouts/${encodeURIComponent(id)}/fail`, "Falhar", "stop")}</div>`
      : "";
  const detail = payout.status === "rejected" ? ` (${escape(account.status_detail)})` : "";
  return `<li><article id="saque-${escape(id)}" aria-labelledby="saque-${escape(id)}-titulo" data-status="${payout.status}">
  <h3 id="saque-${escape(id)}-titulo">${escape(formatReais(payout.transaction.total_amount))} <span class="status ${payout.status}">${PAYOUT_STATUS[payout.status]}${detail}</span></h3>
  <dl>
    ${row("Chave PIX", `${KEY_TYPE[account.chave.type]}: ${escape(account.chave.value)}`)}
    ${row("Titular", `${escape(owner.type)} ${escape(owner.number)}`)}
    ${row("Referência", escape(payout.external_reference ?? "—"))}
    ${row("Transação", `<span class="code">${escape(id)}</span>`)}
    ${row("Criado em", when(payout.created_date))}
    ${row("Notificações", deliveries(notifications))}
  </dl>
  ${actions}
</article></li>`;
}

const STYLE = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.45; color: #1a1a1a; background: #f4f5f7; }
body { margin: 0; }
header, main { max-width: 62rem; margin: 0 auto; padding: 1rem; }
header { padding-bottom: 0; }
h1 { font-size: 1.6rem; margin: 0.5rem 0; }
h2 { font-size: 1.25rem; margin: 1.5rem 0 0.75rem; }
h3 { font-size: 1.15rem; margin: 0 0 0.5rem; display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
p { margin: 0.25rem 0; }
ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.75rem; grid-template-columns: repeat(auto-fill, minmax(min(100%, 22rem), 1fr)); }
article { background: #fff; border: 1px solid #d0d4da; border-radius: 0.5rem; padding: 1rem; }
article:target { outline: 3px solid #0b5cad; }
dl { margin: 0; display: grid; gap: 0.25rem; }
dl div { display: grid; grid-template-columns: 6.5rem 1fr; gap: 0.5rem; }
@media (min-width: 40rem) { dl div { grid-template-columns: 8.5rem 1fr; } }
dt { color: #4a4f57; }
dd { margin: 0; overflow-wrap: anywhere; }
.status { font-size: 0.85rem; font-weight: 600; border-radius: 1rem; padding: 0.1rem 0.6rem; border: 1px solid currentColor; }
.status.pending, .status.in_process, .status.in_mediation { color: #7a4a00; background: #fff4de; }
.status.approved { color: #0a5c2b; background: #e3f6ea; }
.status.cancelled, .status.rejected, .status.refunded, .status.charged_back { color: #8a1c1c; background: #fde8e8; }
.code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 0.8rem; overflow-wrap: anywhere; }
details { margin-top: 0.75rem; }
summary { cursor: pointer; color: #0b5cad; min-height: 44px; display: flex; align-items: center; }
details img { display: block; margin: 0.5rem 0; image-rendering: pixelated; }
.actions { display: flex; flex-wrap: wrap; gap: 0.5rem; margin-top: 0.75rem; }
.actions form { margin: 0; }
button { font: inherit; font-weight: 600; min-height: 44px; min-width: 6.5rem; padding: 0.5rem 1rem; border-radius: 0.4rem; cursor: pointer; border: 2px solid transparent; }
button.go { background: #0a6b34; color: #fff; }
button.stop { background: #fff; color: #8a1c1c; border-color: #8a1c1c; }
button:focus-visible, summary:focus-visible, a:focus-visible { outline: 3px solid #0b5cad; outline-offset: 2px; }
.empty { color: #4a4f57; }
#novidades { background: #e8f0fb; border: 1px solid #0b5cad; border-radius: 0.4rem; padding: 0.5rem 0.75rem; margin-top: 0.75rem; }
#novidades:empty { display: none; }
a { color: #0b5cad; }
.refusal { background: #fde8e8; border: 1px solid #8a1c1c; color: #8a1c1c; border-radius: 0.4rem; padding: 0.5rem 0.75rem; margin-top: 0.75rem; }
`;

/** Asks for the store's version every 2 s and, once it moved, says so (a polite live region) with a reload link. */
const SCRIPT = (version: number) => `
const seen = ${version};
const box = document.getElementById("novidades");
const timer = setInterval(async () => {
  try {
    const answer = await fetch("/sandbox/version", { cache: "no-store" });
    if ((await answer.json()).version === seen) return;
    box.innerHTML = 'Há novidades. <a href="/">Atualizar a página</a>';
    clearInterval(timer);
  } catch {}
}, 2000);
`;

/** The page; `refusal` is the message of a button the sandbox just refused, shown as an alert. */
export function renderPage(store: Store, now: number, refusal: string | null = null): { html: string; nonce: string } {
  const nonce = randomBytes(16).toString("base64");
  const byResource = new Map<string, Notification[]>();
  for (const notification of store.notifications) {
    const list = byResource.get(notification.resourceId) ?? [];
    list.push(notification);
    byResource.set(notification.resourceId, list);
  }
  const payments = [...store.payments.values()].reverse();
  const payouts = [...store.payouts.values()].reverse();
  const paymentList =
    payments.length === 0
      ? `<p class="empty">Nenhuma cobrança ainda. No Apoie, use “Adicionar saldo” para gerar um PIX.</p>`
      : `<ul>${payments.map((p) => paymentItem(p, byResource.get(String(p.id)) ?? [])).join("")}</ul>`;
  const payoutList =
    payouts.length === 0
      ? `<p class="empty">Nenhum saque ainda. No Apoie, use “Sacar” para pedir um.</p>`
      : `<ul>${payouts.map((p) => payoutItem(p, byResource.get(p.id) ?? [])).join("")}</ul>`;
  const html = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Banco simulado</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<header>
  <h1>Banco simulado</h1>
  <p>O PIX do Apoie em modo local: faz o papel do banco de quem paga as cobranças e do banco que recebe os saques. Nenhum dinheiro de verdade passa por aqui.</p>
  <p>Atualizado às ${escape(DATE.format(new Date(now)))}. <a href="/">Atualizar</a></p>
  <p id="novidades" role="status"></p>
  ${refusal === null ? "" : `<p class="refusal" role="alert">Não foi possível: ${escape(refusal)}</p>`}
</header>
<main>
  <section aria-labelledby="cobrancas"><h2 id="cobrancas">Cobranças PIX (${payments.length})</h2>${paymentList}</section>
  <section aria-labelledby="saques"><h2 id="saques">Saques PIX (${payouts.length})</h2>${payoutList}</section>
</main>
<script nonce="${nonce}">${SCRIPT(store.version)}</script>
</body>
</html>`;
  return { html, nonce };
}
