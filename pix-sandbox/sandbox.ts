/**
 * The sandbox's operations, apart from HTTP: Mercado Pago's (create and read payments and
 * payouts) and the banks' (pay, expire, complete, fail), each change recorded in the store and
 * told to the resource's notification_url.
 */
import { brasiliaTime } from "./dates.ts";
import { badRequest, conflict, notFound } from "./errors.ts";
import { isAmount } from "./money.ts";
import { approve, cancel, expire, expiresAt, giveBack, mediate, newPayment, parseNewPayment } from "./payments.ts";
import { complete, newPayout, newPayoutId, parseNewPayout, reject, REJECTION_DETAILS } from "./payouts.ts";
import type { Store } from "./store.ts";
import { SANDBOX_ACCOUNT_ID, type Notification, type Payment, type TransactionIntent } from "./types.ts";
import { notificationTarget, type WebhookSender } from "./webhooks.ts";

/** Mercado Pago's "created" placeholder for a payout notification's `last_updated`. */
const NEVER = "0001-01-01T00:00:00Z";
const CURRENCY = /^[A-Z]{3}$/;

export class Sandbox {
  constructor(
    readonly store: Store,
    readonly webhooks: WebhookSender,
    private readonly now: () => number,
    /** The sandbox's own origin, for `ticket_url`. */
    private readonly origin: string,
  ) {}

  createPayment(body: unknown): Payment {
    const now = this.now();
    const payment = newPayment(this.store.newPaymentId(), parseNewPayment(body, now), now, this.origin);
    this.store.payments.set(String(payment.id), payment);
    this.notifyPayment(payment, "payment.created");
    return payment;
  }

  /** The payment in its current state (expired first if its time has passed). */
  payment(id: string): Payment {
    const payment = this.store.payments.get(id);
    if (payment === undefined) throw notFound("Payment not found", 2000);
    this.expireIfDue(payment);
    return payment;
  }

  /** The payer pays: the charge's amount, or `amountText` reais (a payment of another amount), in `currency`. */
  pay(id: string, amountText: string | null, currency: string | null): Payment {
    const payment = this.pendingPayment(id);
    const amount = amountText === null ? payment.transaction_amount : Number(amountText);
    if (!isAmount(amount)) throw badRequest("amount must be a positive number of reais with at most two decimals");
    if (currency !== null && !CURRENCY.test(currency)) throw badRequest("currency must be a three-letter code");
    approve(payment, this.now(), amount, currency ?? payment.currency_id);
    this.notifyPayment(payment, "payment.updated");
    return payment;
  }

  /** An approved payment's money goes back to the payer (refunded, or charged back). */
  giveBackPayment(id: string, status: "refunded" | "charged_back"): Payment {
    const payment = this.payment(id);
    if (payment.status !== "approved") throw conflict(`o pagamento nº ${id} não está aprovado (status ${payment.status})`);
    giveBack(payment, this.now(), status);
    this.notifyPayment(payment, "payment.updated");
    return payment;
  }

  expirePayment(id: string): Payment {
    const payment = this.pendingPayment(id);
    expire(payment, this.now());
    this.notifyPayment(payment, "payment.updated");
    return payment;
  }

  /** The seller cancels a charge not yet paid. */
  cancelPayment(id: string): Payment {
    const payment = this.pendingPayment(id);
    cancel(payment, this.now());
    this.notifyPayment(payment, "payment.updated");
    return payment;
  }

  /** The payer disputes an approved payment (a state the app is not expected to act on). */
  mediatePayment(id: string): Payment {
    const payment = this.payment(id);
    if (payment.status !== "approved") throw conflict(`o pagamento nº ${id} não está aprovado (status ${payment.status})`);
    mediate(payment, this.now());
    this.notifyPayment(payment, "payment.updated");
    return payment;
  }

  /** Expires every pending payment whose date_of_expiration has passed. */
  expireDuePayments(): void {
    for (const payment of this.store.payments.values()) this.expireIfDue(payment);
  }

  createPayout(body: unknown): TransactionIntent {
    const now = this.now();
    const payout = newPayout(newPayoutId(now), parseNewPayout(body), now);
    this.store.payouts.set(payout.id, payout);
    this.notifyPayout(payout, "transaction_intent.created");
    return payout;
  }

  payout(id: string): TransactionIntent {
    const payout = this.store.payouts.get(id);
    if (payout === undefined) throw notFound("Transaction intent not found");
    return payout;
  }

  completePayout(id: string): TransactionIntent {
    const payout = this.processingPayout(id);
    complete(payout, this.now());
    this.notifyPayout(payout, "transaction_intent.updated");
    return payout;
  }

  failPayout(id: string, detail: string | null): TransactionIntent {
    const reason = detail ?? "by_bank";
    if (!(REJECTION_DETAILS as readonly string[]).includes(reason))
      throw badRequest(`detail must be one of ${REJECTION_DETAILS.join(", ")}`);
    const payout = this.processingPayout(id);
    reject(payout, this.now(), reason);
    this.notifyPayout(payout, "transaction_intent.updated");
    return payout;
  }

  private pendingPayment(id: string): Payment {
    const payment = this.payment(id);
    // Said on the page too, so in Portuguese.
    if (payment.status !== "pending") throw conflict(`o pagamento nº ${id} não está mais aguardando pagamento (status ${payment.status})`);
    return payment;
  }

  private processingPayout(id: string): TransactionIntent {
    const payout = this.payout(id);
    if (payout.status !== "in_process") throw conflict(`o saque ${id} não está mais em processamento (status ${payout.status})`);
    return payout;
  }

  private expireIfDue(payment: Payment): void {
    if (payment.status !== "pending" || expiresAt(payment) > this.now()) return;
    expire(payment, this.now());
    this.notifyPayment(payment, "payment.updated");
  }

  private notifyPayment(payment: Payment, action: string): void {
    const dataId = String(payment.id);
    this.notify(payment.notification_url, "payment", action, dataId, {
      id: this.store.newNotificationId(),
      live_mode: false,
      type: "payment",
      date_created: brasiliaTime(this.now()),
      user_id: SANDBOX_ACCOUNT_ID,
      api_version: "v1",
      action,
      data: { id: dataId },
    });
  }

  private notifyPayout(payout: TransactionIntent, action: string): void {
    const created = action === "transaction_intent.created";
    this.notify(payout.seller_configuration.notification_info.notification_url, "transaction_intent", action, payout.id, {
      id: String(this.store.newNotificationId()),
      type: "transaction_intent",
      action,
      api_version: "v1",
      date_created: brasiliaTime(Date.parse(payout.created_date)),
      last_updated: created ? NEVER : brasiliaTime(Date.parse(payout.last_updated_date)),
      status: payout.status,
      data: { id: payout.id },
    });
  }

  /** Records the change and, when the resource has a notification_url, the notification, then sends it. */
  private notify(url: string | null, type: Notification["type"], action: string, resourceId: string, body: Record<string, unknown>): void {
    if (url === null) {
      this.store.changed();
      return;
    }
    const notification: Notification = {
      id: String(body.id),
      type,
      action,
      resourceId,
      url: notificationTarget(url, resourceId, type),
      body,
      attempts: [],
      delivered: false,
      retries: 0,
      nextAttemptAt: null,
    };
    this.store.notifications.push(notification);
    this.store.changed();
    this.webhooks.send(notification);
  }
}
