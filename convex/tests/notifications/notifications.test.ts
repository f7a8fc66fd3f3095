import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import { NOTIFICATION_TTL_MS } from "../../model/notifications/inbox";
import { MESSAGES } from "../../model/shared/texts";
import {
  advanceClock,
  createEvent,
  DAY,
  expectInvariants,
  expectUnreadCountsExact,
  newBackend,
  rejectionData,
  runDueFunctions,
  signedInUser,
  type Backend,
  type Caller,
  supportNow,
} from "../test.helpers";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const FIRST_PAGE = { numItems: 20, cursor: null };

/** The caller's notifications as [text, unread] pairs, newest first. */
async function inbox(who: { as: Caller }) {
  const page = await who.as.query(api.notifications.list, { paginationOpts: FIRST_PAGE });
  return page.page.map((row) => [row.text, row.unread]);
}

const unread = (who: { as: Caller }) => who.as.query(api.notifications.unreadCount, {});

/** A creator's event a day away with a R$ 100,00 goal, and two supporters. */
async function setup(overrides: { goalCents?: number } = {}) {
  const t = newBackend();
  const creator = await signedInUser(t, { name: "Criadora" });
  const ana = await signedInUser(t, { name: "Ana" });
  const bia = await signedInUser(t, { name: "Bia" });
  const eventId = await createEvent(creator.as, { goalCents: 10_000, minSupportCents: 100, startsAt: Date.now() + DAY, ...overrides });
  const support = async (who: typeof ana, amountCents: number) => {
    await supportNow(t, who.as, { eventId, amountCents });
    await runDueFunctions(t);
  };
  return { t, creator, ana, bia, eventId, support };
}

