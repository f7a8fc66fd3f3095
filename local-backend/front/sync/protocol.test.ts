import type { ConvexClient } from "convex/browser";
import { version } from "convex";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { api } from "../../../convex/_generated/api";
import { encodeTs, parseClientMessage, ProtocolError } from "./protocol.ts";
import type { LocalBackend } from "../../server.ts";
import { createEvent, newClient, signedInClient, signInLocally, startTestBackend, waitForQuery } from "../../test-support.ts";

let backend: LocalBackend;
let creator: ConvexClient;
let bystander: ConvexClient;
let eventId: string;

beforeAll(async () => {
  backend = await startTestBackend();
  creator = await signedInClient(backend.url, "Criadora", "criadora@exemplo.com");
  eventId = await createEvent(creator);
  bystander = newClient(backend.url);
  await waitForQuery(bystander, api.events.get, { id: eventId }, (event) => event !== null);
});

afterAll(async () => {
  await Promise.all([creator.close(), bystander.close()]);
  await backend.close();
});

type Received = { type: string; [key: string]: unknown };

/** A raw connection that records what the server sends and how it closes. */
async function rawConnection() {
  const ws = new WebSocket(`${backend.url.replace("http", "ws")}/api/${version}/sync`);
  const received: Received[] = [];
  ws.on("message", (data: Buffer) => received.push(JSON.parse(data.toString()) as Received));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on("close", (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  ws.send(JSON.stringify({ type: "Connect", sessionId: "raw-test", connectionCount: 0, lastCloseReason: null, clientTs: 0 }));
  return { ws, received, closed };
}

function subscribe(ws: WebSocket, baseVersion: number, queryId: number) {
  ws.send(
    JSON.stringify({
      type: "ModifyQuerySet",
      baseVersion,
      newVersion: baseVersion + 1,
      modifications: [{ type: "Add", queryId, udfPath: "events:get", args: [{ id: eventId }] }],
    }),
  );
}

/** Waits for a state; the ceiling is for a broken server, far above any busy machine's delay. */
async function eventually(check: () => boolean): Promise<void> {
  await expect.poll(check, { timeout: 30_000, interval: 10 }).toBe(true);
}

/** The server still answers everyone else: a live client sees a new support. */
async function othersAreStillServed(amountCents: number) {
  const before = (await bystander.query(api.events.get, { id: eventId }))!.raisedCents;
  await creator.mutation(api.supports.support, { eventId, amountCents });
  await waitForQuery(bystander, api.events.get, { id: eventId }, (event) => event?.raisedCents === before + amountCents);
}

describe("malformed protocol messages end only that connection", () => {
  it.each([
    ["a frame that is not JSON", "{not json"],
    ["an unknown message type", JSON.stringify({ type: "Teleport" })],
    ["a message without its fields", JSON.stringify({ type: "Mutation", udfPath: "events:create" })],
    ["a stale query set version", JSON.stringify({ type: "ModifyQuerySet", baseVersion: 7, newVersion: 8, modifications: [] })],
    ["a stale identity version", JSON.stringify({ type: "Authenticate", tokenType: "None", baseVersion: 3 })],
  ])("closes on %s, with an error, and keeps serving the others", async (_name, frame) => {
    const { ws, closed } = await rawConnection();
    ws.send(frame);
    const { code, reason } = await closed;
    expect(code).toBe(1002);
    expect(reason.length).toBeGreaterThan(0);
    await othersAreStillServed(500);
  });

  it("closes on a stale version after a valid exchange, not before", async () => {
    const { ws, received, closed } = await rawConnection();
    subscribe(ws, 0, 1);
    await eventually(() => received.some((message) => message.type === "Transition"));
    const transition = received.find((message) => message.type === "Transition")!;
    expect(transition.endVersion).toMatchObject({ querySet: 1, identity: 0 });
    expect(transition.modifications).toEqual([
      expect.objectContaining({ type: "QueryUpdated", queryId: 1, value: expect.objectContaining({ _id: eventId }) }),
    ]);
    subscribe(ws, 0, 2); // base version 0 again: the server is at 1
    expect((await closed).code).toBe(1002);
    await othersAreStillServed(600);
  });
});

describe("the sync conversation", () => {
  const decodeTs = (encoded: unknown) => Buffer.from(encoded as string, "base64").readBigUInt64LE();
  const transitions = (received: Received[]) => received.filter((message) => message.type === "Transition");

  it("answers a mutation, then confirms it with a Transition at or after its timestamp", async () => {
    const { ws, received } = await rawConnection();
    const responseTo = (requestId: number) =>
      received.find((message) => message.type === "MutationResponse" && message.requestId === requestId);
    const mutate = (requestId: number, udfPath: string, args: unknown) =>
      ws.send(JSON.stringify({ type: "Mutation", requestId, udfPath, args: [args] }));

    // Signed out: the app's error data comes back, and internal functions do not exist.
    mutate(0, "supports:support", { eventId, amountCents: 500 });
    mutate(1, "seed:run", {});
    // Mutations run side by side: either may be answered first.
    await eventually(() => responseTo(0) !== undefined && responseTo(1) !== undefined);
    expect(responseTo(0)).toMatchObject({ success: false, errorData: { code: "NOT_SIGNED_IN" } });
    expect(responseTo(1)).toMatchObject({ success: false, result: expect.stringMatching(/Could not find public function/) });

    const signIn = newClient(backend.url);
    const token = await signInLocally(signIn, "Crua", "crua@exemplo.com");
    await signIn.close();
    ws.send(JSON.stringify({ type: "Authenticate", tokenType: "User", value: token, baseVersion: 0 }));
    subscribe(ws, 0, 1);
    await eventually(() => transitions(received).length === 2);
    expect(transitions(received)[1]).toMatchObject({ endVersion: { querySet: 1, identity: 1 } });

    const raisedBefore = (await bystander.query(api.events.get, { id: eventId }))!.raisedCents;
    mutate(2, "supports:support", { eventId, amountCents: 500 });
    // Query updates may come before the response; what matters is a Transition after it.
    const confirmationAfter = () => {
      const response = responseTo(2);
      return response === undefined ? undefined : transitions(received.slice(received.indexOf(response)))[0];
    };
    await eventually(() => confirmationAfter() !== undefined);
    const response = responseTo(2)!;
    expect(response).toMatchObject({ success: true, result: { supportId: expect.any(String) } });
    const confirmation = confirmationAfter()!;
    expect(decodeTs((confirmation.endVersion as { ts: string }).ts)).toBeGreaterThanOrEqual(decodeTs(response.ts));
    // The event's queue applies the support a moment later; the next test starts once it has.
    await waitForQuery(bystander, api.events.get, { id: eventId }, (event) => event?.raisedCents === raisedBefore + 500);
    ws.close();
  });

  it("pushes a query only when its result changed", async () => {
    const { ws, received } = await rawConnection();
    subscribe(ws, 0, 1);
    await eventually(() => transitions(received).length === 1);
    type Pushed = { value?: { _id: string; raisedCents: number } };
    const eventIn = (transition: Received) => (transition.modifications as Pushed[])[0]?.value;
    const raisedFirst = eventIn(transitions(received)[0]!)!.raisedCents;

    // A commit that does not touch the query, then one that does. Commits reach subscribers in
    // order, so a push for the first would stand before the second's and be caught below,
    // however long either takes.
    await createEvent(creator, { name: "Outro Evento" });
    await creator.mutation(api.supports.support, { eventId, amountCents: 700 });
    await eventually(() => eventIn(transitions(received).at(-1)!)?.raisedCents === raisedFirst + 700);

    const pushed = transitions(received);
    for (let i = 1; i < pushed.length; i++) {
      expect(pushed[i]!.startVersion).toEqual(pushed[i - 1]!.endVersion);
      const ts = (transition: Received) => decodeTs((transition.endVersion as { ts: string }).ts);
      expect(ts(pushed[i]!)).toBeGreaterThan(ts(pushed[i - 1]!));
      expect(pushed[i]!.modifications).toEqual([
        expect.objectContaining({ type: "QueryUpdated", queryId: 1, value: expect.objectContaining({ _id: eventId }) }),
      ]);
      expect(eventIn(pushed[i]!)).not.toEqual(eventIn(pushed[i - 1]!));
    }
    ws.close();
  });

  it("answers a bad token with AuthError and keeps the connection", async () => {
    const { ws, received } = await rawConnection();
    ws.send(JSON.stringify({ type: "Authenticate", tokenType: "User", value: "not.a.jwt", baseVersion: 0 }));
    await eventually(() => received.some((message) => message.type === "AuthError"));
    expect(received.find((message) => message.type === "AuthError")).toMatchObject({ baseVersion: 0, authUpdateAttempted: true });
    subscribe(ws, 0, 1);
    await eventually(() => transitions(received).length === 1);
    expect(transitions(received)[0]).toMatchObject({ endVersion: { querySet: 1, identity: 0 } });
    ws.close();
  });
});

describe("protocol encoding", () => {
  it("encodes timestamps as little-endian u64 in base64", () => {
    expect(encodeTs(1n)).toBe(Buffer.from([1, 0, 0, 0, 0, 0, 0, 0]).toString("base64"));
    expect(Buffer.from(encodeTs(1_700_000_000_000_000_000n), "base64").readBigUInt64LE()).toBe(1_700_000_000_000_000_000n);
  });

  it("rejects messages it does not know", () => {
    expect(() => parseClientMessage("[]")).toThrow(ProtocolError);
    expect(() => parseClientMessage(JSON.stringify({ type: "Authenticate", tokenType: "Magic", baseVersion: 0 }))).toThrow(/tokenType/);
    expect(parseClientMessage(JSON.stringify({ type: "Event", eventType: "x", event: {} }))).toEqual({ type: "Event" });
  });
});
