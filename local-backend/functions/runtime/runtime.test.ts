/**
 * Convex's runtime rules on the local backend: functions run apart from it, in workers; a
 * query or mutation gets 1 s of its own JavaScript, an action its own limit; a loop, a crash
 * or running out of memory fails that call and nothing else; `Date` is frozen for a query or
 * mutation (and at load for module-level code); `Math.random()` is seeded per call; `process`
 * shows the deployment's variables only.
 */
import path from "node:path";
import { ConvexHttpClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { LocalBackend } from "../../server.ts";
import { failureMessage, startTestBackend } from "../../test-support.ts";
import { seededMath } from "./runtime-rules.ts";

const SEED = [11, 22, 33, 44];
const ACTION_LIMIT_MS = 5000;
const query = <T>(name: string) => makeFunctionReference<"query", Record<string, never>, T>(`runtime:${name}`);
const mutation = <T>(name: string) => makeFunctionReference<"mutation", Record<string, never>, T>(`runtime:${name}`);
const sleep = makeFunctionReference<"action", { ms: number }, string>("runtime:sleep");
const crashLater = makeFunctionReference<"action", Record<string, never>, null>("runtime:crashLater");
const exhaustMemory = makeFunctionReference<"action", Record<string, never>, null>("runtime:exhaustMemory");

let backend: LocalBackend;
const client = () => new ConvexHttpClient(backend.url);

beforeAll(async () => {
  backend = await startTestBackend({
    convexDir: path.join(import.meta.dirname, "test-convex"),
    runtime: { randomSeed: SEED, actionMs: ACTION_LIMIT_MS, memoryMb: 128 },
  });
}, 60_000);

afterAll(async () => {
  await backend.close();
});

it("stops a looping query after 1 s of its JavaScript, answering another client's query meanwhile", async () => {
  const started = Date.now();
  let loopSettled = false;
  const looping = failureMessage(client().query(query("loop"), {})).finally(() => (loopSettled = true));
  // Another client's query is answered while the loop still runs.
  expect(await client().query(query<string>("quick"), {})).toBe("answered");
  expect(loopSettled).toBe(false);
  expect(await looping).toContain("Function execution timed out (maximum duration: 1s)");
  expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  // The backend goes on.
  expect(await client().query(query<string>("quick"), {})).toBe("answered");
}, 60_000);

it("rolls back a mutation stopped by the time limit", async () => {
  const before = await client().query(query<number>("count"), {});
  expect(await failureMessage(client().mutation(mutation("writeThenLoop"), {}))).toContain("Function execution timed out");
  expect(await client().query(query<number>("count"), {})).toBe(before);
}, 60_000);

it("fails a function that runs out of memory with Convex's message, and keeps serving", async () => {
  expect(await failureMessage(client().action(exhaustMemory, {}))).toContain(
    "JavaScript execution ran out of memory (maximum memory usage: 64 MB)",
  );
  expect(await client().query(query<string>("quick"), {})).toBe("answered");
}, 120_000);

it("fails an action that crashes outside its call, and keeps serving", async () => {
  expect(await failureMessage(client().action(crashLater, {}))).toContain("crashed outside the call");
  expect(await client().query(query<string>("quick"), {})).toBe("answered");
}, 60_000);

it("stops an action at its time limit", async () => {
  expect(await client().action(sleep, { ms: 10 })).toBe("woke");
  expect(await failureMessage(client().action(sleep, { ms: 60_000 }))).toContain("Function execution timed out (maximum duration: 5s)");
}, 60_000);

it("freezes Date for a whole mutation, and for module-level code at load", async () => {
  type Clock = { first: number; later: number; constructed: number; loadedAt: number; loadedAtAgain: number };
  const before = Date.now();
  const one = await client().mutation(mutation<Clock>("clock"), {});
  const two = await client().mutation(mutation<Clock>("clock"), {});
  // 30 ms of real time pass inside each call; its clock does not move.
  expect(one.later).toBe(one.first);
  expect(one.constructed).toBe(one.first);
  expect(one.first).toBeGreaterThanOrEqual(before);
  expect(two.first).toBeGreaterThan(one.first);
  // Module-level code waited 20 ms between its two readings.
  expect(one.loadedAtAgain).toBe(one.loadedAt);
  expect(two.loadedAt).toBe(one.loadedAt);
  expect(one.loadedAt).toBeLessThanOrEqual(one.first);
});

it("seeds Math.random() for each call", async () => {
  const expected = seededMath(Math, SEED);
  const sequence = [expected.random(), expected.random(), expected.random()];
  expect(await client().query(query<number[]>("random"), {})).toEqual(sequence);
  expect(await client().query(query<number[]>("random"), {})).toEqual(sequence);
});

it("shows functions Convex's globals: process.env only, no require, no timers in queries", async () => {
  const seen = await client().query(query<{ processKeys: string[]; env: string[]; require: string; timers: string }>("globals"), {});
  expect(seen.processKeys).toEqual(["env"]);
  expect(seen.env).not.toContain("HOME");
  expect(seen.env).not.toContain("PATH");
  expect(seen.require).toBe("undefined");
  expect(seen.timers).toContain("`setTimeout` is not supported in Convex queries or mutations");
});
