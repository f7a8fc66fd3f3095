/**
 * Mercado Pago's Payouts API in production wants each transfer request signed: the body bytes,
 * signed with the account's Ed25519 private key, in the `X-Signature` header (base64), with
 * `X-Enforce-Signature: true`; the matching public key is registered with Mercado Pago. The
 * key is the PEM that `openssl genpkey -algorithm ed25519` writes (PKCS#8), kept in the
 * deployment's MERCADOPAGO_PAYOUT_PRIVATE_KEY. `@noble/ed25519` signs in any runtime (Convex's
 * default one included); it only needs Web Crypto's SHA-512.
 */
import { signAsync } from "@noble/ed25519";

/** A PKCS#8 Ed25519 private key is this fixed DER prefix followed by the 32-byte seed. */
const PKCS8_ED25519_PREFIX = "302e020100300506032b657004220420";

/** The 32-byte seed of an Ed25519 private key in PKCS#8 PEM; throws on anything else. */
export function ed25519SeedFromPem(pem: string): Uint8Array {
  const base64 = pem
    .replace(/-----(BEGIN|END) PRIVATE KEY-----/g, "")
    .replace(/\\n/g, "")
    .replace(/\s+/g, "");
  const der = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const prefix = Array.from(der.subarray(0, 16), (b) => b.toString(16).padStart(2, "0")).join("");
  if (der.length !== 48 || prefix !== PKCS8_ED25519_PREFIX) {
    throw new Error("MERCADOPAGO_PAYOUT_PRIVATE_KEY is not an Ed25519 private key in PKCS#8 PEM");
  }
  return der.subarray(16);
}

/** The `X-Signature` value for a request body: its Ed25519 signature, base64. */
export async function signPayoutBody(body: string, privateKeyPem: string): Promise<string> {
  const signature = await signAsync(new TextEncoder().encode(body), ed25519SeedFromPem(privateKeyPem));
  return btoa(String.fromCharCode(...signature));
}
