/**
 * A keyed fingerprint (HMAC-SHA256, hex) for what Apoie must recognise but never read back: an
 * e-mail change's code, the e-mails that already had a welcome bonus. Without the key a table of
 * fingerprints cannot be matched against a list of guessed e-mails or the 10^8 possible codes.
 *
 * The key is PRIVACY_HASH_KEY, else Convex Auth's JWT_PRIVATE_KEY (every deployment with sign-in
 * has it; rotating it makes earlier fingerprints unrecognisable, so a deployment that rotates
 * sets PRIVACY_HASH_KEY once). Tests and a bare local run fall back to a fixed development key.
 */
import { env } from "../../_generated/server";

const DEVELOPMENT_KEY = "apoie-local-development-only";

async function hmacKey(): Promise<CryptoKey> {
  const secret = env.PRIVACY_HASH_KEY || env.JWT_PRIVATE_KEY || DEVELOPMENT_KEY;
  return crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
}

/** The fingerprint of `text` for one `purpose` (a code's fingerprint never matches an e-mail's). */
export async function keyedHash(purpose: string, text: string): Promise<string> {
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(), new TextEncoder().encode(`${purpose}\u0000${text}`));
  return Array.from(new Uint8Array(signature), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
