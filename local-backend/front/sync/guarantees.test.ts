import { version } from "convex";
import { afterEach, beforeEach, expect, it } from "vitest";
import { WebSocket } from "ws";
import { api } from "../../../convex/_generated/api";
import type { LocalBackend } from "../../server.ts";
import { authenticate, createEvent, signedInClient, signInLocally, newClient, startTestBackend, waitForQuery } from "../../test-support.ts";

let backend: LocalBackend;

beforeEach(async () => {
  backend = await startTestBackend();
});

afterEach(async () => {
  await backend.close();
});

it("applies a mutation once when the connection drops after its commit and the client resends it", async () => {
  const creator = await signedInClient(backend.url, "Criadora", "criadora@exemplo.com");
  const supporter = await signedInClient(backend.url, "Apoiadora", "apoiadora@exemplo.com");
  const eventId = await createEvent(creator);
  const wallet = (await waitForQuery(supporter, api.users.me, {}, (user) => user !== null))!.walletCents;
  // The server's socket (same process) drops the connection instead of sending the response:
  // the commit happened, the answer is lost, and the client resends with the same request id.
  const send = WebSocket.prototype.send;
  let dropped = 0;
  WebSocket.prototype.send = function (this: WebSocket, data: unknown, ...rest: unknown[]) {
    if (dropped === 0 && typeof data === "string" && data.includes('"MutationResponse"')) {
      dropped += 1;
      this.terminate();
      return;
    }
    return (send as (...args: unknown[]) => void).call(this, data, ...rest);
  } as typeof send;
  try {
    await supporter.mutation(api.supports.support, { eventId, amountCents: 700 });
  } finally {
    WebSocket.prototype.send = send;
  }
  expect(dropped).toBe(1);
  const event = await waitForQuery(creator, api.events.get, { id: eventId }, (value) => value !== null);
  expect(event!.raisedCents).toBe(700);
  expect((await supporter.query(api.users.me, {}))!.walletCents).toBe(wallet - 700);
  await Promise.all([creator.close(), supporter.close()]);
});

type Received = { type: string; [key: string]: unknown };

it("computes every Transition against one commit, under concurrent writers", async () => {
  const creator = await signedInClient(backend.url, "Criadora", "criadora@exemplo.com");
  const eventId = await createEvent(creator, { minSupportCents: 100 });
  const signIn = newClient(backend.url);
  const token = await signInLocally(signIn, "Apoiadora", "apoiadora@exemplo.com");
  // Four connections sending five supports each at once (twenty: the per-person limit), so
  // commits keep landing while the observer's queries run.
  const writers = await Promise.all(
    [0, 1, 2, 3].map(async () => {
      const client = newClient(backend.url);
      await authenticate(client, token);
      return client;
    }),
  );
  const wallet = (await writers[0]!.query(api.users.me, {}))!.walletCents;

  // A raw session sees each Transition: the wallet and its statement move together (a support
  // debits one and writes the other in one commit), so the latest entry's balance is the
  // wallet in every Transition that comes from one commit.
  const ws = new WebSocket(`${backend.url.replace("http", "ws")}/api/${version}/sync`);
  const results = new Map<number, { walletCents?: number; page?: { balanceAfterCents: number }[] }>();
  const gaps: number[] = [];
  ws.on("message", (data: Buffer) => {
    const message = JSON.parse(data.toString()) as Received;
    if (message.type !== "Transition") return;
    for (const modification of message.modifications as { type: string; queryId: number; value: never }[]) {
      if (modification.type === "QueryUpdated") results.set(modification.queryId, modification.value);
    }
    const walletCents = results.get(1)?.walletCents;
    const balance = results.get(2)?.page?.[0]?.balanceAfterCents;
    if (walletCents !== undefined && balance !== undefined) gaps.push(walletCents - balance);
  });
  await new Promise((resolve) => ws.once("open", resolve));
  ws.send(JSON.stringify({ type: "Connect", sessionId: "observer", connectionCount: 0, lastCloseReason: null, clientTs: 0 }));
  ws.send(JSON.stringify({ type: "Authenticate", tokenType: "User", value: token, baseVersion: 0 }));
  ws.send(
    JSON.stringify({
      type: "ModifyQuerySet",
      baseVersion: 0,
      newVersion: 1,
      modifications: [
        { type: "Add", queryId: 1, udfPath: "users:me", args: [{}] },
        { type: "Add", queryId: 2, udfPath: "wallet:statement", args: [{ paginationOpts: { numItems: 1, cursor: null } }] },
      ],
    }),
  );
  await expect.poll(() => gaps.length, { timeout: 30_000, interval: 10 }).toBeGreaterThan(0);
  await Promise.all(
    writers.flatMap((client) => Array.from({ length: 5 }, () => client.mutation(api.supports.support, { eventId, amountCents: 100 }))),
  );
  await waitForQuery(creator, api.events.get, { id: eventId }, (event) => event?.raisedCents === 2_000);
  await expect.poll(() => results.get(1)?.walletCents, { timeout: 30_000, interval: 10 }).toBe(wallet - 2_000);
  ws.close();
  expect(gaps.length).toBeGreaterThan(1);
  expect(new Set(gaps)).toEqual(new Set([0]));
  await Promise.all([creator, signIn, ...writers].map((client) => client.close()));
});
