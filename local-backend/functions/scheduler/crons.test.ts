/**
 * The crons of a reload or push, as Convex applies a push's crons (its cron_jobs model): a new
 * interval job runs at once, a job whose schedule did not change keeps its next run, one whose
 * schedule changed starts over on the new one. The code served at start counts as deployed.
 */
import { afterEach, expect, it, vi } from "vitest";
import type { FunctionRunner } from "../function-runner.ts";
import type { EngineInstance } from "../engine-instance.ts";
import { nextCronTime } from "./cron-schedule.ts";
import { CronRunner, type CronSchedule } from "./crons.ts";

const HOUR = 3_600_000;
const ran: string[] = [];
let runner: CronRunner;

/** An instance whose crons.ts defines `jobs`; running a job only notes its name. */
function instanceWith(jobs: Record<string, CronSchedule>): EngineInstance {
  const crons = Object.fromEntries(
    Object.entries(jobs).map(([identifier, schedule]) => [identifier, { name: `jobs:${identifier}`, args: [{}], schedule }]),
  );
  const t = { fun: async ({ udfPath }: { udfPath: string }) => void ran.push(udfPath) };
  return { t, global: {}, modules: { byPath: new Map([["crons", { default: { crons } }]]) } } as unknown as EngineInstance;
}

/** Just enough of the runner for CronRunner: each job is a mutation run on the instance installed last. */
function runnerFor(current: () => EngineInstance): FunctionRunner {
  return {
    functionKind: async () => ({ kind: "mutation", isPublic: false }),
    withInstance: (work: (instance: EngineInstance) => Promise<unknown>) => work(current()),
  } as unknown as FunctionRunner;
}

/** Waits for the job to have run (a ceiling for a stuck timer, not a measure). */
async function untilRan(udfPath: string): Promise<void> {
  await vi.waitFor(() => expect(ran).toContain(udfPath), { timeout: 10_000, interval: 10 });
}

afterEach(async () => {
  await runner.stop();
  ran.length = 0;
});

it("counts the crons served at start as deployed: an interval job runs one interval after start", async () => {
  runner = new CronRunner();
  const instance = instanceWith({ hourly: { type: "interval", hours: 1 } });
  runner.install(instance);
  const before = Date.now();
  runner.start(runnerFor(() => instance));
  expect(runner.nextRunTimes().get("hourly")).toBeGreaterThanOrEqual(before + HOUR);
  expect(ran).toEqual([]);
});

it("runs a new interval job at once, keeps the timing of the jobs a reload did not change, and restarts a changed one", async () => {
  runner = new CronRunner();
  let instance = instanceWith({ kept: { type: "interval", hours: 1 }, daily: { type: "daily", hourUTC: 7 } });
  runner.install(instance);
  runner.start(runnerFor(() => instance));
  const first = runner.nextRunTimes();

  const reloadedAt = Date.now();
  instance = instanceWith({
    kept: { type: "interval", hours: 1 },
    daily: { type: "daily", hourUTC: 7 },
    added: { type: "interval", minutes: 30 },
    addedDaily: { type: "daily", hourUTC: 9 },
  });
  runner.install(instance);
  const installedAt = Date.now();
  await untilRan("jobs:added");
  const second = runner.nextRunTimes();
  expect(second.get("kept")).toBe(first.get("kept"));
  expect(second.get("daily")).toBe(first.get("daily"));
  expect(second.get("added")).toBeGreaterThanOrEqual(reloadedAt + 30 * 60_000);
  expect([nextCronTime("0 9 * * *", reloadedAt), nextCronTime("0 9 * * *", installedAt)]).toContain(second.get("addedDaily"));
  expect(ran).toEqual(["jobs:added"]);

  instance = instanceWith({ kept: { type: "interval", hours: 2 }, daily: { type: "daily", hourUTC: 7 } });
  runner.install(instance);
  await untilRan("jobs:kept");
  expect(runner.nextRunTimes().get("daily")).toBe(first.get("daily"));
  expect([...runner.nextRunTimes().keys()].sort()).toEqual(["daily", "kept"]);
});
