/**
 * How a notification reads in the bell's list. Pure, shared with the UI.
 */
import type { Doc } from "../../_generated/dataModel";
import { formatBRL } from "./money";

export type NotificationView = {
  /** The kinds are the schema's; a new one fails to compile here until it has its sentence. */
  kind: Doc<"notifications">["kind"];
  eventName: string;
  amountCents?: number;
  count?: number;
  title?: string;
};

/** The sentence shown for a notification, amounts formatted as everywhere else. */
export function describeNotification(n: NotificationView): string {
  const amount = formatBRL(n.amountCents ?? 0);
  switch (n.kind) {
    case "goalReached":
      return `${n.eventName} atingiu a meta!`;
    case "cancelled":
      return `${n.eventName} foi cancelado. ${amount} devolvidos à sua carteira.`;
    case "refunded":
      return `${n.eventName} terminou sem atingir a meta. ${amount} devolvidos à sua carteira.`;
    case "payout":
      return `${n.eventName} foi concluído. ${amount} repassados à sua carteira.`;
    case "firstSupport":
      return `${n.eventName} recebeu o primeiro apoio!`;
    case "update":
      return `Novidade em ${n.eventName}: ${n.title ?? ""}`;
    case "chat": {
      const count = n.count ?? 1;
      return count === 1 ? `1 nova mensagem no chat de ${n.eventName}` : `${count} novas mensagens no chat de ${n.eventName}`;
    }
  }
}

/** Where a notification leads: the event's chat for chat messages, else the event's page. */
export function notificationTarget(kind: NotificationView["kind"]): "chat" | "event" {
  return kind === "chat" ? "chat" : "event";
}
