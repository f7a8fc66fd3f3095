/**
 * The RS256 key pairs Convex Auth signs its JWTs with, and the verification of those JWTs. As
 * on a real deployment, JWT_PRIVATE_KEY and JWKS are the deployment's variables, set by the
 * developer (`npm run dev` and the tests generate a pair with `generateAuthKeys` and set it);
 * tokens are checked against the JWKS variable. The pair kept in the data folder is the
 * backend's own secret (pagination cursors are encrypted with a key derived from it).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { exportJWK, exportPKCS8, generateKeyPair, importJWK, jwtVerify, type JWTPayload } from "jose";
import { writeFileAtomic } from "../database/storage/database-file.ts";

export type AuthKeys = {
  /** PKCS8 PEM with newlines replaced by spaces, as Convex Auth expects in JWT_PRIVATE_KEY. */
  privateKey: string;
  /** `{"keys":[{"use":"sig", ...publicJwk}]}`, as Convex Auth serves it at /.well-known/jwks.json. */
  jwks: string;
};

/** The identity a verified token stands for, in the shape `ctx.auth.getUserIdentity()` returns. */
export type Identity = { subject: string; issuer: string; tokenIdentifier: string };

const KEYS_FILE = "jwt-keys.json";

export async function generateAuthKeys(): Promise<AuthKeys> {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const pkcs8 = await exportPKCS8(privateKey);
  const publicJwk = await exportJWK(publicKey);
  return {
    privateKey: pkcs8.trimEnd().replace(/\n/g, " "),
    jwks: JSON.stringify({ keys: [{ use: "sig", ...publicJwk }] }),
  };
}

/** Reads the keys from `dataDir`, generating and saving them the first time. */
export async function loadOrCreateAuthKeys(dataDir: string): Promise<AuthKeys> {
  const file = path.join(dataDir, KEYS_FILE);
  try {
    const saved = JSON.parse(await readFile(file, "utf8")) as Partial<AuthKeys>;
    if (typeof saved.privateKey === "string" && typeof saved.jwks === "string") {
      return { privateKey: saved.privateKey, jwks: saved.jwks };
    }
    throw new Error(`${file} is not a key file; delete it to generate new keys`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const keys = await generateAuthKeys();
  await writeFileAtomic(file, JSON.stringify(keys, null, 2));
  return keys;
}

/**
 * Returns a function that checks a JWT the way a Convex deployment does for Convex Auth:
 * RS256 signature by the key the deployment's JWKS variable publishes (`jwks()`, read at each
 * check), issuer CONVEX_SITE_URL, audience "convex", not expired. Resolves to the identity and
 * when the token expires (ms); rejects (with jose's error) for any other token, and for every
 * token while JWKS is not set.
 */
export function createTokenVerifier(jwks: () => string | undefined, issuer: string) {
  let imported: { jwks: string; key: Promise<CryptoKey | Uint8Array> } | null = null;
  const publicKey = (text: string) => {
    if (imported?.jwks !== text) {
      const { keys } = JSON.parse(text) as { keys: Record<string, unknown>[] };
      imported = { jwks: text, key: importJWK(keys[0] ?? {}, "RS256") };
    }
    return imported.key;
  };
  return async (token: string): Promise<{ identity: Identity; expiresAt: number | null }> => {
    const text = jwks();
    if (text === undefined) throw new Error("the deployment has no JWKS variable: set JWT_PRIVATE_KEY and JWKS (npx convex env set)");
    const { payload }: { payload: JWTPayload } = await jwtVerify(token, await publicKey(text), {
      issuer,
      audience: "convex",
      algorithms: ["RS256"],
    });
    if (typeof payload.sub !== "string" || payload.sub.length === 0) throw new Error("token has no subject");
    return {
      identity: { subject: payload.sub, issuer, tokenIdentifier: `${issuer}|${payload.sub}` },
      expiresAt: payload.exp === undefined ? null : payload.exp * 1000,
    };
  };
}

export type TokenVerifier = ReturnType<typeof createTokenVerifier>;
