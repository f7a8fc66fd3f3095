/**
 * The conflict profiler on the real app: what it reports for supports run by real clients.
 * The window is wide (a minute), so every pair of mutations in the test counts as overlapping.
 */
import type { ConvexClient } from "convex/browser";
import { afterAll, beforeAll, expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import type { LocalBackend } from "../server.ts";
import { createEvent, signedInClient, startTestBackend } from "../test-support.ts";
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

/** Conflicts whose two sides are `a` and `b` (either way round). */
function between(a: string, b: string): Conflict[] {
  return backend.profiler.recentConflicts().filter((conflict) => {
    const sides = [conflict.writer, conflict.reader].sort();
    return sides[0] === [a, b].sort()[0] && sides[1] === [a, b].sort()[1];
  });
}

it("reports two supports of one event as a conflict on the event, and supports of two events as none", async () => {
  const creator = await client("Criadora");
  const [first, second, third] = [await client("Ana"), await client("Bia"), await client("Caio")];
  const eventA = await createEvent(creator);
  const eventB = await createEvent(creator, { name: "Outro Show" });

  await first.mutation(api.supports.support, { eventId: eventA, amountCents: 500 });
  expect(between("supports:support", "supports:support")).toEqual([]);
  await second.mutation(api.supports.support, { eventId: eventA, amountCents: 500 });
  const conflicts = between("supports:support", "supports:support");
  expect(conflicts.length).toBeGreaterThan(0);
  expect(conflicts.map((conflict) => conflict.document)).toContain(`events:${eventA}`);

  // A support of another event, by someone else, shares nothing with those two.
  await third.mutation(api.supports.support, { eventId: eventB, amountCents: 500 });
  expect(between("supports:support", "supports:support")).toEqual(conflicts);

  const report = backend.profiler.report();
  expect(report.hotDocuments.find((hot) => hot.document === `events:${eventA}`)?.functions).toContain("supports:support");
  const admin = { headers: { Authorization: `Convex ${backend.adminKey}` } };
  const dashboard = await (await fetch(`${backend.url}/`, admin)).text();
  expect(dashboard).toContain("Write conflicts");
  expect(dashboard).toContain(`events:${eventA}`);
  const json = (await (await fetch(`${backend.url}/dashboard/conflicts.json`, admin)).json()) as { conflicts: number };
  expect(json.conflicts).toBe(backend.profiler.recentConflicts().length);
});
