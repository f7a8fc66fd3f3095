import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { ADMIN_KEY_FILE, generateAdminKey, isAdminKey, loadOrCreateAdminKey } from "./admin-key.ts";

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "admin-key-"));
});

afterEach(() => rm(dataDir, { recursive: true, force: true }));

it("makes a random key of at least 128 bits, with no ':' (the official CLI's identity separator)", () => {
  const keys = new Set(Array.from({ length: 50 }, generateAdminKey));
  expect(keys.size).toBe(50);
  for (const key of keys) {
    expect(key).not.toContain(":");
    const [, secret] = key.split("|");
    expect(secret!.length * 4).toBeGreaterThanOrEqual(128);
  }
});

it("keeps the key in the data folder, readable by its owner only, until asked for a new one", async () => {
  const first = await loadOrCreateAdminKey(dataDir);
  expect(await loadOrCreateAdminKey(dataDir)).toBe(first);
  const file = path.join(dataDir, ADMIN_KEY_FILE);
  expect((await readFile(file, "utf8")).trim()).toBe(first);
  expect((await stat(file)).mode & 0o077).toBe(0);

  const replaced = await loadOrCreateAdminKey(dataDir, { replace: true });
  expect(replaced).not.toBe(first);
  expect(await loadOrCreateAdminKey(dataDir)).toBe(replaced);
});

it("refuses to start on a file that holds no key instead of replacing it", async () => {
  await writeFile(path.join(dataDir, ADMIN_KEY_FILE), "not a key\n");
  await expect(loadOrCreateAdminKey(dataDir)).rejects.toThrow(/does not hold an admin key/);
});

it("accepts the key itself and nothing else", () => {
  const key = generateAdminKey();
  expect(isAdminKey(key, key)).toBe(true);
  for (const wrong of [undefined, null, 42, "", key.slice(0, -1), `${key}0`, key.toUpperCase(), generateAdminKey()]) {
    expect(isAdminKey(wrong, key)).toBe(false);
  }
});
