import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { convexToJson, type Value } from "convex/values";
import { afterEach, beforeEach, expect, it } from "vitest";
import { snapshotProblem } from "./database-file.ts";
import type { TakenSnapshot } from "./saved-state.ts";
import { writeSnapshotFile } from "./snapshot-writer.ts";

let dir = "";
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "apoie-snapshot-writer-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const plain = {
  _id: "a1",
  _creationTime: 1,
  name: "Festa junina",
  tags: ["São João", "forró"],
  nested: { cents: 1500, ok: true, none: null },
};
// Values that JSON.stringify would throw on or change: the writer converts them as Convex JSON.
const special = {
  _id: "a2",
  _creationTime: 2,
  count: 7n,
  bytes: new Uint8Array([1, 2, 3]).buffer,
  negativeZero: -0,
  nan: NaN,
  deep: [{ big: -1n }],
};

const taken: TakenSnapshot = {
  format: 1,
  nextDocId: 3,
  lastCreationTime: 2,
  lastCommitTs: "1234567890123456789",
  commitCount: 5,
  requests: [["s|1", { ok: 1 }, "1234567890123456789"]],
  documents: [plain, special],
  components: { "rateLimiter/batchWorker": { nextDocId: 9, lastCreationTime: 4, documents: [{ _id: "b1", _creationTime: 4, when: 3n }] } },
};

it("writes the same database JSON as a whole-object JSON.stringify of the converted documents, one document a line", async () => {
  const file = path.join(dir, "database.json");
  const bytes = await writeSnapshotFile(file, taken);
  const text = await readFile(file, "utf8");
  expect(bytes).toBe(Buffer.byteLength(text));
  const parsed = JSON.parse(text) as Record<string, unknown>;
  expect(snapshotProblem(parsed)).toBeNull();
  const converted = (documents: readonly Value[]) => documents.map((document) => convexToJson(document));
  expect(parsed).toEqual({
    format: 1,
    nextDocId: 3,
    lastCreationTime: 2,
    lastCommitTs: "1234567890123456789",
    commitCount: 5,
    requests: taken.requests,
    documents: converted(taken.documents),
    components: {
      "rateLimiter/batchWorker": {
        nextDocId: 9,
        lastCreationTime: 4,
        documents: converted(taken.components["rateLimiter/batchWorker"]!.documents),
      },
    },
  });
  const lines = text.split("\n");
  expect(lines.filter((line) => /^\{.*"_id":"a\d",?.*\},?$/.test(line))).toHaveLength(2);
  expect(lines.filter((line) => /^\{.*"_id":"b1".*\}$/.test(line))).toHaveLength(1);
});

it("leaves the database file as it was, and no half-written copy, when a document cannot be written", async () => {
  const file = path.join(dir, "database.json");
  await writeFile(file, "the previous database");
  const broken = { ...taken, documents: [plain, { _id: "a3", _creationTime: 3, set: new Set([1]) as unknown as Value }] };
  await expect(writeSnapshotFile(file, broken)).rejects.toThrow();
  expect(await readFile(file, "utf8")).toBe("the previous database");
  expect(await readdir(dir)).toEqual(["database.json"]);
});