describe("each notification from its cause", () => {
  test("the creator hears of the first support only", async () => {
    const { creator, ana, bia, support } = await setup();
    expect(await unread(creator)).toBe(0);
    await support(ana, 1_000);
    await support(bia, 1_000);
    await support(ana, 1_000);
    expect(await inbox(creator)).toEqual([["Show de Rock recebeu o primeiro apoio!", true]]);
    expect(await unread(creator)).toBe(1);
    expect(await unread(ana)).toBe(0);
  });

  test("reaching the goal is told to the creator and to every supporter, once", async () => {
    const { t, creator, ana, bia, support } = await setup({ goalCents: 3_000 });
    await support(ana, 1_000);
    await support(bia, 1_000);
    expect(await unread(ana)).toBe(0);
    await support(ana, 1_000); // reaches R$ 30,00
    expect(await inbox(ana)).toEqual([["Show de Rock atingiu a meta!", true]]);
    expect(await inbox(bia)).toEqual([["Show de Rock atingiu a meta!", true]]);
    expect(await inbox(creator)).toEqual([
      ["Show de Rock atingiu a meta!", true],
      ["Show de Rock recebeu o primeiro apoio!", true],
    ]);
    await expectUnreadCountsExact(t);
  });

  test("the payout at the date tells the creator how much reached the wallet", async () => {
    const { t, creator, ana, support } = await setup({ goalCents: 4_000 });
    await support(ana, 4_000);
    await creator.as.mutation(api.notifications.markAllRead, {});
    await advanceClock(t, DAY);
    expect((await inbox(creator))[0]).toEqual(["Show de Rock foi concluído. R$ 40,00 repassados à sua carteira.", true]);
    expect(await unread(creator)).toBe(1);
    await expectInvariants(t);
  });

  test("an event that ends without its goal tells each supporter their whole refund, once", async () => {
    const { t, ana, bia, support } = await setup();
    await support(ana, 1_000);
    await support(ana, 550);
    await support(bia, 2_000);
    await advanceClock(t, DAY);
    expect(await inbox(ana)).toEqual([["Show de Rock terminou sem atingir a meta. R$ 15,50 devolvidos à sua carteira.", true]]);
    expect(await inbox(bia)).toEqual([["Show de Rock terminou sem atingir a meta. R$ 20,00 devolvidos à sua carteira.", true]]);
    await expectUnreadCountsExact(t);
  });

  test("a cancellation tells what came back, and the statement agrees", async () => {
    const { t, creator, ana, eventId, support } = await setup();
    await support(ana, 1_234);
    await creator.as.mutation(api.events.cancel, { id: eventId });
    await runDueFunctions(t);
    expect(await inbox(ana)).toEqual([["Show de Rock foi cancelado. R$ 12,34 devolvidos à sua carteira.", true]]);
    const statement = await ana.as.query(api.wallet.statement, { paginationOpts: FIRST_PAGE });
    expect(statement.page[0]).toMatchObject({ kind: "refund", amountCents: 1_234 });
  });

  test("a Novidade is told to supporters, not to others nor to its author", async () => {
    const { t, creator, ana, eventId, support } = await setup();
    const carla = await signedInUser(t, { name: "Carla" });
    await support(ana, 1_000);
    await creator.as.mutation(api.notifications.markAllRead, {});
    await creator.as.mutation(api.updates.post, { eventId, title: "  Local confirmado ", body: "Será no\nparque." });
    await runDueFunctions(t);
    expect(await inbox(ana)).toEqual([["Novidade em Show de Rock: Local confirmado", true]]);
    expect(await unread(carla)).toBe(0);
    expect(await unread(creator)).toBe(0);
    const updates = await t.query(api.updates.list, { eventId, paginationOpts: FIRST_PAGE });
    expect(updates.page).toMatchObject([{ title: "Local confirmado", body: "Será no\nparque." }]);
  });

  test("chat messages make one notification per chat, with the count of new ones", async () => {
    const { t, creator, ana, bia, eventId, support } = await setup();
    await support(ana, 1_000);
    await support(bia, 1_000);
    await creator.as.mutation(api.notifications.markAllRead, {});
    const send = async (who: { as: Caller }, body: string) => {
      await who.as.mutation(api.chat.send, { eventId, body });
      await runDueFunctions(t);
    };
    await send(ana, "Oi!");
    expect(await unread(bia)).toBe(0); // Bia has not taken part yet
    await send(bia, "Olá");
    await send(ana, "Tudo bem?");
    await send(ana, "Vamos juntas?");
    expect(await inbox(bia)).toEqual([["2 novas mensagens no chat de Show de Rock", true]]);
    expect(await inbox(ana)).toEqual([["1 nova mensagem no chat de Show de Rock", true]]);
    expect(await unread(creator)).toBe(0);

    await bia.as.mutation(api.notifications.markAllRead, {});
    await send(ana, "?");
    expect(await inbox(bia)).toEqual([["1 nova mensagem no chat de Show de Rock", true]]);
    expect(await unread(bia)).toBe(1);
    const rows = await bia.as.query(api.notifications.list, { paginationOpts: FIRST_PAGE });
    expect(rows.page[0]).toMatchObject({ target: "chat", eventId });
  });
});

