import { describe, expect, it } from "vitest";
import { parseRange } from "../../database/indexes/index-range.ts";
import { ReadSet, type WrittenDocument } from "../../database/read-set.ts";
import { WriteConflict } from "../../database/write-conflicts.ts";
import { ConflictProfiler, type ProfiledTransaction } from "./conflict-profiler.ts";

function doc(table: string, id: string, fields: Record<string, string> = {}): WrittenDocument {
  const document = { _id: id, _creationTime: 1, ...fields };
  return { component: "", table, id, before: document, after: document };
}

function reading(...ids: string[]): ReadSet {
  const reads = new ReadSet();
  for (const id of ids) reads.addDocument("", id);
  return reads;
}

function tx(functionName: string, committedAt: number, reads: ReadSet | null, writes: WrittenDocument[]): ProfiledTransaction {
  return { functionName, committedAt, reads, writes };
}

describe("conflict profiler", () => {
  it("reports the conflicts that really happened, by document, with the functions, the read and the failures", () => {
    let time = 0;
    const profiler = new ConflictProfiler({ now: () => time });
    time = 1_000;
    const conflict = new WriteConflict("supports:support", {
      table: "users",
      id: "u1",
      writer: "wallet:topUp",
      read: "document :users:u1",
    });
    profiler.observeConflict(conflict, true);
    profiler.observeConflict(conflict, false);
    expect(profiler.report().real).toEqual({
      conflicts: 2,
      failed: 1,
      hotDocuments: [
        { document: "users:u1", conflictsPerSecond: 2, functions: ["supports:support", "wallet:topUp"], reads: ["document :users:u1"] },
      ],
    });
  });

  it("reports two transactions within the window that read and write one document, in either order", () => {
    const profiler = new ConflictProfiler({ windowMs: 50, now: () => 100 });
    profiler.observe(tx("supports:support", 0, reading("e1", "u1"), [doc("events", "e1"), doc("users", "u1")]));
    const found = profiler.observe(tx("supports:support", 30, reading("e1", "u2"), [doc("events", "e1"), doc("users", "u2")]));
    expect(found).toEqual([
      { at: 30, writer: "supports:support", reader: "supports:support", document: "events:e1", read: "document :events:e1" },
    ]);
    // A reader committed first still conflicts with a later writer (they overlapped).
    const later = profiler.observe(tx("chat:send", 60, null, [doc("events", "e1")]));
    expect(later.map((conflict) => [conflict.writer, conflict.reader])).toEqual([["chat:send", "supports:support"]]);
  });

  it("does not report commits further apart than the window, nor disjoint ones", () => {
    const profiler = new ConflictProfiler({ windowMs: 50 });
    profiler.observe(tx("a", 0, reading("e1"), [doc("events", "e1")]));
    expect(profiler.observe(tx("b", 51, reading("e1"), [doc("events", "e1")]))).toEqual([]);
    expect(profiler.observe(tx("c", 60, reading("e2"), [doc("events", "e2")]))).toEqual([]);
    expect(profiler.totalConflicts).toBe(0);
    expect(profiler.totalTransactions).toBe(3);
  });

  it("counts a write inside an index range that another transaction read", () => {
    const ranged = new ReadSet();
    ranged.addRange(
      "",
      "supporters",
      'by_event:[{"eq":"e1"}]',
      parseRange(["eventId", "_creationTime", "_id"], [{ type: "Eq", fieldPath: "eventId", value: "e1" }])!,
    );
    const profiler = new ConflictProfiler({ windowMs: 50 });
    profiler.observe(tx("worker", 0, ranged, []));
    expect(profiler.observe(tx("other event", 10, null, [doc("supporters", "s2", { eventId: "e2" })]))).toEqual([]);
    const [conflict] = profiler.observe(tx("support", 20, null, [doc("supporters", "s1", { eventId: "e1" })]));
    expect(conflict).toMatchObject({ writer: "support", reader: "worker", document: "supporters:s1" });
    expect(conflict!.read).toContain("index range :supporters.by_event");
  });

  it("counts a write to a table another transaction scanned, and tells a component's documents from the app's", () => {
    const scanned = new ReadSet();
    scanned.addTable("", "events");
    const inComponent = new ReadSet();
    inComponent.addDocument("rateLimiter", "r1");
    const profiler = new ConflictProfiler({ windowMs: 50 });
    profiler.observe(tx("list", 0, scanned, []));
    profiler.observe(tx("limit", 0, inComponent, []));
    expect(profiler.observe(tx("app's r1", 10, null, [doc("rateLimits", "r1")]))).toEqual([]);
    const [toTable] = profiler.observe(tx("create", 20, null, [doc("events", "e7")]));
    expect(toTable).toMatchObject({ writer: "create", reader: "list", document: "events:e7", read: "table :events" });
    const [toComponent] = profiler.observe(tx("component's r1", 30, null, [{ ...doc("rateLimits", "r1"), component: "rateLimiter" }]));
    expect(toComponent).toMatchObject({ reader: "limit", document: "rateLimiter/rateLimits:r1" });
  });

  it("ranks hot documents by conflicts per second with the functions involved", () => {
    let now = 0;
    const profiler = new ConflictProfiler({ windowMs: 50, keepMs: 10_000, now: () => now });
    for (let i = 0; i < 10; i++)
      profiler.observe(tx(i % 2 ? "supports:support" : "presence:heartbeat", i * 10, reading("e1"), i % 2 ? [doc("events", "e1")] : []));
    profiler.observe(tx("x", 200, reading("e9"), [doc("events", "e9")]));
    profiler.observe(tx("y", 210, reading("e9"), [doc("events", "e9")]));
    now = 1_000;
    const report = profiler.report();
    expect(report.hotDocuments.map((hot) => hot.document)).toEqual(["events:e1", "events:e9"]);
    expect(report.hotDocuments[0]!.functions).toEqual(["presence:heartbeat", "supports:support"]);
    expect(report.hotDocuments[0]!.conflictsPerSecond).toBeGreaterThan(report.hotDocuments[1]!.conflictsPerSecond);
    expect(report.hotDocuments[1]!.conflictsPerSecond).toBe(1);
  });

  it("warns once per document written more than the threshold in one second", () => {
    const warnings: string[] = [];
    const profiler = new ConflictProfiler({ hotWritesPerSecond: 3, warn: (message) => warnings.push(message) });
    for (let i = 0; i < 3; i++) profiler.observe(tx("supports:support", i * 400, null, [doc("events", "e1")]));
    expect(warnings).toEqual([]); // 3 writes, but never more than 3 within one second
    for (let i = 0; i < 10; i++) profiler.observe(tx("supports:support", 2_000 + i, null, [doc("events", "e1")]));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("events:e1 was written by 4 transactions in one second");
  });
});
