/**
 * A `"use node"` action's runtime: a Node.js process of its own (function-worker.ts in its
 * "node" mode), as Convex runs these actions in Node.js apart from the deployment. Its whole
 * environment is the deployment's variables, with HOME (and its working folder) an empty
 * folder of its own: nothing of the developer's shell, secrets or home. Its heap is capped; a
 * crash, `process.exit` or running out of memory ends this process and fails the calls it ran,
 * never the backend.
 */
import { fork, type Serializable } from "node:child_process";
import { EventEmitter } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FromWorker } from "./protocol.ts";
import type { NodeProcessInit } from "./worker-channel.ts";

/** What the backend needs of a worker, a thread or a process: Node's `Worker` has it. */
export type WorkerThread = {
  postMessage(message: unknown): void;
  terminate(): unknown;
  on(event: "message", listener: (message: FromWorker) => void): unknown;
  on(event: "error", listener: (error: Error & { code?: string }) => void): unknown;
  on(event: "exit", listener: () => void): unknown;
};

/** What V8 prints when a process's heap is full. */
const OUT_OF_MEMORY = /heap out of memory|Allocation failed/i;

export function startNodeProcess({ init, memoryMb }: { init: NodeProcessInit; memoryMb: number }): WorkerThread {
  const home = mkdtempSync(path.join(os.tmpdir(), "apoie-node-action-"));
  const child = fork(fileURLToPath(new URL("./worker-entry.mjs", import.meta.url)), [], {
    cwd: home,
    env: { ...init.data.env, HOME: home },
    // Not the backend's flags: Node's own module resolution, and Convex's memory for Node actions.
    execArgv: [`--max-old-space-size=${memoryMb}`],
    // Structured clones, as between threads (HTTP bodies are ArrayBuffers).
    serialization: "advanced",
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (text: string) => (stderr = (stderr + text).slice(-8192)));
  const events = new EventEmitter();
  child.on("message", (message) => events.emit("message", message));
  child.on("error", (error) => events.emit("error", error));
  // "close": after its stderr has ended, so an out-of-memory report is read whole.
  child.on("close", () => {
    rmSync(home, { recursive: true, force: true });
    if (OUT_OF_MEMORY.test(stderr)) events.emit("error", Object.assign(new Error("out of memory"), { code: "ERR_WORKER_OUT_OF_MEMORY" }));
    events.emit("exit");
  });
  child.send(init);
  return {
    postMessage: (message) => {
      if (child.connected) child.send(message as Serializable);
    },
    terminate: () => child.kill("SIGKILL"),
    on: (event: string, listener: (...args: never[]) => void) => events.on(event, listener as (...args: unknown[]) => void),
  };
}
