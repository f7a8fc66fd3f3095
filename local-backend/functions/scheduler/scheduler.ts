/**
 * Durable scheduled functions. convex-test keeps each job in `_scheduled_functions` (saved
 * with the data) but runs it from a setTimeout that closes over one engine instance: lost on
 * restart, and run against a stale instance after a reload. So that setTimeout is withheld
 * and jobs run from here, found in the documents: at start (overdue ones right away) and as
 * they are scheduled.
 *
 * A job is armed once the transaction that scheduled it has committed: mutations run side by
 * side, so a job armed earlier could run before its own row is there to read, and be lost.
 *
 * A mutation job runs in the same transaction that marks it succeeded or failed, so a crash
 * can never run it twice. An action job is marked in progress first (at most once, as on
 * Convex); one still in progress at start was cut off by a crash and is marked failed.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { makeFunctionReference, type GenericMutationCtx, type GenericDataModel } from "convex/server";
import { jsonToConvex, type JSONValue, type Value } from "convex/values";
import { recordExecution } from "../logs/execution-log.ts";
import { checkAppCall, type FunctionRunner } from "../function-runner.ts";
import { argumentsTooLarge } from "../argument-validation.ts";
import { WriteConflict, WriteConflictFailure } from "../../database/write-conflicts.ts";
import type { EngineInstance } from "../engine-instance.ts";
import type { WrittenDocument } from "../../database/read-set.ts";
import {
  interceptAsyncSyscall,
  internalsOf,
  testOf,
  withTimersWithheld,
  type ConvexGlobal,
  type DatabaseFake,
  type Document,
  type ConvexTestInstance,
} from "../../database/convex-test-adapter.ts";

const JOBS = "_scheduled_functions";
const FINISHED = new Set(["success", "failed", "canceled"]);
/** Node's longest setTimeout; a later job's timer re-arms itself when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;
// Taken at load: inside a function convex-test makes the globals throw, and jobs are armed there.
const { setTimeout, clearTimeout } = globalThis;

type JobKey = { componentPath: string; jobId: string };
type Outcome = "skip" | "done" | "runAction";
/** A mutation job as it runs: `conflicted` says whether its transaction met a write conflict. */
type JobRun = JobKey & { instance: EngineInstance; name: string; args: Record<string, Value>; conflicted: () => boolean };
/** After a job's last retry conflicted, it is tried again this much later. */
const CONFLICT_REARM_MS = 100;

function keyOf({ componentPath, jobId }: JobKey): string {
  return `${componentPath}\u0000${jobId}`;
}

