/**
 * Every Portuguese text the backend sends to people, in one place. They are the
 * product's texts (docs/product.md) and tests match them exactly: do not reword them.
 */
export const MESSAGES = {
  notSignedIn: "Você precisa estar logado para continuar.",
  notSignedInToSupport: "Você precisa estar logado para apoiar este evento!",
  invalidAmount: "Por favor, insira um valor válido!",
  noBalanceTitle: "Saldo Insuficiente",
  noBalance: "Você não possui saldo suficiente para apoiar este evento.",
  insufficientFunds: "Saldo insuficiente!",
  belowMinimum: (formattedMinimum: string) => `O valor mínimo de apoio é ${formattedMinimum}`,
  supportClosed: "A porcentagem minima foi batida! Os apoios foram desativados...",
  eventNotFound: "Evento não encontrado",
  invalidEventInput: "Por favor, preencha todos os campos corretamente.",
  notASupporter: "Apenas quem apoiou este evento pode ver e enviar mensagens no chat.",
  emptyMessage: "Digite uma mensagem antes de enviar.",
  messageTooLong: "A mensagem pode ter no máximo 1000 caracteres.",
  eventStarted: "Este evento já começou. Os apoios estão encerrados.",
  eventCancelled: "Este evento foi cancelado.",
  eventInPast: "A data do evento deve ser no futuro.",
  notTheCreator: "Apenas o organizador pode cancelar este evento.",
  cancelAfterStart: "Este evento já começou e não pode mais ser cancelado.",
  invalidSignIn: "Informe um nome e um e-mail válidos para entrar.",
  invalidImage: "A imagem deve ser JPG, PNG ou WebP de até 5 MB.",
  imageNotFound: "Imagem não encontrada. Envie a imagem novamente.",
  invalidPage: "Não foi possível carregar esta lista. Recarregue a página e tente de novo.",
  notTheOrganizer: "Apenas o organizador pode validar ingressos.",
  ticketNotFound: "Ingresso não encontrado para este evento.",
  ticketAlreadyUsed: (formattedTime: string) => `Ingresso já utilizado às ${formattedTime}.`,
  ticketCancelled: "Ingresso cancelado.",
  rateLimited: (seconds: number) => `Muitas tentativas. Tente novamente em ${seconds} ${seconds === 1 ? "segundo" : "segundos"}.`,
} as const;
