import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { api } from "../convex/_generated/api";
import { SEED_FUNCTION } from "./app-functions.ts";
import { tableOf } from "./database/ids/table-numbers.ts";
import type { DatabaseSnapshot } from "./database/storage/saved-state.ts";
import { authenticate, createEvent, newClient, signedInClient, signInLocally, startTestBackend, waitForQuery } from "./test-support.ts";

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "apoie-local-backend-"));
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function savedDatabase(): Promise<DatabaseSnapshot> {
  return JSON.parse(await readFile(path.join(dataDir, "database.json"), "utf8")) as DatabaseSnapshot;
}

it("keeps data, document ids, creation times and sessions across a restart with the data folder", async () => {
  const first = await startTestBackend({ dataDir, seed: SEED_FUNCTION });
  const client = newClient(first.url);
  const token = await signInLocally(client, "Persistente", "persistente@exemplo.com");
  expect(await authenticate(client, token)).toBe(true);
  const eventId = await createEvent(client, { name: "Evento Persistente" });
  await client.mutation(api.supports.support, { eventId, amountCents: 1_500 });
  // Taken at once; the event's queue applies it a moment later.
  await waitForQuery(client, api.events.get, { id: eventId }, (event) => event?.raisedCents === 1_500);
  const seeded = await client.query(api.events.list, { paginationOpts: { numItems: 100, cursor: null } });
  await client.close();
  await first.close();

  const files = await readdir(dataDir);
  expect(files.sort()).toEqual(["admin-key", "database.json", "environment.json", "journal.jsonl", "jwt-keys.json", "table-numbers.json"]);
  const before = await savedDatabase();

  // Same site port: it is the tokens' issuer.
  const second = await startTestBackend({ dataDir, seed: SEED_FUNCTION, sitePort: Number(new URL(first.siteUrl).port) });
  try {
    const again = newClient(second.url);
    // The keys were kept, so the token issued before the restart is still good.
    expect(await authenticate(again, token)).toBe(true);
    const me = await waitForQuery(again, api.users.me, {}, (user) => user !== null);
    expect(me).toMatchObject({ email: "persistente@exemplo.com", walletCents: 3_500 });
    expect(await again.query(api.events.get, { id: eventId })).toMatchObject({ name: "Evento Persistente", raisedCents: 1_500 });
    const listed = await again.query(api.events.list, { paginationOpts: { numItems: 100, cursor: null } });
    expect(listed.page).toEqual(seeded.page);
    expect(listed.page.length).toBeGreaterThan(10);

    // A new commit goes to the journal, and a clean shutdown writes the whole state to
    // database.json: every old document is still there, same id and time.
    const secondEvent = await createEvent(again, { name: "Depois do Reinício" });
    await again.close();
    await second.close();
    const after = await savedDatabase();
    const creationTimes = (snapshot: DatabaseSnapshot) =>
      new Map(
        snapshot.documents.map((document) => {
          const { _id, _creationTime } = document as { _id: string; _creationTime: number };
          return [_id, _creationTime];
        }),
      );
    const afterTimes = creationTimes(after);
    for (const [id, time] of creationTimes(before)) expect(afterTimes.get(id)).toBe(time);
    expect(afterTimes.has(secondEvent)).toBe(true);
    // New ids are random, never the next number after the saved ones.
    expect(tableOf(secondEvent)).toBe("events");
    expect(BigInt(after.lastCommitTs)).toBeGreaterThan(BigInt(before.lastCommitTs));
  } finally {
    await second.close();
  }
});

/** Rejects when `promise` takes longer than `ms`, naming `what`. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not settle within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// A mutation that never resolves fails with its name; the ceiling is far above a busy machine's delay.
it("resolves a mutation of a client with a subscription while the commit is written", { timeout: 60_000 }, async () => {
  const backend = await startTestBackend({ dataDir });
  const client = await signedInClient(backend.url, "Assinante", "assinante@exemplo.com");
  try {
    await waitForQuery(client, api.events.mine, {}, () => true);
    const subscription = client.onUpdate(api.events.mine, {}, () => {});
    // The write to disk delays the response past the Transition the commit triggers; the client
    // still needs a Transition after the response to finish the mutation.
    for (const n of [1, 2, 3]) {
      await within(createEvent(client, { name: `Evento ${n}` }), 15_000, `mutation ${n}`);
    }
    expect(subscription.getCurrentValue()?.length).toBe(3);
    subscription();
  } finally {
    await client.close();
    await backend.close();
  }
});

it("keeps nothing in memory mode", async () => {
  const backend = await startTestBackend({ dataDir: null });
  const client = newClient(backend.url);
  await signInLocally(client, "Efêmera", "efemera@exemplo.com");
  await client.close();
  await backend.close();
  expect(await readdir(dataDir)).toEqual([]);
});
