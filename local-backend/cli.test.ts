import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ConvexHttpClient } from "convex/browser";
import { expect, it } from "vitest";
import { api } from "../convex/_generated/api";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Runs the CLI as `npm run backend:local` does, collecting its output. */
function runCli(args: string[]) {
  const child = spawn(process.execPath, ["--import", "tsx", "local-backend/main.ts", ...args], { cwd: ROOT });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

it("prints the ready line, serves, and stops cleanly on SIGTERM", async () => {
  const cli = runCli(["--port", "0", "--site-port", "0", "--in-memory"]);
  let url: string | undefined;
  for (let i = 0; i < 300 && url === undefined; i++) {
    url = /^Local backend ready at (http:\/\/127\.0\.0\.1:\d+)$/m.exec(cli.output().stdout)?.[1];
    if (url === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(url, cli.output().stderr).toBeDefined();
  // Seeded by default, and local sign-in is on.
  const http = new ConvexHttpClient(url!);
  expect(await http.query(api.auth.providers, {})).toEqual({ google: false, local: true });
  const events = await http.query(api.events.list, { paginationOpts: { numItems: 50, cursor: null } });
  expect(events.page.length).toBeGreaterThan(0);

  cli.child.kill("SIGTERM");
  expect(await cli.exited).toBe(0);
});

it("refuses unknown and conflicting flags with the usage", async () => {
  const unknown = runCli(["--colour"]);
  const conflicting = runCli(["--in-memory", "--data-dir", "x"]);
  expect(await unknown.exited).toBe(2);
  expect(unknown.output().stderr).toMatch(/Usage: npm run backend:local/);
  expect(await conflicting.exited).toBe(2);
  expect(conflicting.output().stderr).toMatch(/cannot be used together/);
});
