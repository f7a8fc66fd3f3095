/**
 * How a function worker reaches the backend. A worker thread (queries, mutations, actions of
 * Convex's default runtime) talks through its parent port, with a second port and a shared
 * flag for synchronous syscalls; a `"use node"` action's process (node-process.ts) talks
 * through its IPC channel and gets its settings in the first message. Node actions make no
 * synchronous syscalls (those serve queries' and mutations' `ctx.db`).
 */
import { parentPort, workerData, type MessagePort } from "node:worker_threads";
import { CLOCK_SLOTS, type FromWorker, type ToWorker } from "./protocol.ts";

export type WorkerData = {
  /** "isolate": Convex's globals only; "node": Node.js as it is, in a process of its own. */
  runtime: "isolate" | "node";
  /** Where the answers to synchronous syscalls come (worker threads only). */
  syncPort?: MessagePort;
  signal: SharedArrayBuffer;
  clock: SharedArrayBuffer;
  /** The deployment's variables (a Node action's process has them as its whole environment). */
  env: Record<string, string>;
  /** When the code was loaded (ms): module-level code sees this time. */
  loadedAt: number;
  /** The app's module files, loaded before the worker says it is ready. */
  preload: string[];
};

/** What a Node action's process is sent first: its settings, without the thread-only parts. */
export type NodeProcessInit = { type: "init"; data: Omit<WorkerData, "syncPort" | "signal" | "clock"> };

export type WorkerChannel = {
  data: WorkerData;
  post: (message: FromWorker) => void;
  onMessage: (listener: (message: ToWorker) => void) => void;
};

/** The channel of this worker thread, or of this process (waiting for its settings). */
export async function connectToBackend(): Promise<WorkerChannel> {
  if (parentPort !== null) {
    const port = parentPort;
    return {
      data: workerData as WorkerData,
      post: (message) => port.postMessage(message),
      onMessage: (listener) => void port.on("message", listener),
    };
  }
  const send = process.send?.bind(process);
  if (send === undefined) throw new Error("local backend: a function worker runs in a worker thread or a child process with IPC");
  // The backend gone, nothing is left to run for.
  process.on("disconnect", () => process.exit(0));
  const init = await new Promise<NodeProcessInit>((resolve) => process.once("message", (message) => resolve(message as NodeProcessInit)));
  const data: WorkerData = {
    ...init.data,
    // Read by no one: the backend watches a Node action by its answers, not a shared clock.
    signal: new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT),
    clock: new SharedArrayBuffer(CLOCK_SLOTS * Float64Array.BYTES_PER_ELEMENT),
  };
  return {
    data,
    post: (message) => void send(message),
    onMessage: (listener) => void process.on("message", (message) => listener(message as ToWorker)),
  };
}
