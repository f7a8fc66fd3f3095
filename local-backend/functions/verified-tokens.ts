/**
 * Tokens already verified, so a client calling over HTTP (`ConvexHttpClient`: the token comes
 * with every request) pays the RS256 check once per token, as a WebSocket client does once per
 * connection. A hit is the same token string (kept as its SHA-256) verified earlier and not
 * expired yet (`exp`, checked at each use); anything else (a new, forged or expired token) goes
 * to the verifier, and only what it accepts is kept. At most `maxEntries`, the least recently
 * used dropped first; `clear()` forgets all (the signing keys changed).
 */
import { createHash } from "node:crypto";
import type { Identity } from "./auth-keys.ts";

type Verified = { identity: Identity; expiresAt: number | null };
export type Verify = (token: string) => Promise<Verified>;

/** Well above the sessions of a big on-sale (20,000 buyers), ~0.5 KB each. */
export const VERIFIED_TOKENS_KEPT = 50_000;

export type CachedVerifier = Verify & { clear: () => void; readonly size: number };

export function cacheVerifiedTokens(verify: Verify, { maxEntries = VERIFIED_TOKENS_KEPT, now = Date.now } = {}): CachedVerifier {
  // A Map iterates in insertion order: re-inserting on a hit keeps the least recently used first.
  const verified = new Map<string, Verified>();
  const cached = async (token: string): Promise<Verified> => {
    const key = createHash("sha256").update(token).digest("base64url");
    const hit = verified.get(key);
    if (hit !== undefined) {
      verified.delete(key);
      if (hit.expiresAt === null || now() < hit.expiresAt) {
        verified.set(key, hit);
        return hit;
      }
    }
    const result = await verify(token);
    verified.set(key, result);
    if (verified.size > maxEntries) verified.delete(verified.keys().next().value!);
    return result;
  };
  return Object.defineProperties(cached, {
    clear: { value: () => verified.clear() },
    size: { get: () => verified.size },
  }) as CachedVerifier;
}
