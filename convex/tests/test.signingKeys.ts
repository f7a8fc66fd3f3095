/**
 * Real signing keys for Convex Auth in convex-test: a test file that signs in for real (the
 * sign-in callbacks run and tokens are minted) needs JWT_PRIVATE_KEY and JWKS, made once per file.
 */
import { exportJWK, exportPKCS8, generateKeyPair } from "jose";
import { beforeAll } from "vitest";

export function withSigningKeys(): void {
  beforeAll(async () => {
    const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
    process.env.JWT_PRIVATE_KEY = (await exportPKCS8(privateKey)).trimEnd().replace(/\n/g, " ");
    process.env.JWKS = JSON.stringify({ keys: [{ use: "sig", ...(await exportJWK(publicKey)) }] });
  });
}
