/**
 * Convex's limits on a document, on arguments and on return values, in Convex's words; and
 * the warning past 80% of a limit with each execution's figures in its log entry.
 */
import { describe, expect, it } from "vitest";
import { limitsTestEngine } from "./fixture-limits-engine.ts";
import { functionLog } from "../../functions/logs/execution-log.ts";
import { MiB } from "./knobs.ts";

const { call, failure, lower } = limitsTestEngine();
const shape = (kind: string, size: number) => failure("mutation", "insertShape", { kind, size });

describe("documents", () => {
  it("stores a document of 1,000,000 bytes and refuses one of 1.2 MiB", async () => {
    expect(await shape("bytes", 1_000_000)).toBe("no error");
    expect(await shape("bytes", 1.2 * MiB)).toBe("Uncaught Error: Value is too large (1.2 MiB > maximum size 1 MiB)");
  });

  it("refuses a patch that makes a document too large", async () => {
    const id = await call("mutation", "insertShape", { kind: "bytes", size: 10 });
    expect(await failure("mutation", "growShape", { id, size: 1.5 * MiB })).toMatch(
      /^Uncaught Error: Value is too large \(1\.5 MiB > maximum size 1 MiB\)/,
    );
  });

  it("takes arrays of 8,192 elements and refuses 8,193", async () => {
    expect(await shape("array", 8_192)).toBe("no error");
    expect(await shape("array", 8_193)).toBe("Uncaught Error: Array length is too long (8193 > maximum length 8192)");
  });

  it("takes 16 levels of nesting and refuses 17", async () => {
    expect(await shape("nesting", 16)).toBe("no error");
    expect(await shape("nesting", 17)).toBe("Uncaught Error: Document is too nested (nested 17 levels deep > maximum nesting 16)");
  });

  it("takes 1,024 fields and refuses 1,025", async () => {
    expect(await shape("fields", 1_024)).toBe("no error");
    expect(await shape("fields", 1_025)).toBe("Uncaught Error: Object has too many fields (1025 > maximum number 1024)");
  });

  it("takes field names of 64 characters (1,024 in a nested object) and refuses longer", async () => {
    expect(await shape("name", 64)).toBe("no error");
    expect(await shape("name", 65)).toBe("Uncaught Error: Identifier is too long (65 > maximum 64)");
    expect(await shape("nestedName", 1_024)).toBe("no error");
    // Convex's own JavaScript (convex/values) refuses this one before it reaches the database, there as here.
    expect(await shape("nestedName", 1_025)).toMatch(/^Uncaught Error: Field name a{1025} exceeds maximum field name length 1024\.$/);
  });

  it("stores none of the refused documents", async () => {
    const before = await call("query", "countShapes");
    await shape("array", 9_000);
    await shape("nesting", 20);
    expect(await call("query", "countShapes")).toBe(before);
  });
});

describe("arguments and return values", () => {
  it("refuses arguments past the limit, before the function runs", async () => {
    lower({ argumentsBytes: 1_000 });
    expect(await failure("mutation", "echo", { payload: "a".repeat(900) })).toBe("no error");
    expect(await failure("mutation", "echo", { payload: "a".repeat(1_000) })).toBe(
      "Uncaught Error: Arguments for limits.js:echo are too large (actual: 1014 B, limit: 1000 B)",
    );
  });

  it("refuses a return value of 17 MiB (limit 16 MiB)", async () => {
    expect(await failure("query", "bigResult", { bytes: 17 * MiB })).toMatch(
      /^Uncaught Error: Function limits\.js:bigResult return value is too large \(actual: 17 MiB, limit: 16 MiB\)$/,
    );
  });
});

describe("warnings and figures in the log", () => {
  const closed = new Promise<void>(() => {});
  const lastEntry = async (identifier: string) =>
    (await functionLog.since(0, 0, closed)).entries.filter((entry) => entry.identifier === identifier).at(-1)!;

  it("logs Convex's warning past 80% of a limit, and each execution's figures", async () => {
    lower({ documentsRead: 100 });
    await call("mutation", "insertItems", { batch: "warned", count: 81 });
    expect(await call("query", "readBatch", { batch: "warned" })).toBe(81);
    const entry = await lastEntry("limits:readBatch");
    expect(entry.logLines).toContain(
      "[WARN] Many documents read in a single function execution (actual: 81, limit: 100). Consider using smaller limits in your queries, paginating your queries, or using indexed queries with a selective index range expressions.",
    );
    expect(entry.usageStats).toMatchObject({ databaseReadDocuments: 81, indexRanges: 1, databaseWriteDocuments: 0 });
    expect(entry.usageStats.databaseReadBytes).toBeGreaterThan(81 * 30);
    const insert = await lastEntry("limits:insertItems");
    expect(insert.usageStats).toMatchObject({ databaseWriteDocuments: 81, databaseReadDocuments: 0 });
    expect(insert.logLines).toEqual([]);
  });

  it("does not warn at 80% or below", async () => {
    lower({ documentsRead: 100 });
    await call("mutation", "insertItems", { batch: "quiet", count: 80 });
    await call("query", "readBatch", { batch: "quiet" });
    expect((await lastEntry("limits:readBatch")).logLines).toEqual([]);
  });
});
