/**
 * Runs the jobs of convex/crons.ts (`cronJobs()`) on their schedule. Like Convex, a run missed
 * while the backend was down is not made up: the next one is due at the next scheduled time
 * after start (an interval counts from start; the code served at start counts as deployed).
 * Each reload or push reads the definitions again and, as Convex applies a push's crons: a new
 * interval job (or one whose schedule changed) runs at once, a new cron-expression job at its
 * next time, and a job whose schedule did not change keeps its next run.
 */
import { jsonToConvex, type JSONValue, type Value } from "convex/values";
import { recordExecution } from "../logs/execution-log.ts";
import type { FunctionRunner } from "../function-runner.ts";
import { testOf } from "../../database/convex-test-adapter.ts";
import type { EngineInstance } from "../engine-instance.ts";
import { nextCronTime } from "./cron-schedule.ts";

export type CronSchedule =
  | { type: "interval"; seconds?: number; minutes?: number; hours?: number }
  | { type: "hourly"; minuteUTC?: number }
  | { type: "daily"; hourUTC: number; minuteUTC?: number }
  | { type: "weekly"; dayOfWeek: string; hourUTC: number; minuteUTC?: number }
  | { type: "monthly"; day: number; hourUTC: number; minuteUTC?: number }
  | { type: "cron"; cron: string };

type CronJob = { name: string; args: JSONValue[]; schedule: CronSchedule };

const MAX_TIMER_MS = 2 ** 31 - 1;
// Taken at load: inside a function convex-test makes the globals throw, and jobs are armed there.
const { setTimeout, clearTimeout } = globalThis;
const DAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

/** The schedule as a five-field cron expression (UTC), or null for an interval. */
function asCronExpression(schedule: CronSchedule): string | null {
  switch (schedule.type) {
    case "interval":
      return null;
    case "hourly":
      return `${schedule.minuteUTC ?? 0} * * * *`;
    case "daily":
      return `${schedule.minuteUTC ?? 0} ${schedule.hourUTC} * * *`;
    case "weekly":
      return `${schedule.minuteUTC ?? 0} ${schedule.hourUTC} * * ${DAYS.indexOf(schedule.dayOfWeek.toLowerCase())}`;
    case "monthly":
      return `${schedule.minuteUTC ?? 0} ${schedule.hourUTC} ${schedule.day} * *`;
    case "cron":
      return schedule.cron;
  }
}

function intervalMs(schedule: Extract<CronSchedule, { type: "interval" }>): number {
  return ((schedule.hours ?? 0) * 3600 + (schedule.minutes ?? 0) * 60 + (schedule.seconds ?? 0)) * 1000;
}

function nextRun(schedule: CronSchedule, after: number): number {
  const expression = asCronExpression(schedule);
  return expression === null
    ? after + intervalMs(schedule as Extract<CronSchedule, { type: "interval" }>)
    : nextCronTime(expression, after);
}

export class CronRunner {
  private timers: NodeJS.Timeout[] = [];
  private readonly running = new Set<Promise<void>>();
  private stopped = false;
  private engine: FunctionRunner | null = null;
  private jobs: Record<string, CronJob> = {};
  /** Each job's schedule (as JSON) and when it runs next, by identifier: kept across reloads while its schedule stays. */
  private nextRuns = new Map<string, { schedule: string; at: number }>();

  /** Reads an instance's convex/crons.ts (at start and on each reload); its jobs replace the previous ones. */
  install(instance: EngineInstance): void {
    const crons = instance.modules.byPath.get("crons")?.default as { crons?: Record<string, CronJob> } | undefined;
    this.jobs = crons?.crons ?? {};
    if (this.engine !== null) this.armAll(true);
  }

  /** Runs the jobs from now on. */
  start(engine: FunctionRunner): void {
    this.engine = engine;
    this.armAll(false);
  }

  /** When each job runs next (ms since the epoch), by identifier. */
  nextRunTimes(): Map<string, number> {
    return new Map([...this.nextRuns].map(([identifier, { at }]) => [identifier, at]));
  }

  /** Arms every job; `deployed`: the jobs come from a reload or push, where a new interval job runs at once. */
  private armAll(deployed: boolean): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    const now = Date.now();
    const next = new Map<string, { schedule: string; at: number }>();
    for (const [identifier, job] of Object.entries(this.jobs)) {
      const schedule = JSON.stringify(job.schedule);
      const known = this.nextRuns.get(identifier);
      let at: number;
      if (known !== undefined && known.schedule === schedule) at = known.at;
      else if (deployed && job.schedule.type === "interval") at = now;
      else at = nextRun(job.schedule, now);
      next.set(identifier, { schedule, at });
    }
    this.nextRuns = next;
    for (const [identifier, job] of Object.entries(this.jobs)) this.arm(identifier, job, next.get(identifier)!.at);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    await Promise.allSettled([...this.running]);
  }

  private arm(identifier: string, job: CronJob, at: number): void {
    if (this.stopped) return;
    const timer = setTimeout(
      () => {
        this.timers = this.timers.filter((other) => other !== timer);
        if (Date.now() < at) return this.arm(identifier, job, at);
        const run = this.run(identifier, job);
        this.running.add(run);
        void run.finally(() => this.running.delete(run));
        const following = nextRun(job.schedule, Math.max(at, Date.now() - 1));
        this.nextRuns.set(identifier, { schedule: JSON.stringify(job.schedule), at: following });
        this.arm(identifier, job, following);
      },
      Math.min(Math.max(0, at - Date.now()), MAX_TIMER_MS),
    );
    this.timers.push(timer);
  }

  private async run(identifier: string, job: CronJob): Promise<void> {
    const args = jsonToConvex(job.args[0] ?? {}) as Record<string, Value>;
    try {
      const udfType = (await this.engine!.functionKind(job.name))?.kind === "action" ? "Action" : "Mutation";
      await this.engine!.withInstance((instance) =>
        recordExecution(job.name, udfType, "", () => testOf(instance).fun({ componentPath: "", udfPath: job.name }, args)),
      );
    } catch (error) {
      console.error(`local backend: cron job "${identifier}" (${job.name}) failed:`, error);
    }
  }
}
