/**
 * `Meus dados`: the Portuguese texts and the retention periods, shared by the server (which
 * enforces them) and the page (which tells them). Pure.
 */
import { formatBRL } from "./money";

/** What others read in place of a deleted person's name (chat, the organizer's lists, the door). */
export const DELETED_ACCOUNT_NAME = "Conta excluída";
/** What everyone but the organizer reads for a supporter who chose `Apoiar sem mostrar meu nome`. */
export const ANONYMOUS_SUPPORTER_NAME = "Apoiador anônimo";
export const ANONYMOUS_SUPPORT_LABEL = "Apoiar sem mostrar meu nome";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Financial records of a deleted account: 5 years (the tax authority's period, CTN arts. 173–174). */
export const FINANCIAL_RETENTION_MS = 5 * 365 * DAY_MS + 2 * DAY_MS;
/** Sign-in records: 6 months (Marco Civil da Internet, art. 15). */
export const SIGN_IN_RETENTION_MS = 183 * DAY_MS;

/** Why an account cannot be deleted yet, and what to do about it. */
export type DeletionBlocker = { reason: string; whatToDo: string };

export const DELETION_BLOCKERS = {
  withdrawable: (cents: number): DeletionBlocker => ({
    reason: `Sua carteira tem ${formatBRL(cents)} que podem ser sacados.`,
    whatToDo: "Saque o valor em Sacar antes de excluir a conta.",
  }),
  owed: (cents: number): DeletionBlocker => ({
    reason: `Há ${formatBRL(cents)} devolvidos ao banco que sua carteira ainda deve.`,
    whatToDo: "Adicione saldo para quitar o valor antes de excluir a conta.",
  }),
  withdrawalInFlight: (): DeletionBlocker => ({
    reason: "Um saque por PIX ainda está em andamento.",
    whatToDo: "Espere o saque ser concluído e tente de novo.",
  }),
  depositPending: (): DeletionBlocker => ({
    reason: "Um depósito por PIX está aguardando pagamento.",
    whatToDo: "Pague o PIX (e saque o valor) ou espere o código expirar.",
  }),
  organizesEvent: (eventName: string): DeletionBlocker => ({
    reason: `Você organiza o evento ${eventName}, que ainda não terminou.`,
    whatToDo: "Espere o repasse ou o estorno do evento terminar, ou cancele o evento.",
  }),
  futureTicket: (eventName: string): DeletionBlocker => ({
    reason: `Você tem ingressos para ${eventName}, que ainda vai acontecer.`,
    whatToDo: "Use, transfira ou cancele os ingressos, ou espere o evento passar.",
  }),
  supportInFlight: (eventName: string): DeletionBlocker => ({
    reason: `Seu apoio a ${eventName} ainda pode voltar para a sua carteira.`,
    whatToDo: "Espere o evento terminar: se ele não acontecer, o valor volta e você pode sacá-lo.",
  }),
  waitingList: (eventName: string): DeletionBlocker => ({
    reason: `Você está na lista de espera de ${eventName}.`,
    whatToDo: "Saia da lista de espera em Meus Ingressos ou no evento.",
  }),
} as const;

export const DELETION_TEXTS = {
  title: "Excluir minha conta",
  refusedTitle: "Ainda não é possível excluir sua conta",
  whatGoes:
    "Saem na hora: seu nome, e-mail e foto, suas formas de entrar e todas as sessões abertas (você sai de todos os navegadores), suas notificações e listas de espera. Nas mensagens do chat e nas listas dos organizadores aparece “Conta excluída”.",
  whatStays:
    "Ficam, sem seu nome nem e-mail: os registros financeiros (extrato, apoios, compras, PIX) por 5 anos, exigidos pela lei tributária, e os registros de acesso por 6 meses (Marco Civil da Internet). Depois disso são apagados.",
  promoLost: (cents: number) => `O bônus promocional de ${formatBRL(cents)} da sua carteira será perdido.`,
  confirm: "Excluir minha conta",
  done: "Sua conta foi excluída.",
} as const;
