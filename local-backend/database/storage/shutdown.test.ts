/**
 * Ctrl-C or SIGTERM always leaves the shutdown snapshot: the whole state in database.json and
 * an empty journal, even when the signal comes twice (a second Ctrl-C, or a wrapper relaying
 * it to the process group) while mutations are still running.
 */
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ConvexHttpClient } from "convex/browser";
import { expect, it, vi } from "vitest";
import { localSignInToken } from "../../../test-kit/local-sign-in.ts";
import { DATABASE_FILE } from "./database-file.ts";
import { JOURNAL_FILE } from "./journal-file.ts";
import { backendFlags, startLocalBackendProcess } from "../../../test-kit/local-backend.ts";

const IN_FLIGHT = 20;

it("writes the shutdown snapshot on SIGTERM sent twice to the process group while mutations run", { timeout: 120_000 }, async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "apoie-shutdown-"));
  try {
    for (const signal of ["SIGTERM", "SIGINT"] as const) {
      // Leading its own process group, as a terminal's Ctrl-C reaches it.
      const backend = await startLocalBackendProcess({ args: backendFlags({ dataDir }) });
      const client = new ConvexHttpClient(backend.url);
      const signIns = Array.from({ length: IN_FLIGHT }, (_, n) =>
        localSignInToken(client, `Pessoa ${n}`, `pessoa${n}-${signal}@exemplo.com`).then(
          () => true,
          () => false,
        ),
      );
      await Promise.race(signIns);
      backend.signal(signal);
      // What tsx's relay (or a second Ctrl-C) does once the shutdown has begun.
      await vi.waitFor(() => expect(backend.output()).toContain(`local backend: ${signal}; writing the shutdown snapshot`), {
        timeout: 30_000,
        interval: 5,
      });
      expect(await backend.stop(signal)).toBe(0);
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
