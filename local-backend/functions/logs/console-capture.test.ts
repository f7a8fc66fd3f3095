import path from "node:path";
import { ConvexClient, ConvexHttpClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { WebSocket } from "ws";
import type { LocalBackend } from "../../server.ts";
import { startTestBackend } from "../../test-support.ts";

const greet = makeFunctionReference<"query", { name: string }, string>("logs:greet");
const warn = makeFunctionReference<"mutation", Record<string, never>, null>("logs:warn");

let backend: LocalBackend;

beforeAll(async () => {
  backend = await startTestBackend({ convexDir: path.join(import.meta.dirname, "..", "scheduler", "test-convex") });
});

afterAll(() => backend.close());

/** A client whose console is a list, as the browser's console would show the lines. */
function recordingClient(lines: string[]): ConvexClient {
  const record = (...args: unknown[]) => void lines.push(args.map(String).join(" "));
  return new ConvexClient(backend.url, {
    webSocketConstructor: WebSocket as unknown as typeof globalThis.WebSocket,
    unsavedChangesWarning: false,
    logger: { log: record, warn: record, error: record, logVerbose: () => {} },
  });
}

it("sends what a query and a mutation log to the calling client, as Convex's logLines", async () => {
  const lines: string[] = [];
  const client = recordingClient(lines);
  try {
    await new Promise<void>((resolve) => {
      const unsubscribe = client.onUpdate(greet, { name: "Ana" }, () => {
        unsubscribe();
        resolve();
      });
    });
    await client.mutation(warn, {});
    expect(lines).toContainEqual(expect.stringMatching(/\[CONVEX Q\(logs:greet\)\] \[LOG\].* 'olá' 'Ana' \{ times: 2 \}/));
    expect(lines).toContainEqual(expect.stringMatching(/\[CONVEX M\(logs:warn\)\] \[WARN\].* 'cuidado'/));
  } finally {
    await client.close();
  }
});

it("answers HTTP calls with their logLines", async () => {
  const lines: string[] = [];
  const record = (...args: unknown[]) => void lines.push(args.map(String).join(" "));
  const http = new ConvexHttpClient(backend.url, { logger: { log: record, warn: record, error: record, logVerbose: () => {} } });
  await http.query(greet, { name: "Bia" });
  expect(lines).toContainEqual(expect.stringMatching(/\[LOG\].* 'olá' 'Bia'/));
});
