/**
 * The variables a local deployment of this app is given before it runs anything, as on Convex
 * a developer sets them with `npx convex env set` (`npm run dev` does, scripts/dev.ts; the
 * tests through the backend's start option or admin API): local sign-in on, the web app's URL,
 * Convex Auth's RS256 key pair (new each time, in the form Convex Auth reads) and its log level.
 */
import { exportJWK, exportPKCS8, generateKeyPair } from "jose";

/** Where the web app runs in development (Vite's port). */
export const LOCAL_SITE_URL = "http://127.0.0.1:5173";

export async function localDeploymentVariables({ siteUrl = LOCAL_SITE_URL }: { siteUrl?: string } = {}): Promise<Record<string, string>> {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const pkcs8 = await exportPKCS8(privateKey);
  return {
    AUTH_LOCAL_LOGIN: "true",
    SITE_URL: siteUrl,
    // PKCS8 PEM on one line, and the public key as Convex Auth serves it at /.well-known/jwks.json.
    JWT_PRIVATE_KEY: pkcs8.trimEnd().replace(/\n/g, " "),
    JWKS: JSON.stringify({ keys: [{ use: "sig", ...(await exportJWK(publicKey)) }] }),
    AUTH_LOG_LEVEL: "WARN",
  };
}
