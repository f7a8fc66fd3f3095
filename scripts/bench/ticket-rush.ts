/**
 * A rush for tickets: 2,000 purchases of one type with 100 tickets left (40 of them meia), 50 in
 * flight at a time, while 50 open event pages watch its `Ingressos` block. The purchases come
 * from 200 signed-in buyers, 10 each (a local sign-in costs about a second on a busy machine:
 * 2,000 of them would be most of the run); tickets cost R$ 1,00 so every wallet covers its 10.
 * Measured: tickets sold (exactly 100, or capacity broke), the buyer's answer time (paid and
 * queued, or refused at once once the type is flagged sold out), and the time until every
 * watching page shows `Esgotado`. The backend runs in its own process.
 */
import { ConvexHttpClient } from "convex/browser";
import { ConvexError } from "convex/values";
import { api } from "../../convex/_generated/api";
import { availabilityOf } from "../../convex/model/shared/ticketTypes";
import { eventInput } from "../../test-kit/event-input";
import { localSignInToken } from "../../test-kit/local-sign-in";
import { inParallel } from "./hot-event";
import { openClient, percentiles } from "./latency";
import { startLocalBackendProcess } from "./local-backend-process";

export const RUSH_BUYERS = 2_000;
export const RUSH_UNITS = 100;
/** Distinct buyers, each making RUSH_BUYERS / RUSH_ACCOUNTS purchases (within the limit of 20 a minute). */
const RUSH_ACCOUNTS = 200;
const RUSH_MEIA = 40;
const IN_FLIGHT = 50;
const WATCHERS = 50;
const PARALLEL_SIGN_INS = 8;
const ESGOTADO_TIMEOUT_MS = 120_000;

export type TicketRush = {
  purchases: number;
  accounts: number;
  units: number;
  ticketsSold: number;
  meiaSold: number;
  /** Paid and queued, then refunded by the queue: the purchases that came up after the last unit. */
  refundedByQueue: number;
  /** Refused before paying, once the type was flagged sold out. */
  refusedAtDoor: number;
  answer: { p50: number; p95: number; p99: number };
  /** From the first purchase sent until the last of the watching pages showed `Esgotado`. */
  esgotadoSeenByAllMs: number;
  watchers: number;
};

async function signedIn(url: string, n: number): Promise<ConvexHttpClient> {
  const client = new ConvexHttpClient(url);
  client.setAuth(await localSignInToken(client, `Comprador ${n}`, `comprador-${n}@bench.example`));
  return client;
}

/** `buyers` other than RUSH_BUYERS only for a quick try of the bench itself. */
export async function measureTicketRush(log: (message: string) => void = () => {}, purchaseCount = RUSH_BUYERS): Promise<TicketRush> {
  const backend = await startLocalBackendProcess();
  const watchers = Array.from({ length: WATCHERS }, () => openClient(backend.url));
  try {
    const creator = await signedIn(backend.url, 0);
    const eventId = await creator.mutation(
      api.events.create,
      eventInput({
        name: "Show com ingressos disputados",
        goalCents: 100_000,
        isTicketed: true,
        ticketTypes: [{ name: "Pista", quantity: RUSH_UNITS, meiaQuantity: RUSH_MEIA, lotes: [{ priceCents: 100 }] }],
      }),
    );
    const [type] = await creator.query(api.ticketTypes.forEvent, { eventId });
    if (type === undefined) throw new Error("the event has no ticket type");
    const accounts = Math.min(RUSH_ACCOUNTS, purchaseCount);
    log(`ticket rush: ${accounts} buyers sign in`);
    const buyers = await inParallel(accounts, PARALLEL_SIGN_INS, (i) => signedIn(backend.url, i + 1));

    const seenAt = watchers.map(
      (watcher) =>
        new Promise<number>((resolve) => {
          watcher.onUpdate(api.ticketTypes.forEvent, { eventId }, (types) => {
            const watched = types.find((candidate) => candidate._id === type._id);
            if (watched !== undefined && availabilityOf(watched, watched.sales, Date.now()).state === "soldOut") resolve(performance.now());
          });
        }),
    );

    log(`ticket rush: ${purchaseCount} purchases, ${IN_FLIGHT} in flight`);
    const started = performance.now();
    const answers = await inParallel(purchaseCount, IN_FLIGHT, async (i) => {
      const meia = i % 3 === 0;
      const sent = performance.now();
      try {
        await buyers[i % accounts]!.mutation(api.ticketPurchases.buy, {
          eventId,
          typeId: type._id,
          loteIndex: 0,
          unitPriceCents: meia ? 50 : 100,
          units: 1,
          meia,
          ...(meia ? { meiaCategory: "estudante" } : {}),
        });
        return { ms: performance.now() - sent, paid: true };
      } catch (error) {
        // Only a sold-out refusal is part of the rush; anything else (a limit, the wallet) is the bench's mistake.
        if (!(error instanceof ConvexError) || (error.data as { code?: string }).code !== "SOLD_OUT") throw error;
        return { ms: performance.now() - sent, paid: false };
      }
    });
    const lastSeen = await Promise.race([
      Promise.all(seenAt).then((times) => Math.max(...times)),
      new Promise<never>((_, reject) =>
        // unref: once every page has seen it, this timer must not keep the bench running for two minutes.
        setTimeout(() => reject(new Error("Esgotado not seen by every page in time")), ESGOTADO_TIMEOUT_MS).unref(),
      ),
    ]);
    const summary = await creator.query(api.attendees.summary, { eventId });
    const sold = summary[0]!;
    const paid = answers.filter((answer) => answer.paid).length;
    return {
      purchases: purchaseCount,
      accounts,
      units: RUSH_UNITS,
      ticketsSold: sold.sold,
      meiaSold: sold.meia,
      refundedByQueue: paid - sold.sold,
      refusedAtDoor: purchaseCount - paid,
      answer: percentiles(answers.map((answer) => answer.ms)),
      esgotadoSeenByAllMs: lastSeen - started,
      watchers: WATCHERS,
    };
  } finally {
    await Promise.all(watchers.map((watcher) => watcher.close()));
    backend.stop();
  }
}
