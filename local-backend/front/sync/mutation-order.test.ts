/**
 * A WebSocket's mutations run one at a time, in the order sent, as Convex's sync worker runs
 * them (its mutation queue is buffered by one); its actions run side by side. Two increments of
 * one counter from one client: the second starts only once the first has committed, so neither
 * conflicts, and each returns its own step.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import path from "node:path";
import { makeFunctionReference } from "convex/server";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { FunctionRunner } from "../../functions/function-runner.ts";
import type { LocalBackend } from "../../server.ts";
import { newClient, startTestBackend } from "../../test-support.ts";
import { PAUSE_SYSCALL } from "../../database/test-convex/occ.ts";
import { answerAsyncSyscall } from "../../functions/runtime/convex-syscalls.ts";
import { SyncSession } from "./sync-session.ts";

let backend: LocalBackend;
/** The test's answer to a function's pause (test-convex/occ.ts), served in this process. */
let onPause: () => Promise<void> = async () => {};
/** Runs in the test's own async context: another request, not a call nested in the paused function. */
const outside = AsyncLocalStorage.snapshot();

beforeAll(async () => {
  backend = await startTestBackend({ convexDir: path.join(import.meta.dirname, "..", "..", "database", "test-convex") });
  answerAsyncSyscall(PAUSE_SYSCALL, async () => (await outside(onPause), "null"));
});
afterAll(() => backend.close());

const createCounter = makeFunctionReference<"mutation", Record<string, never>, string>("occ:createCounter");
const increment = makeFunctionReference<"mutation", { id: string }, number>("occ:increment");
const counter = makeFunctionReference<"query", { id: string }, number | null>("occ:counter");

it("runs one client's mutations one at a time, in the order sent", async () => {
  const client = newClient(backend.url);
  const conflicts: unknown[] = [];
  backend.onConflict((conflict) => conflicts.push(conflict));
  const id = await client.mutation(createCounter, {});
  const started = vi.spyOn(FunctionRunner.prototype, "mutate");
  const receive = SyncSession.prototype.receive;
  let mutationFrames = 0;
  const frames = vi.spyOn(SyncSession.prototype, "receive").mockImplementation(function (this: SyncSession, text: string) {
    if (text.includes('"type":"Mutation"')) mutationFrames += 1;
    return receive.call(this, text);
  });
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let pauses = 0;
  let startedWhilePaused = -1;
  onPause = async () => {
    pauses += 1;
    if (pauses > 1) return;
    // A query sent after both mutations is answered: the server has read the second one by now.
    // The server has read the second increment , and its session has
    // had a turn to start it: had it started, the runner would have been asked to by now.
    await vi.waitFor(() => expect(mutationFrames).toBeGreaterThanOrEqual(2), { timeout: 20_000, interval: 5 });
    for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
    startedWhilePaused = started.mock.calls.length;
    release();
  };
  try {
    const steps = await Promise.all([client.mutation(increment, { id }), client.mutation(increment, { id })]);
    await released;
    expect(startedWhilePaused).toBe(1);
    expect(steps).toEqual([1, 2]);
    expect(conflicts).toEqual([]);
    expect(await client.query(counter, { id })).toBe(2);
  } finally {
    started.mockRestore();
    frames.mockRestore();
    await client.close();
  }
});
