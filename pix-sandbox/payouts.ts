/**
 * Payouts by PIX as Mercado Pago's Payouts API takes them (`POST /v1/transaction-intents/process`):
 * the body's checks (PIX key and owner document checked with `@brazilian-utils/brazilian-utils`)
 * and the transaction intent in each of its states.
 */
import { isValidCnpj, isValidCpf, isValidPixKey } from "@brazilian-utils/brazilian-utils";
import { randomBytes } from "node:crypto";
import { utcTime } from "./dates.ts";
import { badRequest } from "./errors.ts";
import { isAmount } from "./money.ts";
import { webhookUrl } from "./payments.ts";
import { PIX_KEY_TYPES, SANDBOX_ACCOUNT_ID, type DestinationAccount, type PixKeyType, type TransactionIntent } from "./types.ts";

/** Mercado Pago's key types, as the library names them. */
const KEY_KINDS = { EMAIL: "email", PHONE: "phone", CPF: "cpf", CNPJ: "cnpj", PIX_CODE: "evp" } as const;
/** Mercado Pago's reasons for a rejected payout (`status_detail`). */
export const REJECTION_DETAILS = ["by_bank", "by_provider", "high_risk", "insufficient_funds", "other_reason"] as const;
const REFERENCE = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_NOTIFICATION_URL = 500;

export type NewPayout = {
  amount: number;
  externalReference: string | null;
  notificationUrl: string | null;
  key: { type: PixKeyType; value: string };
  owner: { type: "CPF" | "CNPJ"; number: string };
};

function record(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw badRequest(`${field} must be an object`);
  return value as Record<string, unknown>;
}

function onlyAccount(value: unknown, field: string): Record<string, unknown> {
  const accounts = record(value, field).accounts;
  if (!Array.isArray(accounts) || accounts.length !== 1) throw badRequest(`${field}.accounts must hold exactly one account`);
  return record(accounts[0], `${field}.accounts[0]`);
}

/** `{ "type": "PSP_TRANSFER" }`, `"PSP_TRANSFER"` or the JSON text of the object: Mercado Pago's examples show all three. */
function isPspTransfer(value: unknown): boolean {
  if (value === "PSP_TRANSFER") return true;
  if (typeof value === "string") {
    try {
      return isPspTransfer(JSON.parse(value));
    } catch {
      return false;
    }
  }
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "PSP_TRANSFER";
}

/** Checks a `POST /v1/transaction-intents/process` body; throws a 400 naming the first field wrong. */
export function parseNewPayout(body: unknown): NewPayout {
  const root = record(body, "body");
  let externalReference: string | null = null;
  if (root.external_reference !== undefined && root.external_reference !== null) {
    if (typeof root.external_reference !== "string" || !REFERENCE.test(root.external_reference)) {
      throw badRequest("external_reference must be 1 to 64 letters, digits, - or _");
    }
    externalReference = root.external_reference;
  }
  if (!isPspTransfer(root.point_of_interaction)) throw badRequest('point_of_interaction.type must be "PSP_TRANSFER"');
  let notificationUrl: string | null = null;
  const sellerConfiguration = root.seller_configuration;
  if (sellerConfiguration !== undefined && sellerConfiguration !== null) {
    const info = record(sellerConfiguration, "seller_configuration").notification_info;
    const url = info === undefined || info === null ? undefined : record(info, "seller_configuration.notification_info").notification_url;
    if (url !== undefined && url !== null) {
      notificationUrl = typeof url === "string" && url.length <= MAX_NOTIFICATION_URL ? webhookUrl(url) : null;
      if (notificationUrl === null) throw badRequest("seller_configuration.notification_info.notification_url must be a valid URL");
    }
  }
  const transaction = record(root.transaction, "transaction");
  const from = onlyAccount(transaction.from, "transaction.from");
  const to = onlyAccount(transaction.to, "transaction.to");
  const amount = transaction.total_amount;
  if (!isAmount(amount)) throw badRequest("transaction.total_amount must be a positive amount with at most two decimals");
  if (from.amount !== amount || to.amount !== amount) {
    throw badRequest("transaction.from.accounts[0].amount, transaction.to.accounts[0].amount and transaction.total_amount must be equal");
  }
  if (to.type !== undefined && to.type !== "current") throw badRequest('transaction.to.accounts[0].type must be "current" for a PIX key');
  const chave = record(to.chave, "transaction.to.accounts[0].chave");
  const keyType = chave.type;
  if (!PIX_KEY_TYPES.includes(keyType as PixKeyType)) {
    throw badRequest(`transaction.to.accounts[0].chave.type must be one of ${PIX_KEY_TYPES.join(", ")}`);
  }
  const type = keyType as PixKeyType;
  if (typeof chave.value !== "string" || !isValidPixKey(chave.value, { accept: [KEY_KINDS[type]] })) {
    throw badRequest(`transaction.to.accounts[0].chave.value is not a valid ${type} PIX key`);
  }
  const identification = record(
    record(to.owner, "transaction.to.accounts[0].owner").identification,
    "transaction.to.accounts[0].owner.identification",
  );
  const ownerType = identification.type;
  const ownerNumber = identification.number;
  const validOwner =
    typeof ownerNumber === "string" &&
    ((ownerType === "CPF" && isValidCpf(ownerNumber)) || (ownerType === "CNPJ" && isValidCnpj(ownerNumber)));
  if (!validOwner) throw badRequest("transaction.to.accounts[0].owner.identification must be a valid CPF or CNPJ");
  return {
    amount,
    externalReference,
    notificationUrl,
    key: { type, value: chave.value },
    owner: { type: ownerType as "CPF" | "CNPJ", number: ownerNumber as string },
  };
}

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** `<account id>-<26 characters>` like Mercado Pago's ids: the time (10 characters, so ids sort by age), then randomness. */
export function newPayoutId(now: number): string {
  let time = "";
  for (let rest = now, i = 0; i < 10; i++, rest = Math.floor(rest / 32)) time = CROCKFORD[rest % 32] + time;
  const random = [...randomBytes(16)].map((byte) => CROCKFORD[byte % 32]).join("");
  return `${SANDBOX_ACCOUNT_ID}-${time}${random}`;
}

export function newPayout(id: string, input: NewPayout, now: number): TransactionIntent {
  const destination: DestinationAccount = {
    type: "current",
    amount: input.amount,
    status_detail: "pending_bank",
    chave: input.key,
    owner: { identification: input.owner },
  };
  return {
    id,
    status: "in_process",
    created_date: utcTime(now),
    last_updated_date: utcTime(now),
    external_reference: input.externalReference,
    point_of_interaction: "PSP_TRANSFER",
    seller_configuration: { notification_info: { notification_url: input.notificationUrl } },
    transaction: {
      from: { accounts: [{ amount: input.amount }] },
      to: { accounts: [destination] },
      paid_amount: input.amount,
      refunded_amount: 0,
      payer: { id: SANDBOX_ACCOUNT_ID },
      total_amount: input.amount,
    },
  };
}

/** The destination bank credited the key. */
export function complete(payout: TransactionIntent, now: number): void {
  payout.status = "approved";
  payout.transaction.to.accounts[0].status_detail = "approved";
  payout.last_updated_date = utcTime(now);
}

/** The transfer was refused, for one of Mercado Pago's reasons. */
export function reject(payout: TransactionIntent, now: number, detail: string): void {
  payout.status = "rejected";
  payout.transaction.to.accounts[0].status_detail = detail;
  payout.last_updated_date = utcTime(now);
}
