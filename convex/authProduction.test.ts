/**
 * A production deployment's sign-in: Google configured, AUTH_LOCAL_LOGIN unset, no test issuer.
 * Its own file because convex/auth.ts reads the environment when it loads, and convex-test
 * caches modules per test file: these values must be in place before the first call.
 */
import { exportJWK, exportPKCS8, generateKeyPair } from "jose";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import { newBackend } from "./test.helpers";

const GOOGLE_ID = "apoie.apps.googleusercontent.com";

vi.stubEnv("AUTH_LOCAL_LOGIN", undefined);
vi.stubEnv("AUTH_GOOGLE_ISSUER", undefined);
vi.stubEnv("AUTH_GOOGLE_ID", GOOGLE_ID);
vi.stubEnv("AUTH_GOOGLE_SECRET", "segredo");

beforeAll(async () => {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  vi.stubEnv("JWT_PRIVATE_KEY", (await exportPKCS8(privateKey)).trimEnd().replace(/\n/g, " "));
  vi.stubEnv("JWKS", JSON.stringify({ keys: [{ use: "sig", ...(await exportJWK(publicKey)) }] }));
});

afterAll(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe("without AUTH_LOCAL_LOGIN", () => {
  test("auth:providers offers Google only, so the local button is not shown", async () => {
    expect(await newBackend().query(api.auth.providers, {})).toEqual({ google: true, local: false });
  });

  test("auth:signIn with provider local is refused and creates no user", async () => {
    const t = newBackend();
    await expect(
      t.action(api.auth.signIn, { provider: "local", params: { name: "Ana", email: "ana@exemplo.com" } }),
    ).rejects.toThrow("Provider `local` is not configured");
    expect(await t.run((ctx) => ctx.db.query("users").collect())).toEqual([]);
  });
});

describe("without AUTH_GOOGLE_ISSUER", () => {
  test("the Google sign-in route discovers accounts.google.com and sends the browser there with our redirect URI", async () => {
    const requested: string[] = [];
    // Offline: answer Google's discovery document the way Google does (the fields used here).
    vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
      const url = input instanceof Request ? input.url : String(input);
      requested.push(url);
      return Response.json({
        issuer: "https://accounts.google.com",
        authorization_endpoint: "https://accounts.google.com/o/oauth2/v2/auth",
        token_endpoint: "https://oauth2.googleapis.com/token",
        userinfo_endpoint: "https://openidconnect.googleapis.com/v1/userinfo",
        jwks_uri: "https://www.googleapis.com/oauth2/v3/certs",
      });
    });
    const t = newBackend();
    const started = await t.action(api.auth.signIn, { provider: "google", params: {} });
    const signInUrl = new URL(started.redirect!);
    expect(signInUrl.origin + signInUrl.pathname).toBe(`${process.env.CONVEX_SITE_URL}/api/auth/signin/google`);

    const response = await t.fetch(`${signInUrl.pathname}${signInUrl.search}`);
    expect(requested).toEqual(["https://accounts.google.com/.well-known/openid-configuration"]);
    expect(response.status).toBe(302);
    const toGoogle = new URL(response.headers.get("Location")!);
    expect(toGoogle.origin + toGoogle.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(toGoogle.searchParams.get("client_id")).toBe(GOOGLE_ID);
    expect(toGoogle.searchParams.get("redirect_uri")).toBe(`${process.env.CONVEX_SITE_URL}/api/auth/callback/google`);
  });
});
