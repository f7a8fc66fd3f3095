/**
 * Saves commits to the data folder in groups: every write takes all commits made so far, and
 * each commit's waiters are answered as soon as the write holding it is durable (not when the
 * writer runs out of work, which under steady load would be never).
 *
 * A write that fails rolls the engine back to the last durable state, and every commit not yet
 * durable fails: nothing acknowledged is lost, and nothing that failed stays.
 */
import path from "node:path";
import { DATABASE_FILE, writeFileAtomic } from "./database-file.ts";
import type { DatabaseSnapshot } from "../engine.ts";

/** What the writer needs from the engine. */
export type CommitSource = {
  /** Number of commits so far (the sequence number of the latest one). */
  readonly commitCount: number;
  /** Resolves once the latest commit's bookkeeping (its request record) is in memory too. */
  settled(): Promise<void>;
  /** The committed state, taken synchronously. */
  snapshot(): DatabaseSnapshot;
  /** Puts `snapshot` back with no mutation running; `then` runs in the same critical section. */
  rollBack(snapshot: DatabaseSnapshot, then: () => void): Promise<void>;
};

type Waiter = { seq: number; resolve: () => void; reject: (error: Error) => void };

export class GroupCommitWriter {
  /** The latest commit on disk. */
  private durableSeq: number;
  private lastDurable: DatabaseSnapshot;
  private readonly waiters: Waiter[] = [];
  /** Commits that were rolled back after a failed write, with the error they fail with. */
  private readonly lost: { from: number; to: number; error: Error }[] = [];
  private writing: Promise<void> | null = null;

  constructor(
    private readonly dataDir: string,
    private readonly engine: CommitSource,
    /** For tests: replaces the file write (to inject disk failures). */
    private readonly write: (file: string, contents: string) => Promise<void> = writeFileAtomic,
  ) {
    this.durableSeq = engine.commitCount;
    this.lastDurable = engine.snapshot();
  }

  /** A commit happened; a write starts now or right after the current one. */
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

  /** Resolves when no write is in progress (shutdown). */
  async idle(): Promise<void> {
    while (this.writing !== null) await this.writing;
  }

  private async writeWhileBehind(): Promise<void> {
    while (this.engine.commitCount > this.durableSeq) {
      await this.engine.settled();
      const seq = this.engine.commitCount;
      const snapshot = this.engine.snapshot();
      try {
        await this.write(path.join(this.dataDir, DATABASE_FILE), JSON.stringify(snapshot));
        this.durableSeq = seq;
        this.lastDurable = snapshot;
        this.answer((waiter) => waiter.seq <= seq, (waiter) => waiter.resolve());
      } catch (cause) {
        const error = new Error(`The commit could not be saved: ${(cause as Error).message}`);
        console.error(`local backend: COULD NOT SAVE THE DATABASE to ${this.dataDir}; rolling back what was not saved:`, cause);
        await this.engine.rollBack(this.lastDurable, () => {
          // Under the engine's commit lock: every commit since the last durable one is undone.
          const to = this.engine.commitCount;
          this.lost.push({ from: this.durableSeq + 1, to, error });
          this.durableSeq = to;
          this.answer((waiter) => waiter.seq <= to, (waiter) => waiter.reject(error));
        });
      }
    }
    this.writing = null;
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