function stateOf(job: Document): string {
  return (job.state as { kind: string }).kind;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function isAction(internals: ConvexGlobal, componentPath: string, udfPath: string): Promise<boolean> {
  const [modulePath, exportName = "default"] = udfPath.split(":");
  const module = await internals.components[componentPath]!.modules(modulePath!);
  return (module[exportName] as { isAction?: boolean } | undefined)?.isAction === true;
}

/** Whether the job `jobId` (of any component) has succeeded, failed or been cancelled, as the running transaction sees it. */
function isFinished(internals: ConvexGlobal, jobId: string): boolean {
  for (const { db } of Object.values(internals.components)) {
    const job = db.get(JOBS, jobId);
    if (job !== null) return FINISHED.has(stateOf(job));
  }
  return false;
}

export class DurableScheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private stopped = false;
  /** Timers armed before `start` (jobs scheduled while seeding) wait for the engine. */
  private readonly engineReady: Promise<FunctionRunner>;
  private resolveEngine!: (engine: FunctionRunner) => void;
  /**
   * Runs its argument in the context this scheduler was made in. Jobs are armed from inside
   * the scheduling function, whose async context (convex-test's transaction and nesting
   * state) a timer would otherwise carry into the job and everything its commit triggers.
   */
  private readonly outside = AsyncLocalStorage.bind((work: () => void) => work());

  constructor() {
    this.engineReady = new Promise((resolve) => (this.resolveEngine = resolve));
  }

  /** Runs jobs from now on: arms every pending job and closes actions cut off by a crash. */
  async start(engine: FunctionRunner): Promise<void> {
    this.resolveEngine(engine);
    engine.database.onCommit((_ts, written) => this.armCommitted(written ?? []));
    await this.recover(engine);
  }

  /** Arms the pending jobs a commit wrote (a job scheduled, or one whose time changed). */
  private armCommitted(written: WrittenDocument[]): void {
    for (const { component, table, id, after } of written) {
      if (table === JOBS && after !== null && stateOf(after) === "pending") {
        this.arm({ componentPath: component, jobId: id }, after.scheduledTime as number);
      }
    }
  }

  /**
   * Part of each instance's setup, after its components are registered: withholds
   * convex-test's own timer for every job scheduled (the commit arms it here, see `start`).
   */
  install(instance: ConvexTestInstance): void {
    const internals = internalsOf(instance);
    interceptAsyncSyscall(internals, ["1.0/cancel_job"], async (_op, jsonArgs, next) => {
      const { id } = JSON.parse(jsonArgs) as { id: string };
      // As on Convex, cancelling a job that already finished (or was cancelled) leaves it alone.
      if (isFinished(internals, id)) return JSON.stringify({});
      const result = await next();
      // Convex's cancel finishes the job: it gets its completedTime, as a success or failure does.
      for (const { db } of Object.values(internals.components)) {
        if (db.get(JOBS, id) !== null) db.patch(JOBS, id, { completedTime: Date.now() });
      }
      return result;
    });
    interceptAsyncSyscall(internals, ["1.0/schedule"], (_op, jsonArgs, next) => {
      // A job's arguments are a call's: past Convex's 16 MiB, scheduling it fails.
      const tooLarge = scheduledArgumentsTooLarge(jsonArgs);
      if (tooLarge !== null) return Promise.reject(new Error(tooLarge));
      return withTimersWithheld(next);
    });
  }

  private async recover(engine: FunctionRunner): Promise<void> {
    const cutOff = await engine.withInstance(async () => {
      const found: JobKey[] = [];
      for (const { componentPath, document: job } of engine.database.tableDocuments(JOBS)) {
        if (stateOf(job) === "pending") this.arm({ componentPath, jobId: job._id }, job.scheduledTime as number);
        if (stateOf(job) === "inProgress") found.push({ componentPath, jobId: job._id });
      }
      return found;
    });
    for (const job of cutOff) {
      await this.finishAction(job, { kind: "failed", error: "The backend stopped while this action was running" });
    }
  }

  /** Stops arming and waits for jobs already running. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }

  private arm(job: JobKey, at: number): void {
    if (this.stopped) return;
    const key = keyOf(job);
    clearTimeout(this.timers.get(key));
    const delay = Math.min(Math.max(0, at - Date.now()), MAX_TIMER_MS);
    this.outside(() => {
      this.timers.set(
        key,
        setTimeout(() => {
          this.timers.delete(key);
          if (Date.now() < at) return this.arm(job, at);
          const run = this.run(job).catch((error: unknown) => {
            // Conflicted on every retry: still pending, it runs again, as Convex retries a job's conflicts.
            if (error instanceof WriteConflictFailure) return this.arm(job, Date.now() + CONFLICT_REARM_MS);
            console.error(`local backend: scheduled job ${job.jobId} could not run:`, error);
          });
          this.running.add(run);
          void run.finally(() => this.running.delete(run));
        }, delay),
      );
    });
  }

  private async run(job: JobKey): Promise<void> {
    const { componentPath, jobId } = job;
    const engine = await this.engineReady;
    const { outcome, name, args } = await engine.withInstance(async (instance) => {
      const internals = internalsOf(instance);
      const component = internals.components[componentPath];
      if (component === undefined) return { outcome: "skip" as Outcome, name: "", args: {} };
      let name = "";
      let args: Record<string, Value> = {};
      // A transaction: it waits for the one that scheduled the job, and sees it committed (or not).
      // Observed (read and write sets, for the conflict profiler) under the job's name.
      const outcome = await engine.database.transaction("scheduled job", (label) =>
        testOf(instance).runInComponent(componentPath, async (ctx): Promise<Outcome> => {
          const document = component.db.get(JOBS, jobId);
          if (document === null || stateOf(document) !== "pending") return "skip";
          name = document.name as string;
          label.name = name;
          args = (document.args as Record<string, Value>[])[0] ?? {};
          if (await isAction(internals, componentPath, name)) {
            component.db.patch(JOBS, jobId, { state: { kind: "inProgress" } });
            return "runAction";
          }
          await this.runMutationJob(ctx as GenericMutationCtx<GenericDataModel>, component.db, {
            instance,
            componentPath,
            jobId,
            name,
            args,
            conflicted: () => engine.database.attemptConflicted(),
          });
          return "done";
        }),
      );
      return { outcome, name, args };
    });
    if (outcome !== "runAction") return;
    try {
      await engine.withInstance((instance) =>
        recordExecution(name, "Action", componentPath, () => {
          checkJobArguments(instance, componentPath, name, args);
          return testOf(instance).fun({ componentPath, udfPath: name }, args);
        }),
      );
      await this.finishAction(job, { kind: "success" });
    } catch (error) {
      console.error(`local backend: scheduled function ${name} failed:`, error);
      await this.finishAction(job, { kind: "failed", error: messageOf(error) });
    }
  }

  /** Runs a mutation job nested in the caller's transaction; a failure undoes only its writes. */
  private async runMutationJob(
    ctx: GenericMutationCtx<GenericDataModel>,
    db: DatabaseFake,
    { instance, componentPath, jobId, name, args, conflicted }: JobRun,
  ): Promise<void> {
    try {
      await recordExecution(name, "Mutation", componentPath, () => {
        checkJobArguments(instance, componentPath, name, args);
        return ctx.runMutation(makeFunctionReference<"mutation">(name), args);
      });
      db.patch(JOBS, jobId, { state: { kind: "success" }, completedTime: Date.now() });
    } catch (error) {
      // A write conflict is not the job's failure: the whole transaction runs again.
      if (error instanceof WriteConflict || conflicted()) throw error;
      console.error(`local backend: scheduled function ${name} failed:`, error);
      db.patch(JOBS, jobId, { state: { kind: "failed", error: messageOf(error) }, completedTime: Date.now() });
    }
  }

  private async finishAction({ componentPath, jobId }: JobKey, state: Record<string, Value>): Promise<void> {
    const engine = await this.engineReady;
    await engine.withInstance(async (instance) => {
      const component = internalsOf(instance).components[componentPath];
      if (component === undefined) return;
      await testOf(instance).runInComponent(componentPath, async () => {
        const document = component.db.get(JOBS, jobId);
        // Canceled while it ran: the cancellation stands.
        if (document === null || stateOf(document) !== "inProgress") return;
        component.db.patch(JOBS, jobId, { state, completedTime: Date.now() });
      });
    });
  }
}

/** The size refusal for a `1.0/schedule` syscall's arguments, or null. */
function scheduledArgumentsTooLarge(jsonArgs: string): string | null {
  const { name, functionHandle, args } = JSON.parse(jsonArgs) as { name?: string; functionHandle?: string; args: JSONValue };
  return argumentsTooLarge(name ?? functionHandle?.split(";")[1] ?? "function", jsonToConvex(args));
}

/** An app's job is checked against its function's validator in Convex's words, as a client's call is. */
function checkJobArguments(instance: EngineInstance, componentPath: string, name: string, args: Record<string, Value>): void {
  if (componentPath === "") checkAppCall(instance.modules, null, name, args);
}
