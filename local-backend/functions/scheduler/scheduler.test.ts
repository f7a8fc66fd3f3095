import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { ConvexHttpClient, type ConvexClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import type { GenericId } from "convex/values";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import type { LocalBackend } from "../../server.ts";
import { newClient, startTestBackend, waitForQuery } from "../../test-support.ts";
import { startLocalBackendProcess } from "../../../test-kit/local-backend.ts";
import { answerAsyncSyscall } from "../runtime/convex-syscalls.ts";
import { PAUSE_SYSCALL } from "./test-convex/jobs.ts";

type JobId = GenericId<"_scheduled_functions">;
const scheduleThenPause = makeFunctionReference<"mutation", { text: string }, JobId>("jobs:scheduleThenPause");
const schedule = makeFunctionReference<"mutation", { delayMs: number; text: string; failing?: boolean }, JobId>("jobs:schedule");
const scheduleFromAction = makeFunctionReference<"action", { delayMs: number; text: string }, JobId>("jobs:scheduleFromAction");
const cancel = makeFunctionReference<"mutation", { id: JobId }, null>("jobs:cancel");
const notes = makeFunctionReference<"query", Record<string, never>, string[]>("jobs:notes");
type Job = { state: { kind: string; error?: string }; name: string; scheduledTime: number; completedTime?: number };
const job = makeFunctionReference<"query", { id: JobId }, Job | null>("jobs:job");
const convexDir = path.join(import.meta.dirname, "test-convex");

let backend: LocalBackend;
let client: ConvexClient;
/** The test's answer to `scheduleThenPause`'s pause, served in this process. */
let onPause = async () => {};

beforeAll(async () => {
  backend = await startTestBackend({ convexDir });
  client = newClient(backend.url);
  answerAsyncSyscall(PAUSE_SYSCALL, async () => (await onPause(), "null"));
});

afterAll(async () => {
  await client.close();
  await backend.close();
});

function waitForState(id: JobId, kind: string) {
  return waitForQuery(client, job, { id }, (document) => document?.state.kind === kind);
}

it("runs a job scheduled 300 ms ahead once, and marks it succeeded", async () => {
  const id = await client.mutation(schedule, { delayMs: 300, text: "later" });
  expect((await client.query(job, { id }))?.state.kind).toBe("pending");
  await waitForState(id, "success");
  // A second job due after the first gives a duplicate run time to show up.
  await waitForState(await client.mutation(schedule, { delayMs: 300, text: "after" }), "success");
  expect((await client.query(notes, {})).filter((text) => text === "later")).toHaveLength(1);
});

it("runs a job due at once that was scheduled by a mutation still running (armed at its commit)", async () => {
  // Time for a job armed when scheduled, not committed, to fire and find no job: it would be lost.
  // (Node's own timer: the pause is answered inside the mutation's call, where the global ones are withheld.)
  onPause = () => sleep(300);
  const id = await client.mutation(scheduleThenPause, { text: "after the commit" });
  await waitForState(id, "success");
  expect(await client.query(notes, {})).toContain("after the commit");
});

it("runs jobs scheduled from actions", async () => {
  const id = await client.action(scheduleFromAction, { delayMs: 0, text: "from an action" });
  await waitForState(id, "success");
  expect(await client.query(notes, {})).toContain("from an action");
});

it("does not run a canceled job, and marks it completed when cancelled, as Convex's cancel does", async () => {
  const id = await client.mutation(schedule, { delayMs: 300, text: "canceled" });
  expect((await client.query(job, { id }))?.completedTime).toBeUndefined();
  const before = Date.now();
  await client.mutation(cancel, { id });
  const canceled = await client.query(job, { id });
  expect(canceled?.completedTime).toBeGreaterThanOrEqual(before);
  expect(canceled?.completedTime).toBeLessThanOrEqual(Date.now());
  await waitForState(await client.mutation(schedule, { delayMs: 400, text: "not canceled" }), "success");
  expect((await client.query(job, { id }))?.state.kind).toBe("canceled");
  expect(await client.query(notes, {})).not.toContain("canceled");
});

it("leaves a finished job alone when it is cancelled afterwards, as Convex does", async () => {
  const succeeded = await client.mutation(schedule, { delayMs: 0, text: "done before cancel" });
  await waitForState(succeeded, "success");
  await client.mutation(cancel, { id: succeeded });
  expect((await client.query(job, { id: succeeded }))?.state.kind).toBe("success");
  const failing = await client.mutation(schedule, { delayMs: 0, failing: true, text: "failed before cancel" });
  await waitForState(failing, "failed");
  await client.mutation(cancel, { id: failing });
  expect((await client.query(job, { id: failing }))?.state.kind).toBe("failed");
});

it("records a failing job as failed, undoes its writes, and runs the others", async () => {
  const failing = await client.mutation(schedule, { delayMs: 0, failing: true, text: "broken" });
  const fine = await client.mutation(schedule, { delayMs: 50, text: "fine" });
  const failed = await waitForState(failing, "failed");
  expect(failed?.state.error).toMatch(/job broken failed on purpose/);
  await waitForState(fine, "success");
  expect(await client.query(notes, {})).not.toContain("broken");
});

it("fires the jobs of crons.ts", async () => {
  await waitForQuery(client, notes, {}, (texts) => texts.includes("tick"));
});

/** Starts test-convex/ in a child process on `dataDir`, resolving once it serves. */
function startChild(dataDir: string) {
  // Its functions read no variables (and the fixture prints no admin key to set them with).
  return startLocalBackendProcess({ script: path.join(import.meta.dirname, "fixture-backend.ts"), args: [dataDir], variables: {} });
}

it("runs a job that came due while the backend was down (kill -9) once, right after start", async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "apoie-scheduler-"));
  try {
    const first = await startChild(dataDir);
    const firstClient = new ConvexHttpClient(first.url);
    const id = await firstClient.mutation(schedule, { delayMs: 1_000, text: "survivor" });
    const due = (await firstClient.query(job, { id }))!.scheduledTime;
    await first.kill();
    // Down until the job is due on the clock the backend reads (the ceiling is for a stuck clock).
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(due), { timeout: 10_000, interval: 20 });

    const second = await startChild(dataDir);
    try {
      const secondClient = newClient(second.url);
      try {
        await waitForQuery(secondClient, job, { id }, (document) => document?.state.kind === "success");
        await waitForQuery(secondClient, notes, {}, (texts) => texts.includes("survivor"));
        await waitForQuery(
          secondClient,
          job,
          { id: await secondClient.mutation(schedule, { delayMs: 100, text: "next" }) },
          (document) => document?.state.kind === "success",
        );
        expect((await secondClient.query(notes, {})).filter((text) => text === "survivor")).toHaveLength(1);
      } finally {
        await secondClient.close();
      }
    } finally {
      await second.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
