/**
 * For tests: runs the official Convex CLI from node_modules against a local backend, as a
 * developer would with `CONVEX_SELF_HOSTED_URL` and `CONVEX_SELF_HOSTED_ADMIN_KEY`, from a
 * scratch project folder (a package.json naming convex is all the commands here need).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../node_modules/convex/bin/main.js");

export type CliTarget = { url: string; adminKey: string; cwd: string };
export type CliRun = { code: number | null; stdout: string; stderr: string; seconds: number };

/** A scratch project folder for the CLI to run in. */
export async function cliProject(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "convex-cli-"));
  await writeFile(path.join(dir, "package.json"), JSON.stringify({ name: "cli-test", private: true, dependencies: { convex: "^1.48.0" } }));
  return dir;
}

/** Starts `npx convex <args>`; CI=1 so a failure never waits on error reporting. */
export function startCli(
  target: CliTarget,
  args: string[],
): { child: ChildProcess; output: () => { stdout: string; stderr: string }; done: Promise<CliRun> } {
  const started = Date.now();
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: target.cwd,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      CI: "1",
      CONVEX_SELF_HOSTED_URL: target.url,
      CONVEX_SELF_HOSTED_ADMIN_KEY: target.adminKey,
    },
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<CliRun>((resolve) =>
    child.on("close", (code) => resolve({ code, stdout, stderr, seconds: (Date.now() - started) / 1000 })),
  );
  return { child, output: () => ({ stdout, stderr }), done };
}

/** Runs `npx convex <args>` to the end. */
export function runCli(target: CliTarget, args: string[]): Promise<CliRun> {
  return startCli(target, args).done;
}

/** Resolves once the output of a running CLI satisfies `predicate` (rejects after `ms`). */
export async function outputUntil(cli: ReturnType<typeof startCli>, predicate: (stdout: string) => boolean, ms = 30_000): Promise<string> {
  const deadline = Date.now() + ms;
  while (!predicate(cli.output().stdout)) {
    if (Date.now() > deadline) throw new Error(`timed out; output so far:\n${cli.output().stdout}\n${cli.output().stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return cli.output().stdout;
}
