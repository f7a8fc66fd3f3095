import { ConvexHttpClient } from "convex/browser";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { api } from "../../../convex/_generated/api";
import { SEED_FUNCTION } from "../../app-functions.ts";
import type { DatabaseSnapshot } from "./saved-state.ts";
import { createEvent, newClient, signedInClient, signInLocally, startTestBackend, waitForQuery } from "../../test-support.ts";

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "apoie-durability-"));
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const databaseFile = () => path.join(dataDir, "database.json");

it("rolls a commit back when it cannot be saved: the caller gets the error and no one ever sees it", async () => {
  let failWrites = false;
  const backend = await startTestBackend({
    dataDir,
    beforeDiskWrite: async () => {
      if (failWrites) throw new Error("disco cheio");
    },
  });
  const creator = await signedInClient(backend.url, "Criadora", "criadora@exemplo.com");
  const watcher = await signedInClient(backend.url, "Criadora", "criadora@exemplo.com");
  try {
    await createEvent(creator, { name: "Antes" });
    const seen: string[][] = [];
    await waitForQuery(watcher, api.events.mine, {}, (events) => events.length === 1);
    const stop = watcher.onUpdate(api.events.mine, {}, (events) => seen.push(events.map((event) => event.name)));

    failWrites = true;
    await expect(createEvent(creator, { name: "Não Salvo" })).rejects.toThrow(/could not be saved: disco cheio/);
    failWrites = false;
    expect((await creator.query(api.events.mine, {})).map((event) => event.name)).toEqual(["Antes"]);

    await createEvent(creator, { name: "Salvo" });
    await waitForQuery(watcher, api.events.mine, {}, (events) => events.length === 2);
    stop();
    expect(seen.flat()).not.toContain("Não Salvo");
    await Promise.all([creator.close(), watcher.close()]);
    await backend.close();
    const saved = JSON.parse(await readFile(databaseFile(), "utf8")) as DatabaseSnapshot;
    const names = saved.documents.map((document) => (document as { name?: string }).name);
    expect(names).toContain("Salvo");
    expect(names).not.toContain("Não Salvo");
  } finally {
    await Promise.all([creator.close(), watcher.close()]);
    await backend.close();
  }
});

it.each([
  ["null", "null", /holds null instead of a database object/],
  ["a truncated file", '{"format":1,"nextDocId":4,"documents":[{"_id":"1;us', /is not valid JSON \(cut short or damaged/],
  ["an empty file", "", /is not valid JSON \(it is empty/],
  [
    "the wrong shape",
    '{"format":1,"nextDocId":4,"lastCreationTime":1,"lastCommitTs":"5","documents":[{"name":"x"}]}',
    /documents\[0\] is not a document/,
  ],
])("refuses to start on a data file holding %s, names the file and leaves it untouched", async (_what, contents, problem) => {
  await writeFile(databaseFile(), contents);
  const starting = startTestBackend({ dataDir, seed: SEED_FUNCTION });
  await expect(starting).rejects.toThrow(problem);
  await expect(starting).rejects.toThrow(databaseFile());
  expect(await readFile(databaseFile(), "utf8")).toBe(contents);
});

it("acknowledges each group of commits as soon as it is saved, not at the end of a burst", async () => {
  let writes = 0;
  const backend = await startTestBackend({
    dataDir,
    // Each write takes a while, so a burst of commits spans several writes.
    beforeDiskWrite: async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      writes += 1;
    },
  });
  const creator = await signedInClient(backend.url, "Criadora", "criadora@exemplo.com");
  const signIn = newClient(backend.url);
  try {
    const eventId = await createEvent(creator, { minSupportCents: 100 });
    const token = await signInLocally(signIn, "Apoiadora", "apoiadora@exemplo.com");
    const writesAtAcknowledgement: number[] = [];
    await Promise.all(
      // Twenty: the per-person limit of supports.
      Array.from({ length: 20 }, async () => {
        const http = new ConvexHttpClient(backend.url);
        http.setAuth(token);
        await http.mutation(api.supports.support, { eventId, amountCents: 100 });
        writesAtAcknowledgement.push(writes);
      }),
    );
    expect(Math.min(...writesAtAcknowledgement)).toBeLessThan(writes);
    // Taken at once; the event's queue applies them a moment later.
    expect((await waitForQuery(creator, api.events.get, { id: eventId }, (event) => event?.raisedCents === 2_000))!.raisedCents).toBe(
      2_000,
    );
  } finally {
    await Promise.all([creator.close(), signIn.close()]);
    await backend.close();
  }
});
