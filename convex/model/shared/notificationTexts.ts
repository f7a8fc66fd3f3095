/**
 * How a notification reads in the bell's list. Pure, shared with the UI.
 */
import type { Doc } from "../../_generated/dataModel";
import { formatBRL } from "./money";

export type NotificationView = {
  /** The kinds are the schema's; a new one fails to compile here until it has its sentence. */
  kind: Doc<"notifications">["kind"];
  /** Absent for news about the person's own wallet. */
  eventName?: string;
  amountCents?: number;
  count?: number;
  title?: string;
};

/** The sentence shown for a notification, amounts formatted as everywhere else. */
export function describeNotification(n: NotificationView): string {
  const amount = formatBRL(n.amountCents ?? 0);
  const eventName = n.eventName ?? "";
  switch (n.kind) {
    case "goalReached":
      return `${eventName} atingiu a meta!`;
    case "cancelled":
      return `${eventName} foi cancelado. ${amount} devolvidos à sua carteira.`;
    case "refunded":
      return `${eventName} terminou sem atingir a meta. ${amount} devolvidos à sua carteira.`;
    case "payout":
      return `${eventName} foi concluído. ${amount} repassados à sua carteira.`;
    case "flexiblePayout":
      return `${eventName} terminou sem atingir a meta, na modalidade Flexível. ${amount} repassados à sua carteira.`;
    case "firstSupport":
      return `${eventName} recebeu o primeiro apoio!`;
    case "update":
      return `Novidade em ${eventName}: ${n.title ?? ""}`;
    case "chat": {
      const count = n.count ?? 1;
      return count === 1 ? `1 nova mensagem no chat de ${eventName}` : `${count} novas mensagens no chat de ${eventName}`;
    }
    case "depositConfirmed":
      return `Depósito via PIX confirmado: ${amount} na sua carteira.`;
    case "withdrawalPaid":
      return `Saque via PIX de ${amount} pago.`;
    case "withdrawalFailed":
      return `Saque via PIX de ${amount} falhou. O valor voltou para a sua carteira.`;
    case "ticketReceived":
      return `Você recebeu um ingresso de ${eventName}. Ele está em Meus Ingressos.`;
    case "meiaTicketReceived":
      return `Você recebeu um ingresso meia-entrada de ${eventName}. Leve o documento que dá direito ao desconto: ele será conferido na entrada.`;
    case "ticketsHeld":
      return `Lista de espera: ingressos de ${eventName} reservados para você por 30 minutos.`;
  }
}

/** Where a notification leads: the event's chat for chat messages, the wallet's Extrato for PIX news, else the event's page. */
export function notificationTarget(kind: NotificationView["kind"]): "chat" | "event" | "wallet" {
  if (kind === "depositConfirmed" || kind === "withdrawalPaid" || kind === "withdrawalFailed") return "wallet";
  return kind === "chat" ? "chat" : "event";
}
