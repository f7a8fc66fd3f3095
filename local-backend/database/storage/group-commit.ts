/**
 * Saves commits in groups to the journal: every append takes all commits made so far, and each
 * commit's waiters are answered as soon as the append holding it is fsync'd (not when the
 * writer runs out of work, which under steady load would be never). Every so often the whole
 * state goes to `database.json` and the journal starts over, so a start replays little.
 *
 * An append that fails undoes, in memory, every commit not yet saved, and they all fail:
 * nothing acknowledged is lost, and nothing that failed stays.
 */
import path from "node:path";
import type { ChangeRecord, TakenSnapshot, UndoRecord } from "./saved-state.ts";
import { DATABASE_FILE } from "./database-file.ts";
import { writeSnapshotFile } from "./snapshot-writer.ts";
import type { JournalFile } from "./journal-file.ts";

/**
 * A snapshot replaces the journal once it holds this many bytes, or half the last snapshot's
 * size if more: writing the whole database every few megabytes of changes would cost a large
 * one most of its time (a migration rewriting a 350 MB database), and a start replays at
 * most half a snapshot's worth of journal.
 */
const SNAPSHOT_AFTER_BYTES = 8 * 1024 * 1024;
const SNAPSHOT_AFTER_SHARE = 0.5;

/** What the writer needs from the engine. */
export type CommitSource = {
  /** Number of commits so far (the sequence number of the latest one). */
  readonly commitCount: number;
  /**
   * Null once every commit's bookkeeping (its request record) is in memory too; otherwise a
   * promise to wait on before asking again (synchronous, so checking and taking are one step).
   */
  whenSettled(): Promise<void> | null;
  takeChanges(): { record: ChangeRecord; undo: UndoRecord } | null;
  /** The committed state, taken synchronously. */
  snapshot(): TakenSnapshot;
  rollBackUnsaved(taken: UndoRecord, then: () => void): Promise<void>;
};

/** For tests: runs before each disk write, and may delay it or fail it. */
export type DiskWriteHook = (file: string) => Promise<void>;

type Waiter = { seq: number; resolve: () => void; reject: (error: Error) => void };

export class GroupCommitWriter {
  /** The latest commit on disk. */
  private durableSeq: number;
  private readonly waiters: Waiter[] = [];
  /** Commits that were rolled back after a failed write, with the error they fail with. */
  private readonly lost: { from: number; to: number; error: Error }[] = [];
  private writing: Promise<void> | null = null;

  constructor(
    private readonly dataDir: string,
    private readonly journal: JournalFile,
    private readonly engine: CommitSource,
    private readonly beforeWrite: DiskWriteHook = async () => {},
    /** The size of the database file the data was loaded from (0: none). */
    private snapshotBytes = 0,
  ) {
    this.durableSeq = engine.commitCount;
  }

  /** A commit happened; an append starts now or right after the current one. */
  markDirty(): void {
    this.writing ??= this.writeWhileBehind();
  }

  /**
   * Resolves when commit `seq` (default: every commit so far) is on disk; rejects when it was
   * rolled back because its write failed.
   */
  durable(seq = this.engine.commitCount): Promise<void> {
    const lost = this.lost.find((range) => seq >= range.from && seq <= range.to);
    if (lost !== undefined) return Promise.reject(lost.error);
    if (seq <= this.durableSeq) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiters.push({ seq, resolve, reject });
      this.markDirty();
    });
  }

  /** Resolves once commit `seq` is either on disk or rolled back: what a reader then sees is saved. */
  saved(seq = this.engine.commitCount): Promise<void> {
    return this.durable(seq).catch(() => {});
  }

  /** Waits for the writes in progress, leaves the whole state in database.json, closes the journal. */
  async close(): Promise<void> {
    while (this.writing !== null) await this.writing;
    if (this.journal.bytes > 0) await this.compact(this.engine.snapshot());
    await this.journal.close();
  }

  private async writeWhileBehind(): Promise<void> {
    while (this.engine.commitCount > this.durableSeq) {
      for (let waiting = this.engine.whenSettled(); waiting !== null; waiting = this.engine.whenSettled()) await waiting;
      const taken = this.engine.takeChanges();
      if (taken === null) {
        this.durableSeq = this.engine.commitCount;
        continue;
      }
      // Taken at the same moment as the changes, so it holds exactly what the journal will.
      const due = this.journal.bytes >= Math.max(SNAPSHOT_AFTER_BYTES, this.snapshotBytes * SNAPSHOT_AFTER_SHARE);
      const snapshot = due ? this.engine.snapshot() : null;
      try {
        await this.beforeWrite(this.journal.file);
        await this.journal.append(taken.record);
      } catch (cause) {
        await this.fail(taken.undo, cause as Error);
        continue;
      }
      this.durableSeq = taken.record.seq;
      this.answer(
        (waiter) => waiter.seq <= taken.record.seq,
        (waiter) => waiter.resolve(),
      );
      if (snapshot !== null) await this.compact(snapshot);
    }
    this.writing = null;
  }

  private async fail(undo: UndoRecord, cause: Error): Promise<void> {
    const error = new Error(`The commit could not be saved: ${cause.message}`);
    console.error(`local backend: COULD NOT SAVE TO ${this.journal.file}; rolling back what was not saved:`, cause);
    await this.engine.rollBackUnsaved(undo, () => {
      // In the same step as the undo: every commit since the last durable one is undone.
      const to = this.engine.commitCount;
      this.lost.push({ from: this.durableSeq + 1, to, error });
      this.durableSeq = to;
      this.answer(
        (waiter) => waiter.seq <= to,
        (waiter) => waiter.reject(error),
      );
    });
  }

  /** The snapshot holds everything the journal does: write it, then empty the journal. */
  private async compact(snapshot: TakenSnapshot): Promise<void> {
    const file = path.join(this.dataDir, DATABASE_FILE);
    try {
      await this.beforeWrite(file);
      this.snapshotBytes = await writeSnapshotFile(file, snapshot);
      await this.journal.clear();
    } catch (error) {
      // Nothing is lost: the journal still holds every commit. The next snapshot tries again.
      console.error(`local backend: could not write the snapshot ${file}; the journal keeps growing:`, error);
    }
  }

  private answer(matches: (waiter: Waiter) => boolean, settle: (waiter: Waiter) => void): void {
    for (let index = this.waiters.length - 1; index >= 0; index -= 1) {
      const waiter = this.waiters[index]!;
      if (!matches(waiter)) continue;
      this.waiters.splice(index, 1);
      settle(waiter);
    }
  }
}