describe("Novidades", () => {
  test("only the creator may post; bad text is refused with nothing written", async () => {
    const { t, creator, ana, eventId, support } = await setup();
    await support(ana, 1_000);
    const post = (who: { as: Caller }, title: string, body: string) => who.as.mutation(api.updates.post, { eventId, title, body });

    expect(await rejectionData(post(ana, "Oi", "Texto"))).toEqual({ code: "NOT_THE_CREATOR", message: MESSAGES.notTheUpdateAuthor });
    expect(await rejectionData(post(creator, " \u200b ", "Texto"))).toMatchObject({ message: MESSAGES.emptyUpdateTitle });
    expect(await rejectionData(post(creator, "x".repeat(121), "Texto"))).toMatchObject({ message: MESSAGES.updateTitleTooLong });
    expect(await rejectionData(post(creator, "Título", "\n\n"))).toMatchObject({ message: MESSAGES.emptyUpdateBody });
    expect(await rejectionData(post(creator, "Título", "x".repeat(2_001)))).toMatchObject({ message: MESSAGES.updateBodyTooLong });
    expect(await rejectionData(t.mutation(api.updates.post, { eventId, title: "a", body: "b" }))).toMatchObject({ code: "NOT_SIGNED_IN" });
    expect(
      await rejectionData(
        post(creator, "Título", "Texto").then(() => creator.as.mutation(api.updates.post, { eventId: "nada", title: "a", body: "b" })),
      ),
    ).toMatchObject({
      code: "EVENT_NOT_FOUND",
    });
    await runDueFunctions(t);
    const updates = await t.query(api.updates.list, { eventId, paginationOpts: FIRST_PAGE });
    expect(updates.page.map((u) => u.title)).toEqual(["Título"]);
    expect(await unread(ana)).toBe(1);
  });

  test("posting is rate limited; the list is newest first and paginated", async () => {
    const { t, creator, eventId } = await setup();
    for (let i = 1; i <= 10; i++) await creator.as.mutation(api.updates.post, { eventId, title: `Novidade ${i}`, body: "Texto" });
    expect(await rejectionData(creator.as.mutation(api.updates.post, { eventId, title: "Mais uma", body: "Texto" }))).toMatchObject({
      code: "RATE_LIMITED",
    });
    const first = await t.query(api.updates.list, { eventId, paginationOpts: { numItems: 3, cursor: null } });
    expect(first.page.map((u) => u.title)).toEqual(["Novidade 10", "Novidade 9", "Novidade 8"]);
    const next = await t.query(api.updates.list, { eventId, paginationOpts: { numItems: 3, cursor: first.continueCursor } });
    expect(next.page.map((u) => u.title)).toEqual(["Novidade 7", "Novidade 6", "Novidade 5"]);
    expect(await t.query(api.updates.list, { eventId: "nada", paginationOpts: FIRST_PAGE })).toEqual({
      page: [],
      isDone: true,
      continueCursor: "",
    });
  });
});

