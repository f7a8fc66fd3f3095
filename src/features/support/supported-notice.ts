import type { FunctionReturnType } from "convex/server";
import type { api } from "@convex/_generated/api";
import { supportClosedMessage } from "@convex/model/shared/lifecycle";
import { formatBRL } from "@convex/model/shared/money";
import { ATTENTION_TITLE, type Notice } from "../../lib/notice";

/** Shown while the event's queue applies a support (taken, the wallet already debited). */
export const PROCESSING_TEXT = "Processando seu apoio…";

/** What became of a queued support, once it came up (never "pending"). */
export type SupportOutcome = Exclude<NonNullable<FunctionReturnType<typeof api.supports.outcome>>, { status: "pending" }>;

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

/**
 * The alert once a queued support came up: as above when it was applied; when the event closed
 * first (others reached the goal, the creator cancelled, the date came) or its reward sold out
 * (`Esta recompensa esgotou.`), why, and the money back in the wallet.
 */
export function outcomeNotice(outcome: SupportOutcome): Notice {
  if (outcome.status === "applied") return supportedNotice(outcome.amountCents, outcome);
  return {
    title: ATTENTION_TITLE,
    message: "refusal" in outcome ? outcome.refusal : supportClosedMessage(outcome.closedReason),
    detail: `Seu apoio de ${formatBRL(outcome.amountCents)} voltou para a sua carteira.`,
    tone: "error",
  };
}
