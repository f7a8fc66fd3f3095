import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { loadSnapshot } from "./database-file.ts";
import type { TakenSnapshot } from "./saved-state.ts";
import { NotJsonError, readDatabaseFile } from "./snapshot-reader.ts";
import { writeSnapshotFile } from "./snapshot-writer.ts";

let dir = "";
let file = "";
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "apoie-snapshot-reader-"));
  file = path.join(dir, "database.json");
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const taken: TakenSnapshot = {
  format: 1,
  nextDocId: 4,
  lastCreationTime: 3,
  lastCommitTs: "1234567890123456789",
  commitCount: 5,
  requests: [["s|1", { ok: "]}\n," }, "1234567890123456789"]],
  documents: [
    { _id: "a1", _creationTime: 1, name: "Festa junina em São João", text: 'linha 1\nlinha 2 "documents":[' },
    { _id: "a2", _creationTime: 2, count: 7n, list: [{ deep: "ç" }], none: null },
    { _id: "a3", _creationTime: 3, long: "x".repeat(300) },
  ],
  components: {
    migrations: { nextDocId: 2, lastCreationTime: 4, documents: [{ _id: "m1", _creationTime: 4, name: "runAll" }] },
    "rateLimiter/batchWorker": { nextDocId: 1, lastCreationTime: 0, documents: [] },
  },
};

it("reads the file the snapshot writer wrote as JSON.parse reads it, whatever the pieces it is read in", async () => {
  await writeSnapshotFile(file, taken);
  const text = await readFile(file, "utf8");
  for (const pieceBytes of [1, 7, 64, 1000, 8 * 1024 * 1024]) {
    expect(await readDatabaseFile(file, pieceBytes)).toEqual({ value: JSON.parse(text), bytes: Buffer.byteLength(text) });
  }
});

it("reads a database file written whole, or laid out by hand, as JSON.parse reads it", async () => {
  const database = JSON.parse(await writeSnapshotFile(file, taken).then(() => readFile(file, "utf8"))) as unknown;
  for (const text of [
    JSON.stringify(database),
    JSON.stringify(database, null, 2),
    JSON.stringify(database).replaceAll('"documents":[', '"documents":[\n'),
  ]) {
    await writeFile(file, text);
    expect((await readDatabaseFile(file, 16))?.value).toEqual(database);
  }
});

it("refuses a file cut short anywhere, and never returns part of a database", async () => {
  await writeSnapshotFile(file, taken);
  const whole = await readFile(file);
  for (let length = 0; length < whole.length - 1; length++) {
    await writeFile(file, whole.subarray(0, length));
    await expect(readDatabaseFile(file, 32), `cut at ${length}`).rejects.toBeInstanceOf(NotJsonError);
  }
});

it("words a damaged or empty file the way the backend refuses to start on it", async () => {
  await writeSnapshotFile(file, taken);
  const text = await readFile(file, "utf8");
  await writeFile(file, text.replace('"_id":"a2"', '"_id":a2"'));
  await expect(loadSnapshot(dir)).rejects.toThrow(/is not valid JSON \(cut short or damaged: /);
  await writeFile(file, text.replace('{"_id":"a3"', '"a3"'));
  await expect(loadSnapshot(dir)).rejects.toThrow(/is not valid JSON \(cut short or damaged: /);
  await writeFile(file, "");
  await expect(loadSnapshot(dir)).rejects.toThrow(/is not valid JSON \(it is empty\)/);
  expect(await loadSnapshot(path.join(dir, "nothing-here"))).toBeNull();
});

it("refuses documents without the comma between them, or with one after the last, as JSON.parse does", async () => {
  await writeSnapshotFile(file, taken);
  const text = await readFile(file, "utf8");
  for (const damaged of [
    text.replace('"a1"', "").replace(/\},\n\{"_creationTime":2/, '}\n{"_creationTime":2'),
    text.replace(/("long":"x+"\})\n/, "$1,\n"),
  ]) {
    expect(damaged).not.toBe(text);
    await writeFile(file, damaged);
    await expect(readDatabaseFile(file)).rejects.toBeInstanceOf(NotJsonError);
  }
});
