/**
 * Follows a local backend's function log (`GET /api/stream_function_logs`, what `npx convex logs`
 * reads: every execution with its `usageStats`) while a bench part runs, and sums, per function,
 * how many times it ran and the documents it read. The backend keeps only its latest 10,000
 * executions, so the log is read every POLL_MS rather than once at the end.
 */

const POLL_MS = 250;
const MAX_FAILED_POLLS = 5;

export type FunctionReads = { runs: number; documentsRead: number; maxDocumentsRead: number };

type Execution = { identifier: string; udfType: string; usageStats?: { databaseReadDocuments: number } };

export type FunctionLogFollower = {
  /** Sums over the executions logged since `start`, by function name. */
  readsSince: () => Map<string, FunctionReads>;
  /** Starts a new count (earlier executions are left out). */
  start: () => void;
  stop: () => void;
};

export function followFunctionLog(url: string, adminKey: string): FunctionLogFollower {
  let reads = new Map<string, FunctionReads>();
  let cursor = Date.now();
  let stopped = false;
  let failure: unknown = null;
  const add = (entry: Execution) => {
    const documents = entry.usageStats?.databaseReadDocuments ?? 0;
    const seen = reads.get(entry.identifier) ?? { runs: 0, documentsRead: 0, maxDocumentsRead: 0 };
    reads.set(entry.identifier, {
      runs: seen.runs + 1,
      documentsRead: seen.documentsRead + documents,
      maxDocumentsRead: Math.max(seen.maxDocumentsRead, documents),
    });
  };
  const poll = async () => {
    const response = await fetch(`${url}/api/stream_function_logs?cursor=${cursor}`, { headers: { Authorization: `Convex ${adminKey}` } });
    const { entries, newCursor } = (await response.json()) as { entries: Execution[]; newCursor: number };
    if (!stopped) entries.forEach(add);
    cursor = newCursor;
  };
  void (async () => {
    let failedInARow = 0;
    while (!stopped) {
      // A poll whose connection failed (a socket reset on the loaded machine) is sent again from the
      // same cursor, as the bench's calls are, so nothing is lost; only MAX_FAILED_POLLS in a row are
      // told by readsSince. A poll the backend's end cuts off has nothing more to count.
      await poll()
        .then(() => void (failedInARow = 0))
        .catch((error: unknown) => {
          failedInARow += 1;
          if (!stopped && failedInARow >= MAX_FAILED_POLLS) failure ??= error;
        });
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  })();
  return {
    readsSince: () => {
      if (failure !== null) throw new Error("the function log could not be read", { cause: failure });
      return new Map(reads);
    },
    start: () => void (reads = new Map()),
    // A poll waiting for news (up to 20 s) is left to end with the backend.
    stop: () => void (stopped = true),
  };
}
