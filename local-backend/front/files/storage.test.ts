import { createHash } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ConvexClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import type { GenericId } from "convex/values";
import { afterAll, afterEach, beforeAll, expect, it, vi } from "vitest";
import type { LocalBackend, LocalBackendOptions } from "../../server.ts";
import { newClient, startTestBackend } from "../../test-support.ts";

type StorageId = GenericId<"_storage">;
type Metadata = { _id: StorageId; contentType?: string; size: number; sha256: string };
const generateUploadUrl = makeFunctionReference<"mutation", Record<string, never>, string>("files:generateUploadUrl");
const fileUrl = makeFunctionReference<"query", { id: StorageId }, string | null>("files:url");
const metadata = makeFunctionReference<"query", { id: StorageId }, Metadata | null>("files:metadata");
const count = makeFunctionReference<"query", Record<string, never>, number>("files:count");
const remove = makeFunctionReference<"mutation", { id: StorageId }, null>("files:remove");
const storeText = makeFunctionReference<"action", { text: string }, StorageId>("files:storeText");
const readText = makeFunctionReference<"action", { id: StorageId }, string | null>("files:readText");

const convexDir = path.join(import.meta.dirname, "..", "..", "functions", "scheduler", "test-convex");
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

let dataDir: string;
let backend: LocalBackend | null = null;
let client: ConvexClient | null = null;

async function start(options: LocalBackendOptions = {}): Promise<ConvexClient> {
  backend = await startTestBackend({ convexDir, dataDir, ...options });
  client = newClient(backend.url);
  return client;
}

async function stop(): Promise<void> {
  await client?.close();
  await backend?.close();
  client = null;
  backend = null;
}

async function upload(convex: ConvexClient, bytes: Uint8Array<ArrayBuffer>, type: string): Promise<Response> {
  const url = await convex.mutation(generateUploadUrl, {});
  return fetch(url, { method: "POST", headers: { "Content-Type": type }, body: bytes });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "apoie-files-"));
});

afterEach(stop);

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

it("takes an upload, describes it in _storage and serves it back with its type, also after a restart", async () => {
  const convex = await start();
  const response = await upload(convex, PNG_BYTES, "image/png");
  expect(response.status).toBe(200);
  const { storageId } = (await response.json()) as { storageId: StorageId };
  expect(await convex.query(metadata, { id: storageId })).toMatchObject({
    contentType: "image/png",
    size: PNG_BYTES.length,
    sha256: createHash("sha256").update(PNG_BYTES).digest("base64"),
  });
  expect(await readdir(path.join(dataDir, "files"))).toHaveLength(1);

  await stop();
  const restarted = await start();
  const url = await restarted.query(fileUrl, { id: storageId });
  expect(url).toMatch(new RegExp(`^${backend!.url}/api/storage/`));
  const served = await fetch(url!);
  expect(served.headers.get("content-type")).toBe("image/png");
  expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG_BYTES);
});

it("refuses an upload over the limit and writes nothing", async () => {
  const convex = await start({ dataDir: path.join(dataDir, "small"), maxUploadBytes: 1024 });
  const filesDir = path.join(dataDir, "small", "files");
  const response = await upload(convex, new Uint8Array(4096), "image/png");
  expect(response.status).toBe(413);
  expect(await convex.query(count, {})).toBe(0);
  // The folder is made with the first file.
  expect(await readdir(filesDir).catch(() => [])).toEqual([]);
});

it("stores, reads and deletes files from actions and mutations, in memory too", async () => {
  const convex = await start({ dataDir: null });
  const id = await convex.action(storeText, { text: "olá" });
  expect(await convex.action(readText, { id })).toBe("olá");
  expect((await convex.query(metadata, { id }))?.contentType).toBe("text/plain");
  const url = (await convex.query(fileUrl, { id }))!;
  await convex.mutation(remove, { id });
  expect(await convex.query(fileUrl, { id })).toBeNull();
  expect(await convex.action(readText, { id })).toBeNull();
  expect((await fetch(url)).status).toBe(404);
  // Another table's id names no file.
  const job = await convex.mutation(makeFunctionReference<"mutation", { delayMs: number; text: string }, string>("jobs:schedule"), {
    delayMs: 3_600_000,
    text: "x",
  });
  expect((await fetch(`${backend!.url}/api/storage/${job}`)).status).toBe(404);
});

it("refuses an upload URL an hour after it was made, as Convex does", async () => {
  const convex = await start({ dataDir: null });
  const made = Date.now();
  const fresh = await convex.mutation(generateUploadUrl, {});
  const stale = await convex.mutation(generateUploadUrl, {});
  // Just inside the hour, one URL still works; past it, the other is refused and nothing is stored.
  const now = vi.spyOn(Date, "now").mockReturnValue(made + 59 * 60 * 1000);
  expect((await fetch(fresh, { method: "POST", headers: { "Content-Type": "image/png" }, body: PNG_BYTES })).status).toBe(200);
  now.mockReturnValue(made + 61 * 60 * 1000);
  const refused = await fetch(stale, { method: "POST", headers: { "Content-Type": "image/png" }, body: PNG_BYTES });
  now.mockRestore();
  expect(refused.status).toBe(401);
  expect(await refused.json()).toEqual({ code: "UploadRefused", message: "Invalid or expired upload URL" });
  expect(await convex.query(count, {})).toBe(1);
});
