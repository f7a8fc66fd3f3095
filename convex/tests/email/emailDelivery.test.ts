/**
 * The outbox's retries under a provider outage, on a test clock: every attempt of an e-mail waits
 * the backoff its predecessor asked for, however late the scheduler runs and however often the
 * sweep looks at the row, so twelve attempts cover the whole retry budget and no attempt is spent
 * twice.
 */
import { describe, expect, test, vi } from "vitest";
import { internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import { newBackend, runDueFunctions, SECOND, type Backend } from "../test.helpers";
import { mailbox, withEmailTestEnvironment } from "../test.email";
import { EMAIL_LEASE_MS, GIVE_UP_AFTER_MS, MAX_ATTEMPTS, SWEEP_GRACE_MS } from "../../model/email/delivery";
import { sendEmail } from "../../model/email/outbox";

/** configureEmail's EMAIL_RETRY_BASE_MS: attempt n waits at least BASE_MS·2^(n-1) after a failure. */
const BASE_MS = 10;

withEmailTestEnvironment();

/**
 * The mailbox behind an outage: every request before `until` (test clock) is answered 503
 * before it reaches the mailbox. Returns the times of every request made.
 */
function mailboxDownUntil(until: () => number) {
  const mail = mailbox();
  const behind = globalThis.fetch;
  const requests: number[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      requests.push(Date.now());
      if (Date.now() < until()) return new Response(JSON.stringify({ name: "internal_server_error" }), { status: 503 });
      return behind(input, init);
    }),
  );
  return { mail, requests };
}

async function recordEmail(t: Backend): Promise<Id<"emails">> {
  return (await t.run((ctx) =>
    sendEmail(ctx, { to: "ana@exemplo.com", kind: "custom", subject: "Olá", html: "<p>Olá</p>", text: "Olá" }),
  ))!;
}

const rowOf = (t: Backend, id: Id<"emails">) => t.run(async (ctx) => (await ctx.db.get("emails", id))!);

/** Moves the clock by `ms` without running the timers that fall due: a scheduler running that late. */
function schedulerLate(ms: number) {
  vi.setSystemTime(Date.now() + ms);
}

/** Runs the clock a millisecond at a time for `ms`, running what falls due (the actions' answers included). */
async function runFor(t: Backend, ms: number) {
  for (let elapsed = 0; elapsed < ms; elapsed += 1) {
    await vi.advanceTimersByTimeAsync(1);
    await runDueFunctions(t);
  }
}

/** Runs the clock from one timer to the next until the e-mail is sent or failed. */
async function runUntilSettled(t: Backend, emailId: Id<"emails">) {
  for (;;) {
    const { state } = await rowOf(t, emailId);
    if (state === "sent" || state === "failed" || vi.getTimerCount() === 0) return state;
    await vi.advanceTimersToNextTimerAsync();
    await runDueFunctions(t);
  }
}

const pendingJobs = (t: Backend) =>
  t.run(async (ctx) => (await ctx.db.system.query("_scheduled_functions").collect()).filter((job) => job.state.kind === "pending").length);

/** The scheduled attempts still to run are lost (as a job is lost to an incident). */
async function cancelPendingJobs(t: Backend) {
  await t.run(async (ctx) => {
    for (const job of await ctx.db.system.query("_scheduled_functions").collect()) {
      if (job.state.kind === "pending") await ctx.scheduler.cancel(job._id);
    }
  });
}

