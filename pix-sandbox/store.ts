/**
 * Everything the sandbox knows: payments, payouts, notifications, the answers kept for
 * idempotency keys. In memory, and free of Node's file system so the request handler runs in
 * the edge runtime too; the server keeps it in a data file across restarts (store-file.ts),
 * told of each change through `onChange`.
 */
import type { Notification, Payment, TransactionIntent } from "./types.ts";

export type KeptAnswer = { status: number; body: unknown };

/** The store as JSON: what the data file holds. */
export type SavedStore = {
  nextPaymentId: number;
  nextNotificationId: number;
  payments: Payment[];
  payouts: TransactionIntent[];
  notifications: Notification[];
  idempotency: [string, KeptAnswer][];
};

const FIRST_PAYMENT_ID = 1_325_000_001;
const FIRST_NOTIFICATION_ID = 1_000_001;

export class Store {
  readonly payments = new Map<string, Payment>();
  readonly payouts = new Map<string, TransactionIntent>();
  readonly notifications: Notification[] = [];
  private readonly idempotency = new Map<string, KeptAnswer>();
  private nextPaymentId = FIRST_PAYMENT_ID;
  private nextNotificationId = FIRST_NOTIFICATION_ID;
  private readonly listeners: (() => void)[] = [];
  /** Grows with every change; the page asks for it to know when to offer a reload. */
  version = 0;

  /** A store holding what `saved` holds (a data file read back). */
  static fromSaved(saved: SavedStore): Store {
    const store = new Store();
    store.nextPaymentId = saved.nextPaymentId;
    store.nextNotificationId = saved.nextNotificationId;
    for (const payment of saved.payments) store.payments.set(String(payment.id), payment);
    for (const payout of saved.payouts) store.payouts.set(payout.id, payout);
    store.notifications.push(...saved.notifications);
    for (const [key, answer] of saved.idempotency) store.idempotency.set(key, answer);
    return store;
  }

  newPaymentId(): number {
    return this.nextPaymentId++;
  }

  newNotificationId(): number {
    return this.nextNotificationId++;
  }

  /** The answer first given for this idempotency key on this route, if any. */
  keptAnswer(route: string, key: string): KeptAnswer | undefined {
    return this.idempotency.get(`${route}\n${key}`);
  }

  keepAnswer(route: string, key: string, answer: KeptAnswer): void {
    // A copy: the resource changes later, the answer to a repeated key does not.
    this.idempotency.set(`${route}\n${key}`, structuredClone(answer));
  }

  /** Calls `listener` after every change. */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Records a change: bumps the version and tells the listeners. */
  changed(): void {
    this.version++;
    for (const listener of this.listeners) listener();
  }

  snapshot(): SavedStore {
    return {
      nextPaymentId: this.nextPaymentId,
      nextNotificationId: this.nextNotificationId,
      payments: [...this.payments.values()],
      payouts: [...this.payouts.values()],
      notifications: this.notifications,
      idempotency: [...this.idempotency],
    };
  }
}
