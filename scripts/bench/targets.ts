/** Targets that more than one part of the bench holds its figures to. */
import { QUEUE_SETTLE_MS } from "../../convex/model/supports/queue";

/**
 * On a busy event a support shows on other pages once its event's queue worker applies it, and
 * the worker waits QUEUE_SETTLE_MS on purpose (so it never conflicts with supports still
 * committing: convex/model/supports/queue.ts). The latency targets are what the backend may add on
 * top. A quiet event's support is applied as it is taken: its target has no settle in it.
 */
export const MAX_P95_MS = QUEUE_SETTLE_MS + 50;
export const MAX_QUIET_P95_MS = 30;

/** Convex's per-transaction read limit, which every settlement transaction must stay within. */
export const MAX_TRANSACTION_DOCS = 32_000;
/** Convex's per-transaction write limit. */
export const MAX_TRANSACTION_WRITES = 16_000;
