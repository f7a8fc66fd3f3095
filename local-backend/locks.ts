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
 * not durable yet ("write") and reads that clients see ("read"). Phases alternate in arrival
 * order, so a steady stream of one kind never starves the other, and a burst of mutations
 * forms one group that is saved and acknowledged together.
 */
export class PhaseLock {
  private current: "read" | "write" = "read";
  private active = 0;
  private readonly waiting: { kind: "read" | "write"; enter: () => void }[] = [];

  async run<T>(kind: "read" | "write", task: () => Promise<T>): Promise<T> {
    if (this.waiting.length === 0 && (this.active === 0 || this.current === kind)) {
      this.current = kind;
      this.active += 1;
    } else {
      await new Promise<void>((enter) => this.waiting.push({ kind, enter }));
    }
    try {
      return await task();
    } finally {
      this.active -= 1;
      if (this.active === 0) this.admitNextPhase();
    }
  }

  private admitNextPhase(): void {
    const next = this.waiting[0];
    if (next === undefined) return;
    this.current = next.kind;
    while (this.waiting[0]?.kind === next.kind) {
      this.active += 1;
      this.waiting.shift()!.enter();
    }
  }
}
