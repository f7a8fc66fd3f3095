/**
 * Loaded into a bench's backend process (process-meter.ts puts it in its NODE_OPTIONS, with
 * --expose-gc): on SIGUSR2 it collects garbage and appends the live heap to the file named by
 * BENCH_HEAP_FILE, one JSON line each time. The live heap after a full collection says what the
 * process holds; its RSS also counts memory the collector has not handed back yet.
 * Plain JavaScript: it runs before the backend's TypeScript loader.
 */
import { appendFileSync } from "node:fs";

const file = process.env.BENCH_HEAP_FILE;
if (file) {
  process.on("SIGUSR2", () => {
    if (typeof globalThis.gc === "function") globalThis.gc();
    const { heapUsed, external, arrayBuffers } = process.memoryUsage();
    appendFileSync(file, `${JSON.stringify({ heapUsed, external, arrayBuffers })}\n`);
  });
}