describe("retries under an outage", () => {
  test("a sweep while a retry runs late starts no second chain of attempts: each attempt waits its backoff, and the e-mail outlives the outage", async () => {
    const t = newBackend();
    let outageEnd = Number.POSITIVE_INFINITY;
    const { mail, requests } = mailboxDownUntil(() => outageEnd);
    const emailId = await recordEmail(t);
    await runDueFunctions(t);
    expect(requests).toHaveLength(1);
    // The first retry is due in ~10 ms, but the scheduler runs it more than the grace late, and
    // the sweep finds the row overdue first.
    schedulerLate(SWEEP_GRACE_MS + SECOND);
    await t.mutation(internal.emails.sweep, {});
    // The late job is still pending: the sweep leaves the row to it.
    expect(await pendingJobs(t)).toBe(1);
    // The outage lasts as long as ten attempts' backoff: the e-mail must outlive it.
    outageEnd = Date.now() + BASE_MS * (2 ** 10 - 1);
    await runUntilSettled(t, emailId);

    const row = await rowOf(t, emailId);
    expect(row.state).toBe("sent");
    expect(row.attempts).toBe(requests.length);
    expect(row.attempts).toBeLessThanOrEqual(MAX_ATTEMPTS);
    for (let n = 2; n < requests.length; n++) {
      // Between attempts n and n+1 (the first two straddle the scheduler's lateness).
      expect(requests[n]! - requests[n - 1]!, `wait after attempt ${n}`).toBeGreaterThanOrEqual(BASE_MS * 2 ** (n - 1));
    }
    expect(mail.store.messages).toHaveLength(1);
  });

  test("two jobs for one attempt (a late job and another scheduled beside it) make one request between them", async () => {
    const t = newBackend();
    const { requests } = mailboxDownUntil(() => Number.POSITIVE_INFINITY);
    const emailId = await recordEmail(t);
    await runDueFunctions(t);
    schedulerLate(SWEEP_GRACE_MS + SECOND);
    await t.mutation(internal.emails.sweep, {});
    await t.run((ctx) => ctx.scheduler.runAfter(0, internal.emails.send, { emailId, attempts: 1 }));
    await runFor(t, 15);
    // One retry was due: one more request, whichever job ran it.
    expect(requests).toHaveLength(2);
    expect((await rowOf(t, emailId)).attempts).toBe(2);
  });

  test("an attempt that died mid-way (its lease ran out) is retried by the sweep with the same key, and its late answer is ignored", async () => {
    const t = newBackend();
    const { mail, requests } = mailboxDownUntil(() => 0);
    const emailId = await recordEmail(t);
    // The attempt leased the row and died before asking the provider.
    await t.mutation(internal.emails.claim, { emailId, attempts: 0 });
    await cancelPendingJobs(t);
    await t.mutation(internal.emails.sweep, {});
    expect((await rowOf(t, emailId)).state).toBe("sending");
    schedulerLate(EMAIL_LEASE_MS + SECOND);
    await t.mutation(internal.emails.sweep, {});
    await runFor(t, 5);
    const row = await rowOf(t, emailId);
    expect(row).toMatchObject({ state: "sent", attempts: 2 });
    expect(requests).toHaveLength(1);
    expect(mail.store.messages.map((message) => message.idempotencyKey)).toEqual([emailId]);
  });

  test("a queued e-mail whose scheduled attempt was lost is sent by the sweep once it is overdue, not before", async () => {
    const t = newBackend();
    const { mail } = mailboxDownUntil(() => 0);
    const emailId = await recordEmail(t);
    await cancelPendingJobs(t);
    await t.mutation(internal.emails.sweep, {});
    await runFor(t, 5);
    expect((await rowOf(t, emailId)).state).toBe("queued");
    schedulerLate(SWEEP_GRACE_MS + SECOND);
    await t.mutation(internal.emails.sweep, {});
    await runFor(t, 5);
    expect(await rowOf(t, emailId)).toMatchObject({ state: "sent", attempts: 1 });
    expect(mail.store.messages).toHaveLength(1);
  });
});

describe("a provider throttling a burst (429 with Retry-After)", () => {
  test("throttled requests spend no attempt: more than twelve of them, then the e-mail goes, once", async () => {
    const t = newBackend();
    const mail = mailbox();
    mail.fault(`status=429&times=${MAX_ATTEMPTS + 3}`);
    const emailId = await recordEmail(t);
    expect(await runUntilSettled(t, emailId)).toBe("sent");
    expect(await rowOf(t, emailId)).toMatchObject({ attempts: 1, throttles: MAX_ATTEMPTS + 3 });
    expect(mail.store.requests).toBe(MAX_ATTEMPTS + 4);
    expect(mail.store.messages).toHaveLength(1);
  });

  test("a provider throttling for good: given up on twelve hours after the e-mail was recorded, inside the provider's day of remembering its key", async () => {
    const t = newBackend();
    const mail = mailbox();
    mail.fault("status=429&times=10000");
    const emailId = await recordEmail(t);
    const recorded = Date.now();
    expect(await runUntilSettled(t, emailId)).toBe("failed");
    const row = await rowOf(t, emailId);
    expect(row.error).toContain("429");
    expect(row.failedAt! - recorded).toBeGreaterThanOrEqual(GIVE_UP_AFTER_MS);
    expect(row.failedAt! - recorded).toBeLessThan(GIVE_UP_AFTER_MS + 60 * 60_000);
    expect(mail.store.messages).toHaveLength(0);
  });
});
