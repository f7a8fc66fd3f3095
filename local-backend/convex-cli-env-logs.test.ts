/**
 * `npx convex env` and `npx convex logs` (the official CLI) against a local backend: the
 * variables are the deployment's (kept in the data folder, seen by functions and live
 * subscriptions), and the logs stream every execution, scheduled jobs included.
 */
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ConvexHttpClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import { afterEach, expect, it } from "vitest";
import { api } from "../convex/_generated/api";
import { cliProject, outputUntil, runCli, startCli, type CliTarget } from "./front/cli/convex-cli.ts";
import type { LocalBackend } from "./server.ts";
import { newClient, startTestBackend, waitForQuery } from "./test-support.ts";

// A ceiling for a stuck CLI, not a measure: a dozen CLI runs took over two minutes on a busy 2-core machine.
const CLI_TIMEOUT = 600_000;
let backend: LocalBackend | undefined;
afterEach(async () => {
  await backend?.close();
  backend = undefined;
});

async function target(started: LocalBackend): Promise<CliTarget> {
  return { url: started.url, adminKey: started.adminKey, cwd: await cliProject() };
}

it(
  "env list/get/set/remove: the deployment's variables, seen by functions and subscriptions, kept in the data folder",
  async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "cli-env-"));
    backend = await startTestBackend({ dataDir });
    const cli = await target(backend);

    const listed = await runCli(cli, ["env", "list"]);
    expect(listed.code, listed.stderr).toBe(0);
    const names = listed.stdout
      .trim()
      .split("\n")
      .map((line) => line.split("=")[0]);
    // The app's local variables, which the tests set as `npm run dev` does (test-support.ts).
    expect(names).toEqual(["AUTH_LOCAL_LOGIN", "AUTH_LOG_LEVEL", "JWKS", "JWT_PRIVATE_KEY", "SITE_URL"]);

    const client = newClient(backend.url);
    await waitForQuery(client, api.auth.providers, {}, (providers) => !providers.google);
    const wrong = await runCli({ ...cli, adminKey: "apoie-local|wrong" }, ["env", "set", "AUTH_GOOGLE_ID", "client-id"]);
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toContain("BadAdminKey");
    expect((await runCli(cli, ["env", "get", "AUTH_GOOGLE_ID"])).stdout).not.toContain("client-id");

    for (const [name, value] of [
      ["AUTH_GOOGLE_ID", "client-id"],
      ["AUTH_GOOGLE_SECRET", "client-secret"],
    ]) {
      const set = await runCli(cli, ["env", "set", name!, value!]);
      expect(set.code, set.stderr).toBe(0);
    }
    // The open subscription sees it, and so does the next call.
    await waitForQuery(client, api.auth.providers, {}, (providers) => providers.google);
    expect(JSON.parse((await runCli(cli, ["run", "auth:providers"])).stdout)).toEqual({ google: true, local: true, email: false });
    expect((await runCli(cli, ["env", "get", "AUTH_GOOGLE_ID"])).stdout.trim()).toBe("client-id");
    expect(JSON.parse(await readFile(path.join(dataDir, "environment.json"), "utf8"))).toMatchObject({ AUTH_GOOGLE_ID: "client-id" });

    const removed = await runCli(cli, ["env", "remove", "AUTH_GOOGLE_SECRET"]);
    expect(removed.code, removed.stderr).toBe(0);
    await waitForQuery(client, api.auth.providers, {}, (providers) => !providers.google);
    await client.close();

    // A restart keeps them.
    await backend.close();
    backend = await startTestBackend({ dataDir });
    const again = await runCli({ ...cli, url: backend.url, adminKey: backend.adminKey }, ["env", "list"]);
    expect(again.stdout).toContain("AUTH_GOOGLE_ID=client-id");
    expect(again.stdout).not.toContain("AUTH_GOOGLE_SECRET");
  },
  CLI_TIMEOUT,
);

it(
  "logs streams executions with their log lines, a scheduled job's included",
  async () => {
    backend = await startTestBackend({ convexDir: path.join(import.meta.dirname, "functions/scheduler/test-convex") });
    const cli = await target(backend);
    const logs = startCli(cli, ["logs", "--success"]);
    try {
      // The first poll answers with history, which `logs` does not print: wait until it streams
      // (the fixture's cron ticks every second), so the calls below come after it however slow the start.
      await outputUntil(logs, (stdout) => stdout.includes("[CONVEX M(jobs:tick)]"), 60_000);
      const http = new ConvexHttpClient(backend.url);
      await http.query(makeFunctionReference<"query">("logs:greet"), { name: "Ana" });
      await http.mutation(makeFunctionReference<"mutation">("jobs:schedule"), { delayMs: 0, text: "from the scheduler" });
      const output = await outputUntil(logs, (stdout) => stdout.includes("from the scheduler'"));
      expect(output).toMatch(/\[CONVEX Q\(logs:greet\)\] \[LOG\] 'olá' 'Ana' \{ times: 2 \}/);
      expect(output).toMatch(/\[CONVEX M\(jobs:write\)\] \[LOG\] 'note written:' 'from the scheduler'/);
      expect(output).toMatch(/\[CONVEX M\(jobs:schedule\)\] Function executed in \d+ ms/);
    } finally {
      logs.child.kill("SIGINT");
      await logs.done;
    }
  },
  CLI_TIMEOUT,
);
