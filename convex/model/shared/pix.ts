/**
 * PIX in and out of the wallet: limits, key types and the texts people see. Pure, shared with
 * the UI, so the dialogs check and show exactly what the server enforces.
 */
import { getPixKeyInfo } from "@brazilian-utils/brazilian-utils/get-pix-key-info";
import { isValidCnpj } from "@brazilian-utils/brazilian-utils/is-valid-cnpj";
import { isValidCpf } from "@brazilian-utils/brazilian-utils/is-valid-cpf";
import { formatBRL } from "./money";

/** `Adicionar saldo`: R$ 5,00 to R$ 5.000,00 a charge. */
export const MIN_DEPOSIT_CENTS = 500;
export const MAX_DEPOSIT_CENTS = 500_000;
/** `Sacar`: at least R$ 10,00. */
export const MIN_WITHDRAWAL_CENTS = 1_000;
/**
 * How long a PIX charge can be paid, counted when the request to the provider is built (not
 * when the deposit row was made: the request goes later, from a scheduled action). Mercado Pago
 * refuses a `date_of_expiration` less than 30 minutes after the request reaches it; an hour
 * leaves room for a late action, retries and clock skew.
 */
export const DEPOSIT_TTL_MS = 60 * 60 * 1000;
/** The shortest expiry Mercado Pago accepts, after the request reaches it. */
export const PROVIDER_MIN_EXPIRY_MS = 30 * 60 * 1000;

/** A withdrawal still in processing after this long is surfaced (reconciliation's log, the Extrato). */
export const WITHDRAWAL_LATE_MS = 24 * 60 * 60 * 1000;

/** `Tipo de chave`, in the order the dialog offers them. */
export const PIX_KEY_TYPES = ["cpf", "cnpj", "email", "phone", "evp"] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];
export const PIX_KEY_TYPE_LABELS: Record<PixKeyType, string> = {
  cpf: "CPF",
  cnpj: "CNPJ",
  email: "E-mail",
  phone: "Telefone",
  evp: "Chave aleatória",
};
/** A key longer than this is no key of any type (an e-mail key has at most 77 characters). */
export const MAX_PIX_KEY_LENGTH = 100;

/**
 * The key in the canonical form the DICT uses (CPF/CNPJ digits, lower-case e-mail, +55 phone,
 * lower-case random key), or null when it is not a valid key of `type`. A phone may be typed
 * with or without +55 and its mask.
 */
export function normalizePixKey(type: PixKeyType, raw: string): string | null {
  if (raw.length > MAX_PIX_KEY_LENGTH) return null;
  const text = raw.trim();
  // An 11-digit mobile number also reads as a CPF; written with +55 it can only be a phone.
  const candidate = type === "phone" && !text.startsWith("+") ? `+55${text.replace(/\D/g, "")}` : text;
  const info = getPixKeyInfo(candidate);
  return info !== null && info.type === type ? info.value : null;
}

/**
 * A charge is `creating` until the provider answers, then `pending` until it is paid (credited
 * once), expires or is cancelled; `review` when what was paid differs from the charge (nothing
 * credited); `failed` when the provider refused to create it; `returned` when a credited payment
 * went back to the payer (refunded, charged back) and the wallet gave it back.
 */
export const DEPOSIT_STATUSES = ["creating", "pending", "paid", "expired", "cancelled", "review", "failed", "returned"] as const;
/** Whether the key is itself the holder's CPF or CNPJ (else the holder's document is asked for). */
export function keyIsDocument(type: PixKeyType): boolean {
  return type === "cpf" || type === "cnpj";
}

/**
 * The key holder's CPF or CNPJ as digits, or null when it is not a valid one. The Payouts API
 * names the holder of every destination; for a CPF or CNPJ key, the key is that document.
 */
export function normalizeOwnerDocument(raw: string): string | null {
  if (raw.length > MAX_PIX_KEY_LENGTH) return null;
  const digits = raw.replace(/[\s.\-/]/g, "");
  if (!/^\d+$/.test(digits)) return null;
  return (digits.length === 11 && isValidCpf(digits)) || (digits.length === 14 && isValidCnpj(digits)) ? digits : null;
}

export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
/** A withdrawal is `processing` from its request until the provider says it was paid or failed. */
export const WITHDRAWAL_STATUSES = ["processing", "paid", "failed"] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** What the `Adicionar saldo` dialog says of a charge. */
export const DEPOSIT_STATUS_TEXTS: Record<DepositStatus, string> = {
  creating: "Gerando PIX…",
  pending: "Aguardando pagamento",
  paid: "Pagamento confirmado",
  expired: "Expirado",
  cancelled: "Cancelado",
  review: "Pagamento em análise",
  failed: "Não foi possível gerar o PIX. Tente novamente.",
  returned: "Pagamento devolvido",
};

/** What the dialog says at a charge's expiry while the payment is read at the provider. */
export const DEPOSIT_VERIFYING_TEXT = "Verificando pagamento…";

/** The state of a `Saque via PIX` line in the Extrato. */
export const WITHDRAWAL_STATUS_TEXTS: Record<WithdrawalStatus, string> = {
  processing: "Em processamento",
  paid: "Pago",
  failed: "Falhou",
};

export const PIX_MESSAGES = {
  depositAmount: `Informe um valor entre ${formatBRL(MIN_DEPOSIT_CENTS)} e ${formatBRL(MAX_DEPOSIT_CENTS)}.`,
  withdrawalAmount: `Informe um valor de pelo menos ${formatBRL(MIN_WITHDRAWAL_CENTS)}.`,
  aboveWithdrawable: (withdrawableCents: number) =>
    `O valor é maior que o disponível para saque (${formatBRL(withdrawableCents)}). O bônus de boas-vindas não pode ser sacado.`,
  supportWhileOwed: (owedCents: number) =>
    `Sua carteira tem ${formatBRL(owedCents)} em aberto de um depósito PIX devolvido. Adicione saldo para quitar esse valor antes de apoiar.`,
  withdrawalWhileOwed: (owedCents: number) =>
    `Sua carteira tem ${formatBRL(owedCents)} em aberto de um depósito PIX devolvido. Não é possível sacar até quitar esse valor.`,
  depositInReview:
    "O valor pago não confere com a cobrança, por isso nada foi creditado. O pagamento fica em análise: se estiver certo, entra na carteira; se não, é devolvido a quem pagou.",
  withdrawalLate:
    "O banco ainda não confirmou este saque. Seguimos verificando; o valor só volta para a carteira se o banco disser que ele não foi feito.",
  withdrawalInProgress: "Você já tem um saque em processamento. Aguarde a conclusão para pedir outro.",
  invalidOwnerDocument: "Informe um CPF ou CNPJ válido do titular da chave.",
  invalidKeyType: "Escolha o tipo da chave PIX.",
  invalidPixKey: (type: PixKeyType) => `Chave PIX inválida para o tipo ${PIX_KEY_TYPE_LABELS[type]}.`,
  tooManyDeposits: "Você já tem PIX aguardando pagamento. Pague ou espere um deles expirar.",
  noEmail: "Sua conta não tem e-mail; o PIX precisa de um para o pagador.",
  notConfigured: "O PIX não está configurado neste servidor.",
} as const;
