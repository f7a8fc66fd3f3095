import { ConvexHttpClient } from "convex/browser";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { makeFunctionReference } from "convex/server";
import { afterEach, beforeEach, expect, it } from "vitest";
import { newClient, startTestBackend } from "../../test-support.ts";

const convexDir = path.join(import.meta.dirname, "..", "..", "functions", "scheduler", "test-convex");
const writeFromAction = makeFunctionReference<"action", { text: string }>("jobs:writeFromAction");
const notes = makeFunctionReference<"query", Record<string, never>, string[]>("jobs:notes");
/** The notes the test wrote: the folder's cron adds a "tick" every second, however long the test runs. */
const written = (texts: string[]) => texts.filter((text) => text !== "tick");

let dataDir: string;
beforeEach(async () => void (dataDir = await mkdtemp(path.join(tmpdir(), "apoie-action-durability-"))));
afterEach(() => rm(dataDir, { recursive: true, force: true }));

/** A backend on the test folder whose disk writes fail while `disk.failing` is set. */
async function backendWithFailingDisk() {
  const disk = { failing: false };
  const backend = await startTestBackend({
    convexDir,
    dataDir,
    beforeDiskWrite: async () => {
      if (disk.failing) throw new Error("disco cheio");
    },
  });
  return { backend, disk };
}

it("shows what an action's mutations committed only once it is saved, and answers the action after that", async () => {
  let hold: Promise<void> | null = null;
  let release = () => {};
  let entered = () => {};
  const writeEntered = new Promise<void>((resolve) => (entered = resolve));
  let released = false;
  const backend = await startTestBackend({
    convexDir,
    dataDir,
    beforeDiskWrite: async () => {
      if (hold === null) return;
      entered();
      await hold;
    },
  });
  const http = new ConvexHttpClient(backend.url);
  try {
    hold = new Promise<void>((resolve) => (release = resolve));
    const action = http.action(writeFromAction, { text: "lenta" }).then(() => released);
    await writeEntered; // the action's commit is in memory; its save is held
    const read = http.query(notes, {}).then((texts) => ({ texts: written(texts), released }));
    setTimeout(() => {
      released = true;
      hold = null;
      release();
    }, 100);
    expect(await read).toEqual({ texts: ["lenta"], released: true });
    expect(await action).toBe(true);
  } finally {
    release();
    await backend.close();
  }
});

it("fails an action whose commit cannot be saved, and no subscriber ever sees it", async () => {
  const { backend, disk } = await backendWithFailingDisk();
  const client = newClient(backend.url);
  try {
    const seen: string[][] = [];
    const stop = client.onUpdate(notes, {}, (texts) => seen.push(texts));
    await client.action(writeFromAction, { text: "salva" });
    disk.failing = true;
    await expect(client.action(writeFromAction, { text: "perdida" })).rejects.toThrow(/could not be saved: disco cheio/);
    disk.failing = false;
    await client.action(writeFromAction, { text: "depois" });
    expect(written(await new ConvexHttpClient(backend.url).query(notes, {}))).toEqual(["salva", "depois"]);
    stop();
    expect(seen.flat()).not.toContain("perdida");
  } finally {
    await client.close();
    await backend.close();
  }
});

it("answers an HTTP action once its commit is saved, and with a 500 when it could not be", async () => {
  const { backend, disk } = await backendWithFailingDisk();
  try {
    const post = (text: string) => fetch(`${backend.siteUrl}/note`, { method: "POST", body: text });
    expect((await post("salva")).status).toBe(200);
    disk.failing = true;
    expect((await post("perdida")).status).toBe(500);
    disk.failing = false;
    expect(written(await new ConvexHttpClient(backend.url).query(notes, {}))).toEqual(["salva"]);
  } finally {
    await backend.close();
  }
});
