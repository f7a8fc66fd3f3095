import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { DATABASE_FILE } from "./database-file.ts";
import { GroupCommitWriter, type CommitSource } from "./group-commit.ts";
import { JournalFile } from "./journal-file.ts";
import type { ChangeRecord, TakenSnapshot, UndoRecord } from "./saved-state.ts";

let dataDir = "";
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "apoie-group-commit-"));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const MB = 1024 * 1024;

/** An engine whose every commit writes one document of about 1 MB. */
function megabyteCommits(): CommitSource & { commit: () => void } {
  let commitCount = 0;
  let taken = 0;
  return {
    get commitCount() {
      return commitCount;
    },
    commit: () => void (commitCount += 1),
    whenSettled: () => null,
    takeChanges: () => {
      if (taken === commitCount) return null;
      taken = commitCount;
      const documents = { [`doc${commitCount}`]: { _id: `doc${commitCount}`, _creationTime: commitCount, text: "x".repeat(MB) } };
      const record: ChangeRecord = {
        seq: commitCount,
        lastCommitTs: String(commitCount),
        components: { "": { nextDocId: 0, lastCreationTime: 0, documents } },
        requests: [],
      };
      return { record, undo: {} as UndoRecord };
    },
    snapshot: (): TakenSnapshot => ({
      format: 1,
      nextDocId: 0,
      lastCreationTime: 0,
      lastCommitTs: String(commitCount),
      commitCount,
      documents: [],
      components: {},
    }),
    rollBackUnsaved: async () => {},
  };
}

/** Commits `count` megabytes one at a time, each durable before the next; returns how many snapshots were written. */
async function commitMegabytes(count: number, loadedSnapshotBytes: number): Promise<number> {
  const engine = megabyteCommits();
  let snapshots = 0;
  const countSnapshots = async (file: string) => void (path.basename(file) === DATABASE_FILE && (snapshots += 1));
  const writer = new GroupCommitWriter(dataDir, await JournalFile.open(dataDir, 0), engine, countSnapshots, loadedSnapshotBytes);
  for (let i = 0; i < count; i++) {
    engine.commit();
    await writer.durable();
  }
  await writer.close();
  // The last one is the shutdown snapshot.
  return snapshots - 1;
}

it("replaces a small database's journal by a snapshot every few megabytes", async () => {
  expect(await commitMegabytes(20, 1 * MB)).toBe(2);
});

it("lets a large database's journal grow to half the database before writing the whole of it again", async () => {
  expect(await commitMegabytes(20, 60 * MB)).toBe(0);
  expect(await commitMegabytes(40, 60 * MB)).toBe(1);
});
