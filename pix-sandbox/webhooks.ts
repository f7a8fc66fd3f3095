/**
 * Webhooks as Mercado Pago sends them: signed (`x-signature: ts=…,v1=<HMAC-SHA256>` over
 * `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`), delivered at least once (retried after a
 * non-2xx answer, a refused connection or a timeout, on a schedule), optionally twice at once
 * or newest first, and sent again on demand.
 */
import type { Store } from "./store.ts";
import type { DeliveryAttempt, Notification } from "./types.ts";
import { signWebhook } from "./webhook-signature.ts";

/** Mercado Pago's retry schedule: 15 min, 30 min, 6 h, 48 h, 96 h. */
export const MERCADO_PAGO_RETRY_DELAYS_MS = [15 * 60_000, 30 * 60_000, 6 * 3_600_000, 48 * 3_600_000, 96 * 3_600_000];
/** Mercado Pago waits 22 s for the answer to a first delivery. */
export const MERCADO_PAGO_TIMEOUT_MS = 22_000;

export type WebhookConfig = {
  /** Send notifications at all (off: a provider whose webhooks never arrive; redeliver still sends). */
  webhooks: boolean;
  /** Each try goes twice, at once. */
  duplicates: boolean;
  /** Hold notifications this long and send each batch newest first (0: off). */
  outOfOrderMs: number;
  /** Wait after a failed try before the next one; after the last, the notification stays failed. */
  retryDelaysMs: number[];
  timeoutMs: number;
};

/** `notification_url` with `data.id` and `type` added to its query, as Mercado Pago calls it. */
export function notificationTarget(notificationUrl: string, dataId: string, type: string): string {
  const url = new URL(notificationUrl);
  url.searchParams.append("data.id", dataId);
  url.searchParams.append("type", type);
  return url.href;
}

export class WebhookSender {
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly inFlight = new AbortController();
  private batch: Notification[] = [];
  private batchTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;

  constructor(
    private readonly store: Store,
    readonly config: WebhookConfig,
    private readonly secret: string,
    private readonly now: () => number,
  ) {}

  /** Picks up where a previous run stopped: retries still due, notifications never tried. */
  resume(): void {
    if (!this.config.webhooks) return;
    for (const notification of this.store.notifications) {
      if (notification.delivered) continue;
      if (notification.nextAttemptAt !== null) this.later(notification, notification.nextAttemptAt - this.now());
      else if (notification.attempts.length === 0) void this.deliver(notification);
    }
  }

  /** Sends a new notification (or keeps it, unsent, when webhooks are off). */
  send(notification: Notification): void {
    if (!this.config.webhooks) return;
    if (this.config.outOfOrderMs <= 0) {
      void this.deliver(notification);
      return;
    }
    this.batch.push(notification);
    this.batchTimer ??= this.timer(() => void this.flushBatch(), this.config.outOfOrderMs);
  }

  /** Sends again every notification (or those of one resource), each `times` at once; resolves with the requests made. */
  async redeliver(filter: { resourceId: string | null; newestFirst: boolean; times: number }): Promise<number> {
    const chosen = this.store.notifications.filter((n) => filter.resourceId === null || n.resourceId === filter.resourceId);
    if (filter.newestFirst) chosen.reverse();
    let sent = 0;
    for (const notification of chosen) {
      const answers = await Promise.all(Array.from({ length: filter.times }, () => this.attempt(notification)));
      sent += answers.length;
      if (answers.some(Boolean)) this.markDelivered(notification);
      this.store.changed();
    }
    return sent;
  }

  /** Stops every timer and request in flight. */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.batchTimer = null;
    this.inFlight.abort();
  }

  private async flushBatch(): Promise<void> {
    const batch = this.batch.reverse();
    this.batch = [];
    this.batchTimer = null;
    for (const notification of batch) await this.deliver(notification);
  }

  /** One try (twice with duplicates); schedules the next when none was answered 2xx. */
  private async deliver(notification: Notification): Promise<void> {
    if (notification.delivered) return;
    notification.nextAttemptAt = null;
    const copies = this.config.duplicates ? 2 : 1;
    const answers = await Promise.all(Array.from({ length: copies }, () => this.attempt(notification)));
    // Stopped meanwhile: the tries it cut short are not failures to schedule again.
    if (this.closed) return;
    if (answers.some(Boolean)) {
      this.markDelivered(notification);
    } else if (!notification.delivered && notification.retries < this.config.retryDelaysMs.length) {
      const delay = this.config.retryDelaysMs[notification.retries]!;
      notification.retries++;
      notification.nextAttemptAt = this.now() + delay;
      this.later(notification, delay);
    }
    this.store.changed();
  }

  private markDelivered(notification: Notification): void {
    notification.delivered = true;
    notification.nextAttemptAt = null;
  }

  private later(notification: Notification, delayMs: number): void {
    this.timer(() => void this.deliver(notification), Math.max(0, delayMs));
  }

  private timer(run: () => void, delayMs: number): ReturnType<typeof setTimeout> | null {
    if (this.closed) return null;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, delayMs);
    this.timers.add(timer);
    return timer;
  }

  /** One signed POST; true when answered 2xx in time. Every try is recorded on the notification. */
  private async attempt(notification: Notification): Promise<boolean> {
    const requestId = crypto.randomUUID();
    const ts = Math.floor(this.now() / 1000);
    const dataId = String((notification.body.data as { id: string }).id);
    const record: DeliveryAttempt = { at: new Date(this.now()).toISOString(), requestId };
    notification.attempts.push(record);
    const signature = await signWebhook(this.secret, dataId, requestId, ts);
    try {
      const response = await fetch(notification.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-request-id": requestId,
          "x-signature": signature,
        },
        body: JSON.stringify(notification.body),
        signal: AbortSignal.any([this.inFlight.signal, AbortSignal.timeout(this.config.timeoutMs)]),
      });
      record.status = response.status;
      await response.body?.cancel();
      return response.status >= 200 && response.status < 300;
    } catch (error) {
      record.error =
        error instanceof Error && error.name === "TimeoutError"
          ? `no answer in ${this.config.timeoutMs} ms`
          : String((error as Error).cause ?? error);
      return false;
    }
  }
}
