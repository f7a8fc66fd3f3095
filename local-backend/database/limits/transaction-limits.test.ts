/**
 * Convex's per-transaction limits on the local backend (knobs.ts): each refusal in Convex's
 * words, counted where the database serves the calls, and changing nothing. Convex's own
 * numbers where a test can reach them quickly; lowered ones (configureLimits) for the bytes.
 */
import { describe, expect, it } from "vitest";
import { limitsTestEngine } from "./fixture-limits-engine.ts";
import { OVER_LIMIT_HELP } from "./knobs.ts";

const { call, failure, lower, restoreLimits } = limitsTestEngine();

/** Inserts `count` items in batch `batch`, in mutations of at most 8,000. */
async function insertItems(batch: string, count: number, padBytes?: number): Promise<void> {
  for (let done = 0; done < count; done += 8_000)
    await call("mutation", "insertItems", { batch, count: Math.min(8_000, count - done), padBytes });
}

describe("reads", () => {
  it("reads 32,000 documents and refuses the 32,001st with TooManyDocumentsRead", async () => {
    await insertItems("read-limit", 32_000);
    expect(await call("query", "readBatch", { batch: "read-limit" })).toBe(32_000);
    await insertItems("read-limit", 1);
    expect(await failure("query", "readBatch", { batch: "read-limit" })).toBe(
      `Uncaught Error: Too many documents read in a single function execution (limit: 32000). ${OVER_LIMIT_HELP}`,
    );
  }, 300_000);

  it("counts the rows a .filter drops, in a stream and in a page", async () => {
    lower({ documentsRead: 50 });
    await insertItems("filtered", 50);
    expect(await call("query", "readBatchFiltered", { batch: "filtered" })).toBe(0);
    await insertItems("filtered", 1);
    expect(await failure("query", "readBatchFiltered", { batch: "filtered" })).toMatch(
      /^Uncaught Error: Too many documents read .*\(limit: 50\)/,
    );
    expect(await failure("query", "pageBatchFiltered", { batch: "filtered", numItems: 100 })).toMatch(
      /Too many documents read .*\(limit: 50\)/,
    );
  });

  it("reads 4,096 index ranges and refuses the 4,097th with TooManyReads", async () => {
    expect(await call("query", "manyRanges", { count: 4_096 })).toBe(4_096);
    expect(await failure("query", "manyRanges", { count: 4_097 })).toBe(
      `Uncaught Error: Too many reads in a single function execution (limit: 4096). ${OVER_LIMIT_HELP}`,
    );
  });

  it("refuses reading more bytes than the limit with TooManyBytesRead", async () => {
    lower({ bytesRead: 20_000 });
    await insertItems("bytes-read", 15, 1_000);
    expect(await call("query", "readBatch", { batch: "bytes-read" })).toBe(15);
    await insertItems("bytes-read", 10, 1_000);
    expect(await failure("query", "readBatch", { batch: "bytes-read" })).toBe(
      `Uncaught Error: Too many bytes read in a single function execution (limit: 20000 bytes). ${OVER_LIMIT_HELP}`,
    );
  });

  it("refuses the commit of a mutation that caught its limit error: nothing it wrote lands", async () => {
    lower({ documentsRead: 10 });
    await insertItems("caught", 11);
    expect(await failure("mutation", "catchAndWrite", { batch: "caught" })).toMatch(/Too many documents read .*\(limit: 10\)/);
    restoreLimits();
    expect(await call("query", "readBatch", { batch: "caught-after" })).toBe(0);
  });
});

describe("writes", () => {
  it("writes 16,000 documents and refuses 16,001 with TooManyWrites, writing none", async () => {
    expect(await call("mutation", "insertItems", { batch: "write-limit", count: 16_000 })).toBe(16_000);
    expect(await failure("mutation", "insertItems", { batch: "write-limit-over", count: 16_001 })).toBe(
      "Uncaught Error: Too many writes in a single function execution (limit: 16000)",
    );
    expect(await call("query", "readBatch", { batch: "write-limit-over" })).toBe(0);
  }, 300_000);

  it("counts deletes as writes", async () => {
    lower({ documentsWritten: 5 });
    await insertItems("deletes", 5);
    await insertItems("deletes", 1);
    expect(await failure("mutation", "deleteBatch", { batch: "deletes" })).toMatch(/Too many writes .*\(limit: 5\)/);
    restoreLimits();
    expect(await call("query", "readBatch", { batch: "deletes" })).toBe(6);
  });

  it("refuses writing more bytes than the limit with TooManyBytesWritten", async () => {
    lower({ bytesWritten: 10 * 1024 });
    expect(await failure("mutation", "insertItems", { batch: "bytes-written", count: 11, padBytes: 1_000 })).toBe(
      "Uncaught Error: Too many bytes written in a single function execution (limit: 10 KiB)",
    );
    restoreLimits();
    expect(await call("query", "readBatch", { batch: "bytes-written" })).toBe(0);
  });
});

describe("scheduled functions", () => {
  it("schedules 1,000 functions and refuses the 1,001st with TooManyFunctionsScheduled, scheduling none", async () => {
    const before = (await call("query", "countJobs")) as number;
    expect(await call("mutation", "scheduleMany", { count: 1_000, payloadBytes: 1 })).toBe(1_000);
    expect(await failure("mutation", "scheduleMany", { count: 1_001, payloadBytes: 1 })).toBe(
      "Uncaught Error: Too many functions scheduled by this mutation (limit: 1000)",
    );
    expect(await call("query", "countJobs")).toBe(before + 1_000);
  });

  it("refuses scheduled arguments past their total size", async () => {
    lower({ scheduledArgumentsBytes: 1_000 });
    expect(await failure("mutation", "scheduleMany", { count: 3, payloadBytes: 400 })).toBe(
      "Uncaught Error: Too large total size of the arguments of scheduled functions from this mutation (limit: 1000 bytes)",
    );
  });
});
