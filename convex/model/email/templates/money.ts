/** E-mails about money: the support receipt, refunds, PIX deposits and withdrawals. */
import { formatBRL } from "../../../model/shared/money";
import { dateTimeBR } from "../dates";
import type { EmailContent } from "../outbox";
import { eventUrl, pageContent, walletUrl } from "./common";

type EventRef = { _id: string; name: string };

export type SupportReceipt = { id: string; amountCents: number; at: number; rewardName?: string; answer?: string };

export function supportReceiptEmail(event: EventRef, receipt: SupportReceipt): EmailContent {
  const lines = [
    { label: "Evento", value: event.name },
    { label: "Valor", value: formatBRL(receipt.amountCents) },
    ...(receipt.rewardName === undefined ? [] : [{ label: "Recompensa", value: receipt.rewardName }]),
    ...(receipt.answer === undefined ? [] : [{ label: "Sua resposta", value: receipt.answer }]),
    { label: "Data", value: dateTimeBR(receipt.at) },
    { label: "Identificador", value: receipt.id },
  ];
  return pageContent(
    {
      heading: "Comprovante de apoio",
      intro: [`Obrigado por apoiar ${event.name}!`],
      blocks: [{ lines }],
      action: { label: "Ver o evento", url: eventUrl(event._id) },
    },
    `${event.name}: Comprovante de apoio`,
  );
}

export function eventCancelledEmail(event: EventRef, cancelled: boolean): EmailContent {
  const why = cancelled ? `${event.name} foi cancelado pelo organizador.` : `${event.name} terminou sem atingir a meta.`;
  return pageContent(
    {
      heading: cancelled ? "Evento cancelado" : "Evento não atingiu a meta",
      intro: [
        why,
        "Todo o valor que você pagou voltou para a sua carteira no Apoie; seus ingressos deste evento foram cancelados. Veja no Extrato, no menu da sua conta.",
      ],
      action: { label: "Ver o evento", url: eventUrl(event._id) },
    },
    cancelled ? `${event.name}: evento cancelado, valor devolvido` : `${event.name}: meta não atingida, valor devolvido`,
  );
}

export function refundEmail(event: EventRef, what: "purchase" | "support", amountCents: number, at: number): EmailContent {
  const thing = what === "purchase" ? "Sua compra de ingressos" : "Seu apoio";
  return pageContent(
    {
      heading: "Estorno",
      intro: [
        `${thing} em ${event.name} foi cancelad${what === "purchase" ? "a" : "o"} em ${dateTimeBR(at)}.`,
        `${formatBRL(amountCents)} voltaram para a sua carteira no Apoie.`,
      ],
      action: { label: "Ver o evento", url: eventUrl(event._id) },
    },
    `${event.name}: Estorno`,
  );
}

export function depositConfirmedEmail(amountCents: number): EmailContent {
  return pageContent(
    {
      heading: "Depósito confirmado",
      intro: [`Recebemos seu PIX de ${formatBRL(amountCents)}. O valor já está na sua carteira.`],
      action: { label: "Abrir o Apoie", url: walletUrl() },
    },
    `Depósito confirmado: ${formatBRL(amountCents)}`,
  );
}

export function withdrawalEmail(amountCents: number, paid: boolean): EmailContent {
  const intro = paid
    ? [`Seu saque de ${formatBRL(amountCents)} foi pago na chave PIX informada.`]
    : [
        `Seu saque de ${formatBRL(amountCents)} não pôde ser pago.`,
        "O valor voltou para a sua carteira. Confira a chave PIX e tente de novo.",
      ];
  return pageContent(
    { heading: paid ? "Saque pago" : "Saque não realizado", intro, action: { label: "Abrir o Apoie", url: walletUrl() } },
    paid ? `Saque pago: ${formatBRL(amountCents)}` : `Saque não realizado: ${formatBRL(amountCents)}`,
  );
}
