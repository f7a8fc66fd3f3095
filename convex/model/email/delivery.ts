/** The outbox's timing: how long an attempt holds its row, how retries back off, when to give up. */

/** An attempt that has not settled by then is taken to have died; the sweep tries again (same key). */
export const EMAIL_LEASE_MS = 2 * 60_000;
/** After this many attempts an e-mail is `failed` (with base 2 s: about an hour and a half of trying). */
export const MAX_ATTEMPTS = 12;
/**
 * Whatever the attempts, an e-mail still unsent this long after it was recorded is given up on:
 * it bounds throttled retries (which spend no attempt), and stays well inside the provider's
 * 24 hours of remembering an idempotency key, so a late retry can never send a second copy.
 */
export const GIVE_UP_AFTER_MS = 12 * 60 * 60_000;
/** `emails:backlog` counts each state up to this many rows (whole rows are read to count them). */
export const BACKLOG_COUNT_LIMIT = 100;
/** Rows per sweep transaction. */
export const SWEEP_PAGE = 200;
/** A queued row this late past its due time lost its scheduled attempt. */
export const SWEEP_GRACE_MS = 30_000;
const MAX_BACKOFF_MS = 30 * 60_000;

/** The wait after failed attempt number `attempt` (1, 2, …): doubling from `baseMs`, with up to 25% jitter, capped at 30 min. */
export function backoffMs(attempt: number, baseMs: number): number {
  const plain = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.min(attempt - 1, 20));
  return Math.round(plain * (1 + Math.random() * 0.25));
}
