/**
 * Everything the sandbox knows: payments, payouts, notifications, the answers kept for
 * idempotency keys. In memory; with a data file, also written there (atomically, after each
 * change, one write at a time) and read back at start, so a restart of `npm run dev` loses nothing.
 */
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Notification, Payment, TransactionIntent } from "./types.ts";

export type KeptAnswer = { status: number; body: unknown };

type StoreFile = {
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
  /** Grows with every change; the page asks for it to know when to offer a reload. */
  version = 0;
  private writing: Promise<void> = Promise.resolve();
  private writePending = false;

  private constructor(private readonly file: string | null) {}

  /** A store kept in `file` (read now if it exists), or in memory only when `file` is null. */
  static async open(file: string | null): Promise<Store> {
    const store = new Store(file);
    if (file === null) return store;
    let saved: StoreFile;
    try {
      saved = JSON.parse(await readFile(file, "utf8")) as StoreFile;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return store;
      throw new Error(`${file} is not a sandbox data file: ${(error as Error).message}`);
    }
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

  /** Records a change: bumps the version and schedules a write of the data file. */
  changed(): void {
    this.version++;
    if (this.file === null) return;
    this.writePending = true;
    const file = this.file;
    // One write at a time; changes made while one runs are all in the next.
    this.writing = this.writing
      .then(async () => {
        if (!this.writePending) return;
        this.writePending = false;
        await mkdir(path.dirname(file), { recursive: true });
        const temporary = `${file}.${process.pid}.tmp`;
        await writeFile(temporary, JSON.stringify(this.snapshot()), { mode: 0o600 });
        await rename(temporary, file);
      })
      .catch((error: unknown) => console.error(`pix-sandbox: could not save ${file}: ${(error as Error).message}`));
  }

  /** Resolves once every change so far is in the data file. */
  flushed(): Promise<void> {
    return this.writing;
  }

  private snapshot(): StoreFile {
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
