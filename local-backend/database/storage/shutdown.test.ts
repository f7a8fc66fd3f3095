/**
 * Ctrl-C or SIGTERM always leaves the shutdown snapshot: the whole state in database.json and
 * an empty journal, even when the signal comes twice (a second Ctrl-C, or a wrapper relaying
 * it to the process group) while mutations are still running.
 */
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ConvexHttpClient } from "convex/browser";
import { expect, it } from "vitest";
import { localSignInToken } from "../../../test-kit/local-sign-in.ts";
import { DATABASE_FILE } from "./database-file.ts";
import { JOURNAL_FILE } from "./journal-file.ts";

const ROOT = path.join(import.meta.dirname, "..", "..", "..");
const IN_FLIGHT = 20;

/** The backend as `npm run backend:local` starts it, leading its own process group (as a terminal's Ctrl-C reaches it). */
function startBackend(dataDir: string) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "local-backend/main.ts", "--port", "0", "--site-port", "0", "--data-dir", dataDir, "--no-seed"],
    {
      cwd: ROOT,
      detached: true,
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let output = "";
  const url = new Promise<string>((resolve) =>
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /Local backend ready at (\S+)/.exec(output);
      if (ready !== null) resolve(ready[1]!);
    }),
  );
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { pid: child.pid!, url, exited };
}

it("writes the shutdown snapshot on SIGTERM sent twice to the process group while mutations run", { timeout: 120_000 }, async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "apoie-shutdown-"));
  try {
    for (const signal of ["SIGTERM", "SIGINT"] as const) {
      const backend = startBackend(dataDir);
      const client = new ConvexHttpClient(await backend.url);
      const signIns = Array.from({ length: IN_FLIGHT }, (_, n) =>
        localSignInToken(client, `Pessoa ${n}`, `pessoa${n}-${signal}@exemplo.com`).then(
          () => true,
          () => false,
        ),
      );
      await Promise.race(signIns);
      process.kill(-backend.pid, signal);
      // What tsx's relay (or a second Ctrl-C) does 30 ms later.
      await new Promise((resolve) => setTimeout(resolve, 30));
      process.kill(-backend.pid, signal);
      expect(await backend.exited).toBe(0);
      const acknowledged = (await Promise.all(signIns)).filter(Boolean).length;
      expect(acknowledged).toBeGreaterThan(0);
      expect((await stat(path.join(dataDir, JOURNAL_FILE))).size).toBe(0);
      const snapshot = JSON.parse(await readFile(path.join(dataDir, DATABASE_FILE), "utf8")) as { documents: { email?: unknown }[] };
      // This round's people (a user document has their e-mail; ids name their table by a number).
      const people = snapshot.documents.filter(
        ({ email }) => typeof email === "string" && email.endsWith(`-${signal.toLowerCase()}@exemplo.com`),
      );
      expect(people.length).toBeGreaterThanOrEqual(acknowledged);
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
