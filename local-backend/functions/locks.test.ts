import { expect, it } from "vitest";
import { PhaseLock } from "./locks.ts";

/** A task that runs until `finish` is called, recording when it starts. */
function blocker(log: string[], name: string) {
  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { task: async () => void (log.push(name), await done), finish };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

it("lets a waiting reader in after the running group of writers, before writers that had not started", async () => {
  const lock = new PhaseLock(2);
  const log: string[] = [];
  const writers = ["w1", "w2", "w3", "w4"].map((name) => blocker(log, name));
  const reader = blocker(log, "r1");
  const runs = writers.slice(0, 3).map((writer) => lock.run("write", writer.task));
  await settle();
  // Two writers run; the third waits for the group to end.
  expect(log).toEqual(["w1", "w2"]);
  runs.push(lock.run("read", reader.task));
  runs.push(lock.run("write", writers[3]!.task));
  writers[0]!.finish();
  writers[1]!.finish();
  await settle();
  // The reader came after the third writer, but no further writer gets ahead of it.
  expect(log).toEqual(["w1", "w2", "r1"]);
  reader.finish();
  await settle();
  expect(log).toEqual(["w1", "w2", "r1", "w3", "w4"]);
  writers[2]!.finish();
  writers[3]!.finish();
  await Promise.all(runs);
});

it("never starves writers under a steady stream of readers", async () => {
  const lock = new PhaseLock(2);
  const log: string[] = [];
  const first = blocker(log, "r1");
  const writer = blocker(log, "w1");
  const later = blocker(log, "r2");
  const runs = [lock.run("read", first.task), lock.run("write", writer.task), lock.run("read", later.task)];
  await settle();
  expect(log).toEqual(["r1"]);
  first.finish();
  await settle();
  expect(log).toEqual(["r1", "w1"]);
  writer.finish();
  later.finish();
  await Promise.all(runs);
  expect(log).toEqual(["r1", "w1", "r2"]);
});
