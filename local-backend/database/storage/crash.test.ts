import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ConvexClient } from "convex/browser";
import { afterEach, beforeEach, expect, it } from "vitest";
import { api } from "../../../convex/_generated/api";
import { authenticate, createEvent, newClient, signInLocally, startTestBackend, waitForQuery } from "../../test-support.ts";
import { backendFlags, startLocalBackendProcess } from "../../../test-kit/local-backend.ts";
import { freePort } from "../../../test-kit/ports.ts";

const SUPPORTERS = 3;
const SUPPORTS_PER_ROUND = 5;
const AMOUNT = 100;

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "apoie-crash-"));
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** The CLI in its own process, on the data folder, so the test can kill -9 it. */
function startChild(sitePort: number) {
  return startLocalBackendProcess({ args: backendFlags({ sitePort, dataDir }) });
}

async function clientWith(url: string, token: string): Promise<ConvexClient> {
  const client = newClient(url);
  if (!(await authenticate(client, token))) throw new Error("token refused after a restart");
  return client;
}

it("keeps every acknowledged support and chat message across three kill -9s, with the money adding up", { timeout: 120_000 }, async () => {
  const sitePort = await freePort();
  let backend = await startChild(sitePort);
  let url = backend.url;
  const setup = newClient(url);
  const creatorToken = await signInLocally(setup, "Criadora", "criadora@exemplo.com");
  const supporterTokens: string[] = [];
  for (let n = 0; n < SUPPORTERS; n++) supporterTokens.push(await signInLocally(setup, `Apoiadora ${n}`, `apoiadora${n}@exemplo.com`));
  await setup.close();
  const creator = await clientWith(url, creatorToken);
  const eventId = await createEvent(creator, { minSupportCents: AMOUNT });
  const acknowledged = { supports: new Array<number>(SUPPORTERS).fill(0), messages: [] as string[] };
  // A first support each, so every supporter may chat.
  for (const token of supporterTokens) {
    const client = await clientWith(url, token);
    await client.mutation(api.supports.support, { eventId, amountCents: AMOUNT });
    await client.close();
  }
  acknowledged.supports.fill(1);
  await creator.close();

  for (let round = 1; round <= 3; round++) {
    const clients = await Promise.all(supporterTokens.map((token) => clientWith(url, token)));
    let acks = 0;
    const killAfter = 4 + round * 2;
    const killed = new Promise<void>((resolve) => {
      const count = () => {
        acks += 1;
        if (acks === killAfter) resolve();
      };
      clients.forEach((client, n) => {
        for (let i = 0; i < SUPPORTS_PER_ROUND; i++) {
          client.mutation(api.supports.support, { eventId, amountCents: AMOUNT }).then(
            () => {
              acknowledged.supports[n]! += 1;
              count();
            },
            () => {},
          );
        }
        const body = `rodada ${round}, apoiadora ${n}`;
        client.mutation(api.chat.send, { eventId, body }).then(
          () => {
            acknowledged.messages.push(body);
            count();
          },
          () => {},
        );
      });
    });
    await killed;
    await backend.kill();
    await Promise.all(clients.map((client) => client.close()));
    backend = await startChild(sitePort);
    url = backend.url;
  }

  try {
    const reader = await clientWith(url, creatorToken);
    const chat = await reader.query(api.chat.list, { eventId, paginationOpts: { numItems: 100, cursor: null } });
    let raised = 0;
    for (const [n, token] of supporterTokens.entries()) {
      const client = await clientWith(url, token);
      const me = await client.query(api.users.me, {});
      // Money invariant: what left the wallet is what the event holds from this person, once the
      // event's queue has applied the supports it held (its job runs again after the restart).
      const mine = await waitForQuery(client, api.supports.mine, { eventId }, (total) => me!.walletCents + total.amountCents === 5_000);
      await client.close();
      expect(mine.amountCents).toBeGreaterThanOrEqual(acknowledged.supports[n]! * AMOUNT);
      raised += mine.amountCents;
    }
    // The event's total follows its supports through its queue (jobs that run after the restart).
    const event = await waitForQuery(reader, api.events.get, { id: eventId }, (current) => current?.raisedCents === raised);
    await reader.close();
    expect(event!.raisedCents).toBe(raised);
    const bodies = chat.page.map((message) => message.body);
    for (const body of acknowledged.messages) expect(bodies).toContain(body);
  } finally {
    await backend.kill();
  }
});

it("drops a journal record cut short by a crash, and refuses a journal damaged before its end", async () => {
  const first = await startTestBackend({ dataDir });
  const client = newClient(first.url);
  await signInLocally(client, "Diário", "diario@exemplo.com");
  await client.close();
  await first.close();
  const journal = path.join(dataDir, "journal.jsonl");

  // Killed mid-append: the journal ends with half a record, which is dropped.
  await writeFile(journal, '{"seq":99,"lastCommitTs":"1","compo');
  const second = await startTestBackend({ dataDir });
  await second.close();
  expect(await readFile(journal, "utf8")).toBe("");

  const damaged = 'not a record\n{"seq":99,"lastCommitTs":"1","components":{},"requests":[]}\n';
  await writeFile(journal, damaged);
  await expect(startTestBackend({ dataDir })).rejects.toThrow(`${journal} is damaged at line 1`);
  expect(await readFile(journal, "utf8")).toBe(damaged);
});
