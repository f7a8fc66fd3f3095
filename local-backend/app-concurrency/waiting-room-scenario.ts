/**
 * The `Sala de espera` on the real engine, at a size the caller gives: buyers join, the sale
 * opens, the draw gives their places, and purchases race expiring turns side by side under
 * Convex's optimistic concurrency (convex-test runs one function at a time). Turns last
 * `turnMs` (the test deployment's WAITING_ROOM_TURN_MS), so they end within the test; it is
 * long enough for the buyers who buy at once, and those who buy at a turn's end wait for it by
 * its own `turnEndsAt`. `npm test` runs it with 200 buyers, the scale tier with 2,000.
 */
import { ConvexHttpClient } from "convex/browser";
import { afterAll, beforeAll, expect, vi } from "vitest";
import { api } from "../../convex/_generated/api";
import { WAITING_ROOM_MESSAGES } from "../../convex/model/shared/waitingRoom";
import { eventInput } from "../../test-kit/event-input.ts";
import { localSignInToken } from "../../test-kit/local-sign-in.ts";
import type { LocalBackend } from "../server.ts";
import { startTestBackend } from "../test-support.ts";

const PRICE_CENTS = 1_000;
const WALLET_CENTS = 5_000;
/** What a purchase may be refused with at the door (nothing charged, the place kept). */
const REFUSALS = new Set(["NOT_YOUR_TURN", "TURN_USED", "SOLD_OUT"]);

let backend: LocalBackend | undefined;

/** Starts the file's backend with turns of `turnMs`. */
export function onSaleBackend(turnMs: number) {
  beforeAll(async () => {
    backend = await startTestBackend({ environment: { WAITING_ROOM_TURN_MS: String(turnMs) } });
  });
  afterAll(() => backend?.close());
}

async function client(name: string, email: string) {
  const http = new ConvexHttpClient(backend!.url, { logger: false });
  http.setAuth(await localSignInToken(http, name, email));
  return http;
}

/** Runs `work` over `items`, `width` at a time. */
async function inWaves<T, R>(items: T[], width: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += width)
    results.push(...(await Promise.all(items.slice(start, start + width).map((item, i) => work(item, start + i)))));
  return results;
}

