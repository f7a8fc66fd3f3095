/**
 * `Recompensas`: what an organizer may offer for a support, and what a supporter may choose.
 * Pure (no Convex imports), shared with the UI, so the forms check exactly what the server does.
 *
 * A reward has a title, a description, a minimum amount, an optional quantity, an optional
 * `Entrega prevista` (month/year, "2026-12") and an optional question: with choices (1 to 8)
 * or, without a choices list, free text.
 */
import { formatBRL, isValidAmountCents } from "./money";

export const MAX_REWARDS = 20;
export const MAX_CHOICES = 8;
export const MAX_ANSWER_LENGTH = 200;
export const MAX_REWARD_TITLE_LENGTH = 80;
export const MAX_REWARD_DESCRIPTION_LENGTH = 1_000;
export const MAX_QUESTION_LENGTH = 120;
export const MAX_CHOICE_LENGTH = 60;
/** A limited reward's largest quantity (a bound, not a business rule). */
export const MAX_REWARD_QUANTITY = 1_000_000;

export const REWARD_MESSAGES = {
  emptyTitle: "Dê um título a cada recompensa.",
  titleTooLong: `O título da recompensa pode ter no máximo ${MAX_REWARD_TITLE_LENGTH} caracteres.`,
  descriptionTooLong: `A descrição da recompensa pode ter no máximo ${MAX_REWARD_DESCRIPTION_LENGTH} caracteres.`,
  invalidMinimum: "O valor mínimo da recompensa deve ser maior que zero e não pode passar da meta.",
  invalidQuantity: "A quantidade da recompensa deve ser um número inteiro maior que zero.",
  tooMany: `Um evento pode ter no máximo ${MAX_REWARDS} recompensas.`,
  invalidDelivery: "Informe a entrega prevista como mês e ano válidos.",
  emptyQuestion: "Escreva a pergunta da recompensa.",
  questionTooLong: `A pergunta pode ter no máximo ${MAX_QUESTION_LENGTH} caracteres.`,
  noChoices: "Dê ao menos uma opção para a pergunta da recompensa.",
  tooManyChoices: `A pergunta pode ter no máximo ${MAX_CHOICES} opções.`,
  invalidChoice: `Cada opção deve ter de 1 a ${MAX_CHOICE_LENGTH} caracteres, sem repetir.`,
  notFound: "Recompensa não encontrada.",
  quantityBelowTaken: (taken: number) => `A quantidade não pode ficar abaixo das ${taken} já escolhidas.`,
  minimumFrozen: "O valor mínimo de uma recompensa já escolhida não pode mudar.",
  removeChosen: "Uma recompensa já escolhida não pode ser removida.",
  soldOut: "Esta recompensa esgotou.",
  belowRewardMinimum: (minimumCents: number) => `O valor mínimo desta recompensa é ${formatBRL(minimumCents)}.`,
  answerMissing: "Responda à pergunta da recompensa.",
  answerNotAChoice: "Escolha uma das opções da pergunta.",
  answerTooLong: `A resposta pode ter no máximo ${MAX_ANSWER_LENGTH} caracteres.`,
  answerWithoutQuestion: "Esta recompensa não tem pergunta.",
  notTheOrganizer: "Apenas o organizador pode baixar a lista de apoiadores.",
} as const;

export type RewardQuestion = { label: string; choices?: string[] };

/** One reward as the forms send it; `id` names an existing one when editing. */
export type RewardInput = {
  id?: string;
  title: string;
  description: string;
  minimumCents: number;
  quantity?: number;
  deliveryMonth?: string;
  question?: RewardQuestion;
};

export type ValidReward = Omit<RewardInput, "id"> & { id?: string };

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** "2026-12" → "dezembro de 2026" (Intl, pt-BR). */
export function deliveryLabel(deliveryMonth: string): string {
  const match = MONTH.exec(deliveryMonth);
  if (match === null) return deliveryMonth;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return new Intl.DateTimeFormat("pt-BR", { month: "long", year: "numeric", timeZone: "UTC" }).format(date);
}

function checkQuestion(question: RewardQuestion): { question: RewardQuestion } | { message: string } {
  const label = question.label.trim();
  if (label === "") return { message: REWARD_MESSAGES.emptyQuestion };
  if (label.length > MAX_QUESTION_LENGTH) return { message: REWARD_MESSAGES.questionTooLong };
  if (question.choices === undefined) return { question: { label } };
  const choices = question.choices.map((choice) => choice.trim());
  if (choices.length === 0) return { message: REWARD_MESSAGES.noChoices };
  if (choices.length > MAX_CHOICES) return { message: REWARD_MESSAGES.tooManyChoices };
  const bad = choices.some((choice) => choice === "" || choice.length > MAX_CHOICE_LENGTH);
  if (bad || new Set(choices).size !== choices.length) return { message: REWARD_MESSAGES.invalidChoice };
  return { question: { label, choices } };
}

