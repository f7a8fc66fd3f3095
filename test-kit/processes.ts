import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";

const ANSI_ESCAPES = /\u001b\[[0-9;]*m/g;

export type WaitOptions = {
  /** Matched against everything the child printed (stdout and stderr, colour codes removed). */
  ready: RegExp;
  /** The child is stopped (SIGTERM) and the wait fails after this long. */
  timeoutMs?: number;
};

/**
 * Resolves with the match of `ready` once the child prints it; rejects, with all it printed,
 * if it exits first or takes longer than `timeoutMs` (then it is stopped: a half-started server
 * is never left behind).
 */
export function waitForOutput(child: ChildProcess, { ready, timeoutMs = 60_000 }: WaitOptions): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let output = "";
    let done = false;
    const timer = setTimeout(() => {
      done = true;
      child.kill("SIGTERM");
      reject(new Error(`not ready after ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString().replace(ANSI_ESCAPES, "");
      const match = ready.exec(output);
      if (match === null || done) return;
      done = true;
      clearTimeout(timer);
      resolve(match);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      if (!done) reject(new Error(`exited with ${code ?? signal} before it was ready:\n${output}`));
      done = true;
    });
  });
}

/** Starts a process and waits until it prints `ready`; see waitForOutput. */
export async function spawnAndWait(
  command: string,
  args: string[],
  options: SpawnOptions & WaitOptions,
): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  const { ready, timeoutMs, ...spawnOptions } = options;
  const child = spawn(command, args, { stdio: "pipe", ...spawnOptions });
  return { child, match: await waitForOutput(child, { ready, ...(timeoutMs === undefined ? {} : { timeoutMs }) }) };
}
