import { expect, it } from "vitest";
import { api } from "../../../convex/_generated/api";
import type { LocalBackend } from "../../server.ts";
import { createEvent, newClient, signedInClient, startTestBackend, waitForQuery } from "../../test-support.ts";

async function stats({ url, adminKey }: LocalBackend): Promise<{ commits: number; queryRuns: number }> {
  const response = await fetch(`${url}/dashboard/stats.json`, { headers: { Authorization: `Convex ${adminKey}` } });
  return response.json() as Promise<{ commits: number; queryRuns: number }>;
}

it("re-runs only the queries a commit wrote into: a support on one event leaves another event's page alone", async () => {
  const backend = await startTestBackend();
  const ana = await signedInClient(backend.url, "Ana", "ana@exemplo.com");
  const caio = await signedInClient(backend.url, "Caio", "caio@exemplo.com");
  const visitor = newClient(backend.url);
  try {
    const supported = await createEvent(ana, { name: "Evento apoiado" });
    const other = await createEvent(ana, { name: "Outro evento" });
    // One connection watching both pages: the Transition that brings the support is computed
    // after the session decided about every one of its queries.
    const otherPage = [
      visitor.onUpdate(api.events.get, { id: other }, () => {}),
      visitor.onUpdate(api.events.timeline, { id: other }, () => {}),
      visitor.onUpdate(api.chat.access, { eventId: other }, () => {}),
    ];
    const watching = visitor.onUpdate(api.events.get, { id: supported }, () => {});
    await waitForQuery(visitor, api.events.timeline, { id: other }, (timeline) => timeline !== null);
    await waitForQuery(visitor, api.events.get, { id: supported }, (event) => event?.raisedCents === 0);
    const before = await stats(backend);

    await caio.mutation(api.supports.support, { eventId: supported, amountCents: 1_000 });
    await waitForQuery(visitor, api.events.get, { id: supported }, (event) => event?.raisedCents === 1_000);

    const after = await stats(backend);
    // The support (an idle event's support is applied in its own commit; the recovery cron may add one).
    expect(after.commits - before.commits).toBeGreaterThanOrEqual(1);
    // events:get of the supported event, once: only the support's commit wrote the event (the
    // subscription and the waiter share one run); nothing of the other page.
    expect(after.queryRuns - before.queryRuns).toBe(1);
    for (const unsubscribe of [...otherPage, watching]) unsubscribe();
  } finally {
    await Promise.all([ana, caio, visitor].map((client) => client.close()));
    await backend.close();
  }
});