/** One reward checked and trimmed, or the first thing wrong with it. */
export function checkReward(input: RewardInput, goalCents: number): { reward: ValidReward } | { message: string } {
  const title = input.title.trim();
  const description = input.description.trim();
  if (title === "") return { message: REWARD_MESSAGES.emptyTitle };
  if (title.length > MAX_REWARD_TITLE_LENGTH) return { message: REWARD_MESSAGES.titleTooLong };
  if (description.length > MAX_REWARD_DESCRIPTION_LENGTH) return { message: REWARD_MESSAGES.descriptionTooLong };
  if (!isValidAmountCents(input.minimumCents) || input.minimumCents > goalCents) return { message: REWARD_MESSAGES.invalidMinimum };
  const { quantity, deliveryMonth } = input;
  if (quantity !== undefined && (!Number.isSafeInteger(quantity) || quantity <= 0 || quantity > MAX_REWARD_QUANTITY)) {
    return { message: REWARD_MESSAGES.invalidQuantity };
  }
  if (deliveryMonth !== undefined && !MONTH.test(deliveryMonth)) return { message: REWARD_MESSAGES.invalidDelivery };
  const question = input.question === undefined ? null : checkQuestion(input.question);
  if (question !== null && "message" in question) return question;
  return {
    reward: {
      ...(input.id === undefined ? {} : { id: input.id }),
      title,
      description,
      minimumCents: input.minimumCents,
      ...(quantity === undefined ? {} : { quantity }),
      ...(deliveryMonth === undefined ? {} : { deliveryMonth }),
      ...(question === null ? {} : { question: question.question }),
    },
  };
}

/** The event's whole list checked: at most MAX_REWARDS, each valid. */
export function checkRewards(inputs: RewardInput[], goalCents: number): { rewards: ValidReward[] } | { message: string } {
  if (inputs.length > MAX_REWARDS) return { message: REWARD_MESSAGES.tooMany };
  const rewards: ValidReward[] = [];
  for (const input of inputs) {
    const checked = checkReward(input, goalCents);
    if ("message" in checked) return checked;
    rewards.push(checked.reward);
  }
  return { rewards };
}

/** What the supporter answered, trimmed, or why it does not fit the reward's question. */
export function checkAnswer(question: RewardQuestion | undefined, answer: string | undefined): { answer?: string } | { message: string } {
  const text = answer?.trim() ?? "";
  if (question === undefined) return text === "" ? {} : { message: REWARD_MESSAGES.answerWithoutQuestion };
  if (text === "") return { message: REWARD_MESSAGES.answerMissing };
  if (text.length > MAX_ANSWER_LENGTH) return { message: REWARD_MESSAGES.answerTooLong };
  if (question.choices !== undefined && !question.choices.includes(text)) return { message: REWARD_MESSAGES.answerNotAChoice };
  return { answer: text };
}

/** Why a supporter's pick of a reward is refused, with the code the server throws it under. */
export type RewardChoiceRefusal = { code: "INVALID_REWARD_CHOICE" | "REWARD_SOLD_OUT"; message: string };

/**
 * A supporter's pick of `reward` (null: not one of this event's) for `amountCents`, checked in
 * the one order the support form and the server both give: not found, sold out, below its
 * minimum, then the answer to its question. The answer trimmed, or the refusal.
 */
export function checkRewardChoice(
  reward: { soldOut?: boolean; minimumCents: number; question?: RewardQuestion } | null,
  amountCents: number,
  answer: string | undefined,
): { answer?: string } | RewardChoiceRefusal {
  if (reward === null) return { code: "INVALID_REWARD_CHOICE", message: REWARD_MESSAGES.notFound };
  if (reward.soldOut === true) return { code: "REWARD_SOLD_OUT", message: REWARD_MESSAGES.soldOut };
  if (amountCents < reward.minimumCents) {
    return { code: "INVALID_REWARD_CHOICE", message: REWARD_MESSAGES.belowRewardMinimum(reward.minimumCents) };
  }
  const checked = checkAnswer(reward.question, answer);
  return "message" in checked ? { code: "INVALID_REWARD_CHOICE", message: checked.message } : checked;
}

/** Units left of a limited reward (never below 0); null when it is unlimited. */
export function remainingOf(reward: { quantity?: number }, taken: number): number | null {
  return reward.quantity === undefined ? null : Math.max(0, reward.quantity - taken);
}