describe("reading notifications", () => {
  test("a person sees and marks only their own", async () => {
    const { t, creator, ana, support } = await setup();
    await support(ana, 1_000);
    const [own] = (await creator.as.query(api.notifications.list, { paginationOpts: FIRST_PAGE })).page;
    expect(await ana.as.query(api.notifications.list, { paginationOpts: FIRST_PAGE })).toMatchObject({ page: [] });
    expect(await rejectionData(ana.as.mutation(api.notifications.markRead, { id: own!._id }))).toEqual({
      code: "NOTIFICATION_NOT_FOUND",
      message: MESSAGES.notificationNotFound,
    });
    expect(await unread(creator)).toBe(1);
    expect(await rejectionData(t.query(api.notifications.list, { paginationOpts: FIRST_PAGE }))).toMatchObject({ code: "NOT_SIGNED_IN" });
    expect(await t.query(api.notifications.unreadCount, {})).toBe(0);

    await creator.as.mutation(api.notifications.markRead, { id: own!._id });
    await creator.as.mutation(api.notifications.markRead, { id: own!._id });
    expect(await unread(creator)).toBe(0);
    expect(await inbox(creator)).toEqual([["Show de Rock recebeu o primeiro apoio!", false]]);
  });

  test("the bell's count reads two documents (session, inbox), however many notifications there are", async () => {
    const { t, creator, ana, bia, eventId, support } = await setup();
    await support(ana, 1_000);
    await support(bia, 1_000);
    for (let i = 0; i < 3; i++) await creator.as.mutation(api.updates.post, { eventId, title: `Novidade ${i}`, body: "Texto" });
    await runDueFunctions(t);
    const { count, documentsRead } = await ana.as.mutation(async (ctx) => {
      const before = await ctx.meta.getTransactionMetrics();
      const count = await ctx.runQuery(api.notifications.unreadCount, {});
      const after = await ctx.meta.getTransactionMetrics();
      return { count, documentsRead: after.documentsRead.used - before.documentsRead.used };
    });
    expect(count).toBe(3);
    expect(documentsRead).toBe(2);
  });

  test("unread counts stay exact after random sequences of news and reading", async () => {
    // The refusals a random sequence runs into, by action: a support (the wallet runs out, or
    // its limit), a chat message (only supporters chat, and its limit), a Novidade (its limit).
    const EXPECTED_REFUSALS: Record<number, string[]> = {
      0: ["INSUFFICIENT_FUNDS", "RATE_LIMITED"],
      1: ["NOT_A_SUPPORTER", "RATE_LIMITED"],
      2: ["RATE_LIMITED"],
    };
    const MESSAGE_OF: Record<string, string | RegExp> = {
      INSUFFICIENT_FUNDS: MESSAGES.insufficientFunds,
      NOT_A_SUPPORTER: MESSAGES.notASupporter,
      RATE_LIMITED: /^Muitas tentativas\. Tente novamente em \d+ segundos?\.$/,
    };
    const { t, creator, ana, bia, eventId } = await setup({ goalCents: 50_000 });
    const people = [creator, ana, bia];
    let seed = 27;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    for (let step = 0; step < 120; step++) {
      const who = people[random(3)]!;
      const action = random(6);
      try {
        if (action === 0 && who !== creator) await supportNow(t, who.as, { eventId, amountCents: 100 + random(300) });
        if (action === 1) await who.as.mutation(api.chat.send, { eventId, body: `mensagem ${step}` });
        if (action === 2) await creator.as.mutation(api.updates.post, { eventId, title: `Novidade ${step}`, body: "Texto" });
        if (action === 3) await who.as.mutation(api.notifications.markAllRead, {});
        if (action === 4) {
          const rows = (await who.as.query(api.notifications.list, { paginationOpts: FIRST_PAGE })).page;
          if (rows.length > 0) await who.as.mutation(api.notifications.markRead, { id: rows[random(rows.length)]!._id });
        }
        if (action === 5) vi.advanceTimersByTime(random(2) === 0 ? 0 : 1_000);
      } catch (error) {
        const { code = "", message = "" } = (error as { data?: { code?: string; message?: string } }).data ?? {};
        expect(EXPECTED_REFUSALS[action]).toContain(code);
        const expected = MESSAGE_OF[code];
        if (typeof expected === "string") expect(message).toBe(expected);
        else expect(message).toMatch(expected ?? /^never$/);
      }
      if (random(3) === 0) await runDueFunctions(t);
      await expectUnreadCountsExact(t);
    }
    await runDueFunctions(t);
    await expectUnreadCountsExact(t);
    const total = await t.run(async (ctx) => (await ctx.db.query("notifications").collect()).length);
    expect(total).toBeGreaterThan(5);
  }, 60_000);
});

describe("keeping 90 days", () => {
  test("the cleanup deletes older notifications in pages and fixes the counts", async () => {
    const t = newBackend();
    const { userId, as } = await signedInUser(t);
    const creator = await signedInUser(t, { name: "Criadora" });
    const eventId = await createEvent(creator.as, {});
    await t.run(async (ctx) => {
      await ctx.db.insert("notificationInboxes", { userId, unread: 1_201, readAt: 0 });
      for (let i = 0; i < 1_200; i++) {
        await ctx.db.insert("notifications", {
          userId,
          kind: "update",
          eventId,
          eventName: "Velho",
          at: Date.now() - i,
          read: false,
          title: "x",
        });
      }
      await ctx.db.insert("notifications", { userId, kind: "goalReached", eventId, eventName: "Novo", at: Date.now() + DAY, read: false });
    });
    vi.advanceTimersByTime(NOTIFICATION_TTL_MS + 1);
    await t.mutation(internal.notifications.deleteOld, {});
    const jobs = await t.run((ctx) => ctx.db.system.query("_scheduled_functions").collect());
    expect(jobs.filter((job) => job.name.includes("deleteOld"))).toHaveLength(1);
    await runDueFunctions(t);
    expect(await as.query(api.notifications.unreadCount, {})).toBe(1);
    expect((await as.query(api.notifications.list, { paginationOpts: FIRST_PAGE })).page.map((r) => r.text)).toEqual([
      "Novo atingiu a meta!",
    ]);
    await expectUnreadCountsExact(t);
  });
});

