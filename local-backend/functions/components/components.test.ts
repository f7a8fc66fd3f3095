import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ConvexClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import type { LocalBackend } from "../../server.ts";
import { newClient, startTestBackend } from "../../test-support.ts";

const send = makeFunctionReference<"mutation", Record<string, never>, boolean>("limits:send");
const heartbeat = makeFunctionReference<"mutation", { userId: string }, { roomToken: string }>("limits:heartbeat");
const online = makeFunctionReference<"query", { roomToken: string }, string[]>("limits:online");
const convexDir = path.join(import.meta.dirname, "..", "scheduler", "test-convex");

let dataDir: string;
let backend: LocalBackend | null = null;
let client: ConvexClient | null = null;

async function start(): Promise<ConvexClient> {
  backend = await startTestBackend({ convexDir, dataDir });
  client = newClient(backend.url);
  return client;
}

async function stop(): Promise<void> {
  await client?.close();
  await backend?.close();
  client = null;
  backend = null;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "apoie-components-"));
});

afterEach(stop);

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

it("runs the rate limiter component of convex.config.ts, and keeps its data across a restart", async () => {
  const convex = await start();
  expect(await convex.mutation(send, {})).toBe(true);
  expect(await convex.mutation(send, {})).toBe(true);
  expect(await convex.mutation(send, {})).toBe(false);

  await stop();
  const restarted = await start();
  // The window's two sends are remembered by the component's own table.
  expect(await restarted.mutation(send, {})).toBe(false);
});

it("runs a component installed under another name, with the component it uses", async () => {
  const convex = await start();
  const { roomToken } = await convex.mutation(heartbeat, { userId: "ana" });
  await convex.mutation(heartbeat, { userId: "bia" });
  expect((await convex.query(online, { roomToken })).sort()).toEqual(["ana", "bia"]);
});
