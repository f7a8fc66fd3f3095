/** The outbox's timing: how long an attempt holds its row, how retries back off, when to give up. */

/** An attempt that has not settled by then is taken to have died; the sweep tries again (same key). */
export const EMAIL_LEASE_MS = 2 * 60_000;
/** After this many attempts an e-mail is `failed` (with base 2 s: about an hour and a half of trying). */
export const MAX_ATTEMPTS = 12;
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