// 1,500 supporters here: plain convex-test reads every document on each index read, so 10,000
// take minutes. The bench (scripts/bench/notification-cost.ts) runs 10,000 on real indexes.
describe("a fan-out to a large audience", () => {
  test("runs in batches of 500, each within Convex's limits", async () => {
    const t = newBackend({ transactionLimits: true });
    const creator = await signedInUser(t, { name: "Criadora" });
    const eventId = await createEvent(creator.as, {});
    await fillSupporters(t, eventId, 1_500);
    await creator.as.mutation(api.updates.post, { eventId, title: "Novidade", body: "Para todos" });

    const costs = await runFanOutMeasured(t);
    console.log(
      `fan-out to 1,500 supporters: ${costs.length} transactions; per transaction at most ` +
        `${Math.max(...costs.map((c) => c.documentsRead))} docs read, ${Math.max(...costs.map((c) => c.documentsWritten))} written`,
    );
    expect(costs).toHaveLength(3);
    for (const cost of costs) {
      expect(cost.documentsRead).toBeLessThan(4_000);
      expect(cost.documentsWritten).toBeLessThanOrEqual(1_000);
    }
    const counts = await t.run(async (ctx) => ({
      notifications: (await ctx.db.query("notifications").collect()).length,
      inboxes: (await ctx.db.query("notificationInboxes").collect()).filter((inbox) => inbox.unread === 1).length,
    }));
    expect(counts).toEqual({ notifications: 1_500, inboxes: 1_500 });
  }, 120_000);
});

/** `n` supporters of the event, written directly (as many supports through the API would take minutes). */
async function fillSupporters(t: Backend, eventId: Id<"events">, n: number) {
  for (let start = 0; start < n; start += 500) {
    await t.run(async (ctx) => {
      for (let i = start; i < Math.min(n, start + 500); i++) {
        const userId = await ctx.db.insert("users", { name: `Apoiador ${i}`, walletCents: 5_000 });
        await ctx.db.insert("supporters", { eventId, userId, amountCents: 100 });
      }
    });
  }
}

type Cost = { documentsRead: number; documentsWritten: number };

/**
 * Runs each pending fan-out batch ourselves, inside a wrapper that reads convex-test's
 * transaction metrics around it (a scheduled function's own metrics cannot be read from
 * outside). The fake clock holds the scheduler back.
 */
async function runFanOutMeasured(t: Backend): Promise<Cost[]> {
  const costs: Cost[] = [];
  for (;;) {
    const job = await t.run(async (ctx) => {
      const jobs = await ctx.db.system.query("_scheduled_functions").collect();
      return jobs.find((j) => j.state.kind === "pending" && j.name.includes("fanOut")) ?? null;
    });
    if (job === null) return costs;
    costs.push(
      await t.mutation(async (ctx) => {
        await ctx.scheduler.cancel(job._id);
        const before = await ctx.meta.getTransactionMetrics();
        await ctx.runMutation(internal.notifications.fanOut, job.args[0] as never);
        const after = await ctx.meta.getTransactionMetrics();
        return {
          documentsRead: after.documentsRead.used - before.documentsRead.used,
          documentsWritten: after.documentsWritten.used - before.documentsWritten.used,
        };
      }),
    );
  }
}
