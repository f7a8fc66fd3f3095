/**
 * A call refused for a limit, through real clients: the client gets Convex's error, and the
 * backend, other clients' calls and open subscriptions carry on; `npx convex logs` (the CLI's
 * log stream) shows the warning past 80% of a limit.
 */
import path from "node:path";
import { ConvexHttpClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { LocalBackend } from "../../server.ts";
import { newClient, startTestBackend, waitForQuery } from "../../test-support.ts";
import { configureLimits } from "./knobs.ts";

const readBatch = makeFunctionReference<"query", { batch: string }, number>("limits:readBatch");
const insertItems = makeFunctionReference<"mutation", { batch: string; count: number }, number>("limits:insertItems");

let backend: LocalBackend;
let restore: () => void;

beforeAll(async () => {
  restore = configureLimits({ documentsRead: 100 });
  backend = await startTestBackend({ convexDir: path.join(import.meta.dirname, "test-convex") });
});
afterAll(async () => {
  await backend.close();
  restore();
});

it("refuses one client's call past a limit while another's subscription and calls carry on", async () => {
  const watcher = newClient(backend.url);
  const caller = new ConvexHttpClient(backend.url);
  try {
    await caller.mutation(insertItems, { batch: "watched", count: 2 });
    expect(await waitForQuery(watcher, readBatch, { batch: "watched" }, (count) => count === 2)).toBe(2);
    await caller.mutation(insertItems, { batch: "too-many", count: 101 });
    await expect(caller.query(readBatch, { batch: "too-many" })).rejects.toThrow(
      "Too many documents read in a single function execution (limit: 100).",
    );
    await caller.mutation(insertItems, { batch: "watched", count: 1 });
    expect(await waitForQuery(watcher, readBatch, { batch: "watched" }, (count) => count === 3)).toBe(3);
  } finally {
    await watcher.close();
  }
});

it("shows the warning past 80% of a limit and each execution's figures in the CLI's log stream", async () => {
  const caller = new ConvexHttpClient(backend.url);
  await caller.mutation(insertItems, { batch: "near", count: 90 });
  expect(await caller.query(readBatch, { batch: "near" })).toBe(90);
  const response = await fetch(`${backend.url}/api/stream_function_logs?cursor=0`, {
    headers: { Authorization: `Convex ${backend.adminKey}` },
  });
  const { entries } = (await response.json()) as {
    entries: { identifier: string; logLines: string[]; usageStats: { databaseReadDocuments: number } }[];
  };
  const read = entries.filter((entry) => entry.identifier === "limits:readBatch").at(-1)!;
  expect(read.logLines.join("\n")).toContain("[WARN] Many documents read in a single function execution (actual: 90, limit: 100).");
  expect(read.usageStats.databaseReadDocuments).toBe(90);
});
