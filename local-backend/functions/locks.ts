/** The two small synchronisation tools the engine needs. */

/** Runs tasks one at a time in the order they were submitted (FIFO, unlike a retry loop). */
export class Mutex {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

/**
 * Lets any number of calls run at once, except while an exclusive task (a module reload) runs:
 * that one waits for the calls in progress to finish and holds new ones until it is done.
 */
export class Gate {
  private active = 0;
  private closed: Promise<void> | null = null;
  private onDrained: (() => void) | null = null;

  async shared<T>(task: () => Promise<T>): Promise<T> {
    while (this.closed !== null) await this.closed;
    this.active += 1;
    try {
      return await task();
    } finally {
      this.active -= 1;
      if (this.active === 0) this.onDrained?.();
    }
  }

  async exclusive<T>(task: () => Promise<T>): Promise<T> {
    while (this.closed !== null) await this.closed;
    let open = () => {};
    this.closed = new Promise<void>((resolve) => (open = resolve));
    try {
      if (this.active > 0) await new Promise<void>((resolve) => (this.onDrained = resolve));
      this.onDrained = null;
      return await task();
    } finally {
      this.closed = null;
      open();
    }
  }
}

/**
 * Two kinds of work that exclude each other while each kind runs together: commits that are
 * not durable yet ("write") and reads that clients see ("read"). Writers run together in
 * groups of at most `maxWriters` (one group is saved and acknowledged together), and a
 * reader that waits closes the group: writers that have not started wait behind it. So under
 * a storm of mutations the reads that confirm them (Transitions) come after one group, not
 * after the whole storm; and when a read phase ends, waiting writers go first, so a steady
 * stream of reads never starves the writers either.
 */
export class PhaseLock {
  private current: "read" | "write" = "read";
  private active = 0;
  private readonly waiting: Record<"read" | "write", (() => void)[]> = { read: [], write: [] };

  constructor(private readonly maxWriters = 64) {}

  async run<T>(kind: "read" | "write", task: () => Promise<T>): Promise<T> {
    if (this.mayJoin(kind)) {
      this.current = kind;
      this.active += 1;
    } else {
      await new Promise<void>((enter) => this.waiting[kind].push(enter));
    }
    try {
      return await task();
    } finally {
      this.active -= 1;
      if (this.active === 0) this.admitNextPhase();
    }
  }

  /** Whether work of `kind` may start now, beside what runs. */
  private mayJoin(kind: "read" | "write"): boolean {
    if (this.active === 0) return this.waiting.read.length === 0 && this.waiting.write.length === 0;
    if (this.current !== kind) return false;
    // Readers join readers unless writers wait; writers join a group not yet full that no reader waits for.
    if (kind === "read") return this.waiting.write.length === 0;
    return this.waiting.read.length === 0 && this.active < this.maxWriters;
  }

  /** The other kind goes next when it waits; writers enter at most `maxWriters` at a time. */
  private admitNextPhase(): void {
    const next =
      this.current === "write" ? (this.waiting.read.length > 0 ? "read" : "write") : this.waiting.write.length > 0 ? "write" : "read";
    const queue = this.waiting[next];
    if (queue.length === 0) return;
    this.current = next;
    const admitted = next === "read" ? queue.splice(0) : queue.splice(0, this.maxWriters);
    this.active += admitted.length;
    for (const enter of admitted) enter();
  }
}
