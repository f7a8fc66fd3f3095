/**
 * Mutations run side by side under optimistic concurrency control, as on Convex: a commit
 * whose reads another commit changed meanwhile is refused and the mutation runs again; one
 * that conflicts on every retry fails with Convex's message and changes nothing.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { FunctionRunner } from "../functions/function-runner.ts";
import { MAX_CONFLICT_RETRIES, type WriteConflict } from "./write-conflicts.ts";
import { PAUSE_SYSCALL } from "./test-convex/occ.ts";
import { answerAsyncSyscall } from "../functions/runtime/convex-syscalls.ts";
import { internalsOf, testOf } from "./convex-test-adapter.ts";
import { makeFunctionReference } from "convex/server";

const convexDir = path.join(import.meta.dirname, "test-convex");
type Pause = (point: string) => Promise<void>;
const hooks: { occTestPause?: Pause } = {};

/**
 * The functions' `pause` (test-convex/occ.ts) is a syscall from their worker to the backend,
 * which hands every syscall to the `Convex` global: this one is answered by running the test's
 * hook (in this process), the others are passed on.
 */
function answerPauses(): void {
  answerAsyncSyscall(PAUSE_SYSCALL, async (args) => {
    await hooks.occTestPause?.((JSON.parse(args) as { point: string }).point);
    return "null";
  });
}

let engine: FunctionRunner;
const conflicts: { conflict: WriteConflict; retried: boolean }[] = [];

beforeAll(async () => {
  engine = await FunctionRunner.start(convexDir);
  answerPauses();
  engine.database.onConflict((conflict, retried) => conflicts.push({ conflict, retried }));
});
afterAll(() => engine.dispose());
afterEach(() => {
  delete hooks.occTestPause;
  conflicts.length = 0;
});

const mutation = async (name: string, args: Record<string, unknown> = {}) =>
  (await engine.call("mutation", `occ:${name}`, args as never, null)).value;
const query = async (name: string, args: Record<string, unknown>) => (await engine.call("query", `occ:${name}`, args as never, null)).value;
const newCounter = async () => (await mutation("createCounter")) as string;

/** Runs in the test's own async context: another request, not a call nested in the paused function. */
const outside = AsyncLocalStorage.snapshot();

/** Runs `meanwhile` at the first `times` pauses at `point`, while the paused transaction waits. */
function atPause(point: string, meanwhile: () => Promise<unknown>, times = 1): void {
  let left = times;
  hooks.occTestPause = async (at) => {
    if (at !== point || left === 0) return;
    left -= 1;
    await outside(meanwhile);
  };
}

/**
 * Five at once: each conflicts at most once with each of the other four (its next run reads
 * what that one committed), within Convex's 4 retries, however fast the machine runs them. All
 * five read the counter before any writes it, so conflicts are certain.
 */
it("ends 5 concurrent increments of one counter at exactly 5, retrying the conflicts", async () => {
  const id = await newCounter();
  const together = MAX_CONFLICT_RETRIES + 1;
  let arrived = 0;
  let allRead = () => {};
  const barrier = new Promise<void>((resolve) => (allRead = resolve));
  hooks.occTestPause = async () => {
    if (arrived >= together) return;
    arrived += 1;
    if (arrived === together) allRead();
    await barrier;
  };
  const results = await Promise.all(Array.from({ length: together }, () => mutation("increment", { id })));
  expect(await query("counter", { id })).toBe(together);
  // Each saw a different value: no increment was lost or applied twice.
  expect(new Set(results).size).toBe(together);
  expect(conflicts.length).toBeGreaterThan(0);
  expect(conflicts.every(({ retried }) => retried)).toBe(true);
  expect(conflicts[0]!.conflict.detail).toMatchObject({ table: "counters", id, writer: "occ:increment" });
});

it("fails a mutation that conflicts on every retry with Convex's message, and changes nothing", async () => {
  const id = await newCounter();
  // Every attempt: another request bumps the counter between its read and its write.
  atPause("increment", () => mutation("bump", { id }), Infinity);
  const failure = mutation("logAndIncrement", { id });
  await expect(failure).rejects.toThrow(
    `Documents read from or written to the "counters" table changed while this mutation was being run and on every subsequent retry. ` +
      `A call to "occ:bump" changed the document with ID "${id}". See https://docs.convex.dev/error#1`,
  );
  delete hooks.occTestPause;
  expect(conflicts.length).toBe(1 + MAX_CONFLICT_RETRIES);
  expect(conflicts.at(-1)!.retried).toBe(false);
  // Only the bumps stand; the failed mutation's own insert is gone.
  expect(await query("counter", { id })).toBe(1 + MAX_CONFLICT_RETRIES);
  expect(await query("countItems", { group: "log" })).toBe(0);
});

