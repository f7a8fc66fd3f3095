import type * as SupportQueue from "../model/supports/queue";

/** How many of the next worker turns throw. */
export type WorkerFailures = { turns: number };

/**
 * The test hook for a worker turn that fails (a bug, a limit): model/supports/queue with
 * `workQueue` throwing after its work for the next `failures.turns` turns, so the turn is rolled
 * back. For a test file's vi.mock (whose factory has to be written there).
 */
export function withFailingTurns(original: typeof SupportQueue, failures: WorkerFailures): typeof SupportQueue {
  return {
    ...original,
    workQueue: async (...args) => {
      await original.workQueue(...args);
      if (failures.turns > 0) {
        failures.turns -= 1;
        throw new Error("injected failure of a worker turn");
      }
    },
  };
}
