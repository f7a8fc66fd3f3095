import { formatBRL } from "../../../convex/model/shared/money";
import type { Notice } from "../../lib/notice";

/** The alert after a support went through: thanks, "Meta Alcançada!" when it closed the goal, and the ticket code. */
export function supportedNotice(amountCents: number, result: { goalReached: boolean; ticketCode: string | null }): Notice {
  const thanks = `Seu apoio de ${formatBRL(amountCents)} foi registrado. Obrigado!`;
  return {
    title: result.goalReached ? "Meta Alcançada!" : "Sucesso!",
    message: result.goalReached ? `${thanks} Este evento atingiu a meta e os apoios foram encerrados.` : thanks,
    ...(result.ticketCode ? { detail: `Seu ingresso: ${result.ticketCode}` } : {}),
    tone: "success",
  };
}