/** At most `width` calls in flight (thousands of simultaneous fetches fail in the client, not the backend). */
function limiter(width: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <R>(work: () => Promise<R>): Promise<R> => {
    while (running >= width) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

type Attempt = { buyer: number; purchaseId: string | null; code: string | null };

/** How buyer `n` uses their turn: half at once (every other one of them from two tabs), a quarter at its very end, a quarter after it. */
function behaviour(n: number): "prompt" | "twoTabs" | "edge" | "late" {
  if (n % 4 === 0) return "twoTabs";
  if (n % 4 === 1) return "prompt";
  return n % 4 === 2 ? "edge" : "late";
}

const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

/** A ticketed event of `capacity` inteira seats with its room, opening in an hour, letting everyone in at the first tick. */
async function onSaleEvent(organizer: ConvexHttpClient, capacity: number) {
  const input = eventInput({ name: "Estreia", category: "Tecnologia", isTicketed: true, goalCents: 10_000_000 });
  const eventId = await organizer.mutation(api.events.create, {
    ...input,
    ticketTypes: [{ name: "Pista", quantity: capacity, meiaQuantity: 0, lotes: [{ priceCents: PRICE_CENTS }] }],
  });
  await organizer.mutation(api.waitingRoom.configure, { eventId, opensAt: Date.now() + 3_600_000, perMinute: 60_000 });
  const [type] = await organizer.query(api.ticketTypes.forEvent, { eventId });
  return { eventId, purchase: { eventId, typeId: type!._id, loteIndex: 0, unitPriceCents: PRICE_CENTS, units: 1, meia: false } };
}

/** Everyone joins before the opening (one place per account), then the opening is moved to now. */
async function joinAndOpen(organizer: ConvexHttpClient, buyers: ConvexHttpClient[], eventId: string) {
  await inWaves(buyers, 100, (buyer) => buyer.mutation(api.waitingRoom.join, { eventId }));
  expect(await buyers[0]!.mutation(api.waitingRoom.join, { eventId }).catch((error: { data?: unknown }) => error.data)).toEqual({
    code: "ALREADY_IN_ROOM",
    message: WAITING_ROOM_MESSAGES.alreadyIn,
  });
  await organizer.mutation(api.waitingRoom.configure, { eventId, opensAt: Date.now() + 1_000, perMinute: 60_000 });
  await vi.waitFor(
    async () =>
      expect(await organizer.query(api.waitingRoom.status, { eventId })).toMatchObject({ status: "open", admittedThrough: buyers.length }),
    { timeout: 120_000, interval: 250 },
  );
  const places = await inWaves(buyers, 100, (buyer) => buyer.query(api.waitingRoom.mine, { eventId }));
  expect(places.map((place) => place!.place).sort((a, b) => a! - b!)).toEqual(Array.from({ length: buyers.length }, (_, i) => i + 1));
  return places;
}

/**
 * `buyers` join, the sale opens, purchases race expiring turns: exactly `capacity` sold, nobody
 * charged without a ticket, no turn used twice.
 */
export async function onSaleRace({ buyers: count, capacity }: { buyers: number; capacity: number }) {
  const organizer = await client("Organizadora", "organizadora@exemplo.com");
  const { eventId, purchase } = await onSaleEvent(organizer, capacity);
  const buyers = await inWaves(Array.from({ length: count }), 50, (_, n) => client(`Comprador ${n}`, `comprador${n}@exemplo.com`));
  const places = await joinAndOpen(organizer, buyers, eventId);

  const inFlight = limiter(50);
  const attempt = async (n: number): Promise<Attempt> => {
    try {
      const { purchaseId } = await inFlight(() => buyers[n]!.mutation(api.ticketPurchases.buy, purchase));
      return { buyer: n, purchaseId, code: null };
    } catch (error) {
      const code = (error as { data?: { code?: string } }).data?.code;
      return { buyer: n, purchaseId: null, code: code ?? `${String(error)} ${String((error as { cause?: unknown }).cause)}` };
    }
  };
  const attempts = (
    await Promise.all(
      buyers.map(async (_, n) => {
        const endsAt = places[n]!.turnEndsAt!;
        const how = behaviour(n);
        if (how === "twoTabs") return Promise.all([attempt(n), attempt(n)]);
        if (how === "edge") await sleepUntil(endsAt - 20);
        if (how === "late") await sleepUntil(endsAt + 50);
        return [await attempt(n)];
      }),
    )
  ).flat();
  await expectExactSale({ organizer, buyers, eventId, attempts, capacity });
}

type Sale = { organizer: ConvexHttpClient; buyers: ConvexHttpClient[]; eventId: string; attempts: Attempt[]; capacity: number };

async function expectExactSale({ organizer, buyers, eventId, attempts, capacity }: Sale) {
  // Every refusal is one of the room's or the sold-out door's; a turn after its end never buys.
  for (const refused of attempts.filter((a) => a.code !== null)) expect(REFUSALS).toContain(refused.code);
  const late = attempts.filter((a) => behaviour(a.buyer) === "late");
  expect(late.filter((a) => a.code !== "NOT_YOUR_TURN")).toEqual([]);
  // No turn used twice: one accepted purchase at most per buyer.
  const accepted = attempts.filter((a) => a.purchaseId !== null);
  expect(new Set(accepted.map((a) => a.buyer)).size).toBe(accepted.length);

  const outcomes = await Promise.all(
    accepted.map((a) =>
      vi.waitFor(
        async () => {
          const outcome = await buyers[a.buyer]!.query(api.ticketPurchases.outcome, { purchaseId: a.purchaseId! });
          expect(outcome?.status).not.toBe("pending");
          return outcome!;
        },
        { timeout: 120_000, interval: 500 },
      ),
    ),
  );
  const issued = new Set(accepted.filter((_, i) => outcomes[i]!.status === "issued").map((a) => a.buyer));
  const [after] = await organizer.query(api.ticketTypes.forEvent, { eventId });
  expect(after!.sales.inteiraSold).toBe(capacity);
  expect(issued.size).toBe(capacity);
  // Nobody charged without a ticket: each wallet is whole but for the ticket it holds.
  const wallets = await inWaves(buyers, 100, (buyer) => buyer.query(api.users.me, {}));
  wallets.forEach((me, n) => expect(me!.walletCents).toBe(WALLET_CENTS - (issued.has(n) ? PRICE_CENTS : 0)));
  await vi.waitFor(async () => expect((await organizer.query(api.waitingRoom.status, { eventId }))!.status).toBe("soldOut"), {
    timeout: 60_000,
    interval: 500,
  });
}
