/**
 * `"use node"` actions run in a Node.js process of their own that sees the deployment's
 * variables and nothing of the developer's (HOME is its own empty folder); a crash or running
 * out of memory fails that call, never the backend; their arguments stop at Convex's 5 MiB.
 * A mutation's return value past the limit is refused before its commit; calls between
 * functions and scheduled jobs get a client's checks (size, validator in Convex's words).
 */
import os from "node:os";
import path from "node:path";
import { ConvexHttpClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import { afterAll, afterEach, beforeAll, expect, it, vi } from "vitest";
import { configureLimits } from "../../database/limits/knobs.ts";
import type { LocalBackend } from "../../server.ts";
import { failureMessage, startTestBackend } from "../../test-support.ts";

const NODE_MEMORY_MB = 128;
type Environment = { home: string; cwd: string; env: string[]; pid: number };
const environment = makeFunctionReference<"action", Record<string, never>, Environment>("nodeRuntime:environment");
const callMutation = makeFunctionReference<"action", { text: string }, { action: string; mutation: { nodeVersion: string | null } }>(
  "nodeRuntime:callMutation",
);
const nodeLength = makeFunctionReference<"action", { text: string }, number>("nodeRuntime:length");
const exit = makeFunctionReference<"action", Record<string, never>, null>("nodeRuntime:exit");
const exhaustMemory = makeFunctionReference<"action", Record<string, never>, null>("nodeRuntime:exhaustMemory");
const writeThenReturn = makeFunctionReference<"mutation", { size: number }, string>("runtime:writeThenReturn");
const count = makeFunctionReference<"query", Record<string, never>, number>("runtime:count");
const callWithArgs = makeFunctionReference<"action", { text: unknown; times?: number }, unknown>("runtime:callWithArgs");
const scheduleWithArgs = makeFunctionReference<"action", { text: unknown; times?: number }, string>("runtime:scheduleWithArgs");
type Job = { state: { kind: string; error?: string } } | null;
const job = makeFunctionReference<"query", { id: string }, Job>("runtime:job");

let backend: LocalBackend;
let restoreLimits = () => {};
const client = () => new ConvexHttpClient(backend.url);

beforeAll(async () => {
  // A variable in this shell, which the functions must not see; one of the deployment's, which they must.
  process.env.APOIE_SHELL_ONLY = "segredo do shell";
  backend = await startTestBackend({
    convexDir: path.join(import.meta.dirname, "test-convex"),
    runtime: { nodeMemoryMb: NODE_MEMORY_MB },
    environment: { DEPLOYMENT_ONLY: "da implantação" },
  });
}, 60_000);

afterAll(async () => {
  delete process.env.APOIE_SHELL_ONLY;
  await backend.close();
});

afterEach(() => restoreLimits());

it("runs a Node action in a process of its own that sees the deployment's variables and none of the developer's", async () => {
  const seen = await client().action(environment, {});
  expect(seen.pid).not.toBe(process.pid);
  expect(seen.env).toContain("DEPLOYMENT_ONLY");
  expect(seen.env).not.toContain("APOIE_SHELL_ONLY");
  expect(seen.env).not.toContain("PATH");
  // Its home is an empty folder of its own, not the developer's.
  expect(seen.home).not.toBe(os.homedir());
  expect(seen.cwd).toBe(seen.home);
  expect(seen.env.filter((name) => !Object.hasOwn(backendVariables(), name))).toEqual(["HOME"]);
}, 60_000);

/** The names every function of this backend sees: the deployment's variables and Convex's built-in URLs. */
function backendVariables(): Record<string, true> {
  const names = ["DEPLOYMENT_ONLY", "AUTH_LOCAL_LOGIN", "SITE_URL", "JWT_PRIVATE_KEY", "JWKS", "AUTH_LOG_LEVEL"];
  return Object.fromEntries([...names, "CONVEX_SITE_URL", "CONVEX_CLOUD_URL"].map((name) => [name, true]));
}

it("runs Node's own modules in the action, and the mutation it calls back in Convex's runtime", async () => {
  const result = await client().action(callMutation, { text: "de volta" });
  expect(result.action).toBe(process.versions.node);
  expect(result.mutation.nodeVersion).toBeNull();
}, 60_000);

it("fails a Node action whose process exits, and the next call gets a new process", async () => {
  const before = await client().action(environment, {});
  expect(await failureMessage(client().action(exit, {}))).toContain("the function's worker stopped");
  const after = await client().action(environment, {});
  expect(after.pid).not.toBe(before.pid);
  expect(await client().query(count, {})).toBeGreaterThanOrEqual(0);
}, 60_000);

it("fails a Node action that runs out of memory with the limit in its message, and keeps serving", async () => {
  expect(await failureMessage(client().action(exhaustMemory, {}))).toContain(
    `JavaScript execution ran out of memory (maximum memory usage: ${NODE_MEMORY_MB} MB)`,
  );
  expect((await client().action(environment, {})).env).toContain("DEPLOYMENT_ONLY");
}, 120_000);

it("refuses a Node action's arguments past its own limit (5 MiB on Convex), before it runs", async () => {
  restoreLimits = configureLimits({ nodeArgumentsBytes: 1_000 });
  expect(await client().action(nodeLength, { text: "x".repeat(900) })).toBe(900);
  expect(await failureMessage(client().action(nodeLength, { text: "x".repeat(1_000) }))).toMatch(
    /Arguments for nodeRuntime\.js:length are too large \(actual: \d+ B, limit: 1000 B\)/,
  );
}, 60_000);

it("refuses a mutation's return value past the limit before its commit: its write is undone", async () => {
  restoreLimits = configureLimits({ returnValueBytes: 1_000 });
  const before = await client().query(count, {});
  expect(await client().mutation(writeThenReturn, { size: 10 })).toBe("x".repeat(10));
  expect(await failureMessage(client().mutation(writeThenReturn, { size: 2_000 }))).toMatch(
    /Function runtime\.js:writeThenReturn return value is too large \(actual: .*, limit: 1000 B\)/,
  );
  expect(await client().query(count, {})).toBe(before + 1);
}, 60_000);

it("checks an action's call to a mutation as a client's: its size, and its validator in Convex's words", async () => {
  restoreLimits = configureLimits({ argumentsBytes: 1_000 });
  expect(await client().action(callWithArgs, { text: "curto" })).toMatchObject({ text: "curto" });
  expect(await failureMessage(client().action(callWithArgs, { text: 5 }))).toContain(
    "ArgumentValidationError: Value does not match validator.\nPath: .text\nValue: 5.0\nValidator: v.string()",
  );
  expect(await failureMessage(client().action(callWithArgs, { text: "x", times: 1_000 }))).toMatch(
    /Arguments for runtime\.js:whereAmI are too large \(actual: \d+ B, limit: 1000 B\)/,
  );
}, 60_000);

it("refuses to schedule a job past the argument limit, and fails a job whose arguments its validator refuses, in Convex's words", async () => {
  restoreLimits = configureLimits({ argumentsBytes: 1_000 });
  expect(await failureMessage(client().action(scheduleWithArgs, { text: "x", times: 1_000 }))).toMatch(
    /Arguments for runtime\.js:whereAmI are too large \(actual: \d+ B, limit: 1000 B\)/,
  );
  const id = await client().action(scheduleWithArgs, { text: 5 });
  const failed = await vi.waitFor(
    async () => {
      const state = (await client().query(job, { id }))?.state;
      if (state?.kind !== "failed") throw new Error(`job still ${state?.kind}`);
      return state;
    },
    { timeout: 20_000, interval: 50 },
  );
  expect(failed.error).toContain("ArgumentValidationError: Value does not match validator.");
}, 60_000);
