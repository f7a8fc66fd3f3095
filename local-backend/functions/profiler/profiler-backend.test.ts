/**
 * The conflict profiler on the real app: what it reports for supports run by real clients.
 * The window is wide (a minute), so every pair of mutations in the test counts as overlapping.
 */
import type { ConvexClient } from "convex/browser";
import { afterAll, beforeAll, expect, it } from "vitest";
import { api } from "../../../convex/_generated/api";
import type { LocalBackend } from "../../server.ts";
import { createEvent, signedInClient, startTestBackend } from "../../test-support.ts";
import type { Conflict } from "./conflict-profiler.ts";

let backend: LocalBackend;
const clients: ConvexClient[] = [];

beforeAll(async () => {
  backend = await startTestBackend({ profiler: { windowMs: 60_000, keepMs: 600_000 } });
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await backend.close();
});

async function client(name: string): Promise<ConvexClient> {
  const signedIn = await signedInClient(backend.url, name, `${name.toLowerCase().replace(/\W+/g, ".")}@exemplo.com`);
  clients.push(signedIn);
  return signedIn;
}

/**
 * Conflicts whose two sides are `a` and `b` (either way round), leaving out what belongs to the
 * event's support queue rather than to a person: its gate (written by the first support), its
 * worker's state (written when a burst starts and ends), its rows (a support of an idle queue
 * reads the pending range the previous one wrote), and the event's totals and timeline (which a
 * support of a quiet event, nothing for 100 ms, writes itself instead of the worker). Which of
 * these a support touches depends on how fast the machine runs this test, and over its wide
 * window two supports a second apart count as overlapping; the bench measures what the queue's
 * conflicts cost at real rates.
 */
function between(a: string, b: string): Conflict[] {
  return backend.profiler.recentConflicts().filter((conflict) => {
    if (/^(supportGates|supportWorkers|queuedSupports|events|supportTimelines):/.test(conflict.document)) return false;
    const sides = [conflict.writer, conflict.reader].sort();
    return sides[0] === [a, b].sort()[0] && sides[1] === [a, b].sort()[1];
  });
}

it("on the app: supports of one event by different people share nothing of theirs, one wallet's two supports conflict, a heartbeat and a support do not", async () => {
  const creator = await client("Criadora");
  const [ana, bia, caio, duda, eva] = [
    await client("Ana"),
    await client("Bia"),
    await client("Caio"),
    await client("Duda"),
    await client("Eva"),
  ];
  const eventA = await createEvent(creator);
  const eventB = await createEvent(creator, { name: "Outro Show" });
  // Eva's two supports share her wallet: a conflict on her user document.
  await eva.mutation(api.supports.support, { eventId: eventA, amountCents: 500 });
  await eva.mutation(api.supports.support, { eventId: eventB, amountCents: 500 });
  const warmUp = between("supports:support", "supports:support");
  expect(warmUp.map((conflict) => conflict.document)).toEqual([`users:${(await eva.query(api.users.me, {}))!._id}`]);

  // One wallet, two supports of one event: both read and write Ana's documents — her user document
  // and her promotional spend on that event (the welcome credit is spent first); the profiler names one.
  await ana.mutation(api.supports.support, { eventId: eventA, amountCents: 500 });
  await ana.mutation(api.supports.support, { eventId: eventA, amountCents: 500 });
  const sameWallet = between("supports:support", "supports:support").filter((conflict) => !warmUp.includes(conflict));
  const anaId = (await ana.query(api.users.me, {}))!._id;
  expect(sameWallet).toHaveLength(1);
  expect(sameWallet[0]!.document).toMatch(new RegExp(`^(users:${anaId}|promoSpends:.+)$`));

  // Other people, the same event and another one: nothing of theirs shared.
  await bia.mutation(api.supports.support, { eventId: eventA, amountCents: 500 });
  await caio.mutation(api.supports.support, { eventId: eventB, amountCents: 500 });
  expect(between("supports:support", "supports:support")).toEqual([...warmUp, ...sameWallet]);

  // A heartbeat on the event's page reads its gate, which no support writes.
  // (Of someone who did not support: a person's heartbeat reads their user document, which their supports write.)
  const viewer = await client("Fábio");
  const userId = (await viewer.query(api.users.me, {}))!._id;
  await viewer.mutation(api.presence.heartbeat, { roomId: `event:${eventA}`, userId, sessionId: "aba-1", interval: 10_000 });
  await duda.mutation(api.supports.support, { eventId: eventA, amountCents: 500 });
  expect(between("presence:heartbeat", "supports:support")).toEqual([]);

  const report = backend.profiler.report();
  expect(report.hotDocuments.find((hot) => hot.document === sameWallet[0]!.document)?.functions).toContain("supports:support");
  const asAdmin = { headers: { Authorization: `Convex ${backend.adminKey}` } };
  const dashboard = await (await fetch(`${backend.url}/`, asAdmin)).text();
  expect(dashboard).toContain("Write conflicts");
  expect(dashboard).toContain(sameWallet[0]!.document);
  const json = (await (await fetch(`${backend.url}/dashboard/conflicts.json`, asAdmin)).json()) as { conflicts: number };
  expect(json.conflicts).toBeGreaterThan(0);
});
