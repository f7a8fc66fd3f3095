import { describe, expect, it } from "vitest";
import { functionLog } from "./execution-log.ts";

const never = new Promise<void>(() => {});
const execution = (identifier: string) => ({
  identifier,
  udfType: "Mutation" as const,
  componentPath: null,
  logLines: [],
  executionTime: 0,
  error: null,
  usageStats: {
    databaseReadDocuments: 0,
    databaseReadBytes: 0,
    databaseWriteDocuments: 0,
    databaseWriteBytes: 0,
    indexRanges: 0,
    functionsScheduled: 0,
  },
});

describe("the function log", () => {
  it("keeps the latest 10,000 executions (up to 11,000), oldest dropped, in order", async () => {
    functionLog.clear();
    for (let i = 1; i <= 25_500; i += 1) functionLog.record(execution(`log:${i}`));
    const { entries } = await functionLog.since(0, 0, never);
    expect(entries.length).toBeGreaterThanOrEqual(10_000);
    expect(entries.length).toBeLessThan(11_000);
    expect(entries.at(-1)!.identifier).toBe("log:25500");
    expect(entries[0]!.identifier).toBe(`log:${25_501 - entries.length}`);
    functionLog.clear();
  });
});
