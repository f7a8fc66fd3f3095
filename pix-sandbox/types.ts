/** The resources the sandbox keeps, in the JSON form Mercado Pago's API answers them. */

export type PaymentStatus = "pending" | "approved" | "cancelled" | "refunded" | "charged_back" | "in_mediation";

export type Payment = {
  id: number;
  date_created: string;
  date_approved: string | null;
  date_last_updated: string;
  date_of_expiration: string;
  money_release_date: string | null;
  operation_type: "regular_payment";
  payment_method_id: "pix";
  payment_type_id: "bank_transfer";
  status: PaymentStatus;
  status_detail: "pending_waiting_transfer" | "accredited" | "expired" | "by_collector" | "refunded" | "settled" | "in_mediation";
  currency_id: string;
  description: string | null;
  live_mode: false;
  collector_id: number;
  payer: { email: string };
  external_reference: string | null;
  notification_url: string | null;
  transaction_amount: number;
  transaction_amount_refunded: number;
  transaction_details: { net_received_amount: number; total_paid_amount: number; overpaid_amount: number; installment_amount: number };
  point_of_interaction: { type: "OPENPLATFORM"; transaction_data: { qr_code: string; qr_code_base64: string; ticket_url: string } };
};

export type PayoutStatus = "in_process" | "approved" | "rejected";

export const PIX_KEY_TYPES = ["EMAIL", "PHONE", "CPF", "CNPJ", "PIX_CODE"] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

export type DestinationAccount = {
  type: "current";
  amount: number;
  status_detail: string;
  chave: { type: PixKeyType; value: string };
  owner: { identification: { type: "CPF" | "CNPJ"; number: string } };
};

/** A payout (Mercado Pago's "transaction intent"). */
export type TransactionIntent = {
  id: string;
  status: PayoutStatus;
  created_date: string;
  last_updated_date: string;
  external_reference: string | null;
  point_of_interaction: "PSP_TRANSFER";
  seller_configuration: { notification_info: { notification_url: string | null } };
  transaction: {
    from: { accounts: [{ amount: number }] };
    to: { accounts: [DestinationAccount] };
    paid_amount: number;
    refunded_amount: number;
    payer: { id: number };
    total_amount: number;
  };
};

export type DeliveryAttempt = { at: string; requestId: string; status?: number; error?: string };

/** One event told to a notification_url; its body and id stay the same across every try. */
export type Notification = {
  id: string;
  type: "payment" | "transaction_intent";
  action: string;
  resourceId: string;
  /** The notification_url with `data.id` and `type` in its query. */
  url: string;
  body: Record<string, unknown>;
  attempts: DeliveryAttempt[];
  delivered: boolean;
  /** Retries already scheduled from `--retry-delays`. */
  retries: number;
  /** When the next retry goes (epoch ms), or null: delivered, gone through every delay, or not sent. */
  nextAttemptAt: number | null;
};

/** The id of the sandbox's Mercado Pago account (`collector_id`, `user_id`, the payouts' `payer.id`). */
export const SANDBOX_ACCOUNT_ID = 2093485761;