it("counts only a mutation's own JavaScript against its 1 s: 1.5 s waiting for the backend is not", async () => {
  const id = await newCounter();
  // The pause is a syscall the backend answers 1.5 s later, as a slow read would be.
  hooks.occTestPause = () => outside(() => sleep(1500));
  expect(await mutation("increment", { id })).toBe(1);
});

it("never conflicts between mutations on different documents", async () => {
  const first = await newCounter();
  const second = await newCounter();
  atPause("increment", () => mutation("increment", { id: second }));
  await mutation("increment", { id: first });
  expect(conflicts).toEqual([]);
  expect([await query("counter", { id: first }), await query("counter", { id: second })]).toEqual([1, 1]);
});

it("conflicts a read of an index range with an insert into that range, not with one outside it", async () => {
  const into = await newCounter();
  await mutation("addItem", { group: "a" });
  atPause("countGroup", () => mutation("addItem", { group: "b" }));
  await mutation("countGroup", { group: "a", into });
  expect(conflicts).toEqual([]);
  expect(await query("counter", { id: into })).toBe(1);

  atPause("countGroup", () => mutation("addItem", { group: "a" }));
  await mutation("countGroup", { group: "a", into });
  expect(conflicts.map(({ conflict }) => conflict.detail)).toMatchObject([{ table: "items", writer: "occ:addItem" }]);
  expect(conflicts[0]!.conflict.detail.read).toContain("by_group");
  // The retry counted the item inserted meanwhile.
  expect(await query("counter", { id: into })).toBe(2);
});

it("applies a resent mutation once, among concurrent ones", async () => {
  const id = await newCounter();
  const durable = async () => {};
  const send = () => engine.mutate("occ:increment", { id }, null, "session|1", durable);
  const others = Array.from({ length: 10 }, () => mutation("increment", { id }));
  const [first, resent] = await Promise.all([send(), send(), ...others]);
  expect(resent!.value).toBe(first!.value);
  expect((await send()).value).toBe(first!.value);
  expect(await query("counter", { id })).toBe(11);
});

it("reads a query stream row by row, unmoved by commits elsewhere in its index, and conflicts with one inside its range", async () => {
  const inserted: unknown[] = [];
  for (let i = 0; i < 5; i++) inserted.push(await mutation("addItem", { group: "stream" }));
  // Before and after the range in the index: every row read, the index's array shifts under the stream.
  atPause("streamGroup", () => Promise.all([mutation("addItem", { group: "before" }), mutation("addItem", { group: "tail" })]), Infinity);
  expect(await mutation("streamGroup", { group: "stream" })).toEqual(inserted);
  expect(conflicts).toEqual([]);

  atPause("streamGroup", async () => inserted.push(await mutation("addItem", { group: "stream" })));
  expect(await mutation("streamGroup", { group: "stream" })).toEqual(inserted);
  expect(conflicts.map(({ conflict }) => conflict.detail)).toMatchObject([{ table: "items", writer: "occ:addItem" }]);
  expect(conflicts[0]!.retried).toBe(true);
});

/**
 * As the scheduler runs a mutation job: a transaction reads the job's own row, then its
 * function waits for a worker while others commit (`meanwhile`), then counts group "a".
 */
async function runLikeAJob(firstRead: string, into: string, meanwhile: () => Promise<unknown>): Promise<void> {
  const countGroup = makeFunctionReference<"mutation">("occ:countGroup");
  let ran = false;
  await engine.withInstance((instance) =>
    engine.database.transaction("job", () =>
      testOf(instance).runInComponent("", async (ctx) => {
        internalsOf(instance).components[""]!.db.get("counters", firstRead);
        if (!ran) await outside(meanwhile);
        ran = true;
        await (ctx as { runMutation: (ref: unknown, args: unknown) => Promise<unknown> }).runMutation(countGroup, { group: "a", into });
      }),
    ),
  );
}

it("gives a scheduled job the snapshot of the moment its function starts: rows committed while it waited for a worker do not conflict", async () => {
  const jobRow = await newCounter();
  const into = await newCounter();
  const count = (await query("countItems", { group: "a" })) as number;
  await runLikeAJob(jobRow, into, () => mutation("addItem", { group: "a" }));
  expect(conflicts).toEqual([]);
  // It counted the row committed while it waited.
  expect(await query("counter", { id: into })).toBe(count + 1);
});

it("keeps a scheduled job's first snapshot when what it read before waiting changed: that conflict stands", async () => {
  const jobRow = await newCounter();
  const into = await newCounter();
  await runLikeAJob(jobRow, into, () => mutation("bump", { id: jobRow }));
  expect(conflicts.map(({ conflict }) => conflict.detail)).toMatchObject([{ table: "counters", writer: "occ:bump" }]);
  expect(conflicts[0]!.retried).toBe(true);
});
