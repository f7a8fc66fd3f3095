/**
 * The admin key: whoever presents it may read everything this backend holds (the dashboard)
 * and, as on a Convex deployment, act as the developer (`Authorization: Convex <key>`).
 * It is 256 random bits, made at first start and kept in the data folder (readable by its
 * owner only), or made anew at every start with `--in-memory`. `--new-admin-key` replaces it.
 *
 * Its form follows Convex's admin keys, `<instance name>|<hex>`: no `:` (Convex reads what
 * follows a `:` as an identity to act as), nothing a URL or a cookie must escape but `|`.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { writeFileAtomic } from "../../database/storage/database-file.ts";

export const ADMIN_KEY_FILE = "admin-key";
const INSTANCE_NAME = "apoie-local";
const KEY_FORM = /^[a-z0-9-]+\|[0-9a-f]{64}$/;

export function generateAdminKey(): string {
  return `${INSTANCE_NAME}|${randomBytes(32).toString("hex")}`;
}

/**
 * The key kept in `dataDir`, made and saved the first time (or when `replace` is set). A file
 * that does not hold a key stops the start rather than being replaced silently.
 */
export async function loadOrCreateAdminKey(dataDir: string, { replace = false } = {}): Promise<string> {
  const file = path.join(dataDir, ADMIN_KEY_FILE);
  if (!replace) {
    try {
      const saved = (await readFile(file, "utf8")).trim();
      if (KEY_FORM.test(saved)) return saved;
      throw new Error(`${file} does not hold an admin key; start with --new-admin-key to make a new one`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  const key = generateAdminKey();
  await writeFileAtomic(file, `${key}\n`, 0o600);
  return key;
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest();
}

/**
 * Whether `presented` is the admin key. Compares digests in constant time, so neither the
 * time taken nor the lengths say how much of a guess was right.
 */
export function isAdminKey(presented: unknown, adminKey: string): boolean {
  if (typeof presented !== "string" || presented.length === 0) return false;
  return timingSafeEqual(digest(presented), digest(adminKey));
}
