/**
 * What a bench's backend process costs, from outside it: CPU time (user + system, from
 * /proc/<pid>/stat), resident memory, and its live heap after a full garbage collection
 * (heap-on-signal.mjs, loaded through `heapMeterEnv`). CPU time, unlike wall time, does not
 * stretch when other programs load the machine, so it splits a run fairly between the backend
 * and the bench's own clients (`process.cpuUsage()`).
 */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const CLOCK_TICKS_PER_SECOND = 100;
const HEAP_WAIT_MS = 30_000;

/** CPU seconds a process has used so far. */
export function processCpuSeconds(pid: number): number {
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** CPU seconds this process (the bench's clients) has used so far. */
export function ownCpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

export function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((row) => row.startsWith("VmRSS:"));
  return Math.round(Number(line?.split(/\s+/)[1] ?? Number.NaN) / 1024);
}

/** The environment that lets `liveHeapMb` ask the backend for its live heap. */
export function heapMeterEnv(): { env: Record<string, string>; file: string } {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "apoie-bench-heap-")), "heap.jsonl");
  const preload = path.resolve(import.meta.dirname, "heap-on-signal.mjs");
  const inherited = process.env.NODE_OPTIONS ?? "";
  return { env: { NODE_OPTIONS: `${inherited} --expose-gc --import=${preload}`.trim(), BENCH_HEAP_FILE: file }, file };
}

const linesOf = (file: string) => (existsSync(file) ? readFileSync(file, "utf8").trim().split("\n").filter(Boolean) : []);

/** The backend's live heap in MB after a full collection (it pauses the backend for that collection). */
export async function liveHeapMb(pid: number, file: string): Promise<number> {
  const before = linesOf(file).length;
  process.kill(pid, "SIGUSR2");
  const deadline = Date.now() + HEAP_WAIT_MS;
  while (linesOf(file).length === before) {
    if (Date.now() > deadline) throw new Error("the backend did not report its heap");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const { heapUsed } = JSON.parse(linesOf(file).at(-1)!) as { heapUsed: number };
  return Math.round(heapUsed / 2 ** 20);
}
