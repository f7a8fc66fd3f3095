import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { api } from "../../../convex/_generated/api";
import type { DatabaseSnapshot } from "../storage/saved-state.ts";
import { createEvent, newClient, signedInClient, startTestBackend } from "../../test-support.ts";
import { decodeConvexId } from "./convex-id.ts";
import { tableOf, TableNumbers } from "./table-numbers.ts";
import { isCounterId, randomDocumentId } from "./random-ids.ts";

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "random-ids-"));
});

afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dataDir, { recursive: true, force: true });
});

it("makes ids in Convex's form: the table's number, 16 random bytes and a checksum; nothing about one tells another", () => {
  const numbers = TableNumbers.open(null);
  const ids = Array.from({ length: 2_000 }, () => randomDocumentId(numbers, "events"));
  expect(new Set(ids).size).toBe(ids.length);
  for (const id of ids) {
    expect(id).toMatch(/^[0-9a-hjkmnp-tv-z]{31,37}$/);
    expect(decodeConvexId(id)?.tableNumber).toBe(numbers.numberFor("events"));
    expect(tableOf(id)).toBe("events");
  }
  // Past the table number, every character position takes many values: no fixed part, no counter.
  for (let position = 4; position < 30; position++) {
    expect(new Set(ids.map((id) => id[position])).size).toBeGreaterThan(16);
  }
  expect(ids.some(isCounterId)).toBe(false);
  expect(isCounterId("00000000000000000000010582events")).toBe(true);
  expect(isCounterId("000000000010004authRefreshTokens")).toBe(true);
});

/** Rewrites every id of the saved database into convex-test's counter form, as older backends wrote them. */
async function rewriteIdsAsCounters(): Promise<Map<string, string>> {
  const file = path.join(dataDir, "database.json");
  let text = await readFile(file, "utf8");
  const renamed = new Map<string, string>();
  for (const [, id] of text.matchAll(/"([0-9a-z]{31,37})"/g)) {
    const table = tableOf(id!);
    if (renamed.has(id!) || decodeConvexId(id!) === null || table === null) continue;
    const counter = String(10_000 + renamed.size).padStart(32 - table.length, "0");
    renamed.set(id!, `${counter}${table}`);
  }
  for (const [from, to] of renamed) text = text.replaceAll(from, to);
  await writeFile(file, text);
  return renamed;
}

it("keeps the ids of a data folder written with counter ids, and drops its refresh tokens with one log line", async () => {
  const first = await startTestBackend({ dataDir });
  const owner = newClient(first.url);
  const signIn = await owner.action(api.auth.signIn, { provider: "local", params: { name: "Rita Antiga", email: "rita@exemplo.com" } });
  await owner.close();
  const creator = await signedInClient(first.url, "Caio Criador", "caio@exemplo.com");
  const eventId = await createEvent(creator, { name: "Evento Antigo" });
  await creator.close();
  await first.close();
  // Every document of the app and of each component got a random id.
  const saved = JSON.parse(await readFile(path.join(dataDir, "database.json"), "utf8")) as DatabaseSnapshot;
  const components = Object.entries(saved.components ?? {}).filter(([, component]) => component.documents.length > 0);
  expect(components.map(([name]) => name)).toContain("rateLimiter");
  for (const documents of [saved.documents, ...components.map(([, component]) => component.documents)]) {
    for (const document of documents) expect(decodeConvexId((document as { _id: string })._id)).not.toBeNull();
  }
  const renamed = await rewriteIdsAsCounters();
  const oldEventId = renamed.get(eventId)!;
  const [refreshTokenId = "", sessionId = ""] = signIn.tokens!.refreshToken.split("|");
  const oldRefreshToken = `${renamed.get(refreshTokenId)!}|${renamed.get(sessionId)!}`;

  const log = vi.spyOn(console, "log");
  const second = await startTestBackend({ dataDir });
  try {
    const dropped = log.mock.calls.filter(([line]) => /refresh tokens from before ids were random/.test(String(line)));
    expect(dropped).toHaveLength(1);
    // Two sign-ins, two refresh tokens.
    expect(String(dropped[0]![0])).toMatch(/^local backend: 2 sign-in refresh tokens/);

    const client = newClient(second.url);
    expect(await client.query(api.events.get, { id: oldEventId as typeof eventId })).toMatchObject({ name: "Evento Antigo" });
    expect(await client.action(api.auth.signIn, { refreshToken: oldRefreshToken })).toEqual({ tokens: null });
    // Signing in again works, with random ids.
    const again = await client.action(api.auth.signIn, { provider: "local", params: { name: "Rita Antiga", email: "rita@exemplo.com" } });
    const [tokenId = "", session = ""] = again.tokens!.refreshToken.split("|");
    expect([tableOf(tokenId), tableOf(session)]).toEqual(["authRefreshTokens", "authSessions"]);
    await client.close();
  } finally {
    await second.close();
  }

  // Nothing is left to drop at the next start.
  log.mockClear();
  const third = await startTestBackend({ dataDir });
  await third.close();
  expect(log.mock.calls.filter(([line]) => /refresh tokens from before/.test(String(line)))).toEqual([]);
});
