import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import { newBackend } from "../test.helpers";

// A production deployment: Google configured, AUTH_LOCAL_LOGIN never set. convex/auth.ts reads
// the environment when it loads, which in this file (its own module registry) is after this.
beforeAll(() => {
  delete process.env.AUTH_LOCAL_LOGIN;
  process.env.AUTH_GOOGLE_ID = "apoie.apps.googleusercontent.com";
  process.env.AUTH_GOOGLE_SECRET = "segredo";
});

describe("without AUTH_LOCAL_LOGIN the local sign-in does not exist", () => {
  test("auth:providers offers Google only", async () => {
    const t = newBackend();
    expect(await t.query(api.auth.providers, {})).toEqual({ google: true, local: false, email: false });
  });

  test("auth:signIn with provider local is refused and creates no user", async () => {
    const t = newBackend();
    await expect(
      t.action(api.auth.signIn, { provider: "local", params: { name: "Intrusa", email: "intrusa@exemplo.com" } }),
    ).rejects.toThrow(/Provider `local` is not configured/);
    expect(await t.run((ctx) => ctx.db.query("users").take(1))).toEqual([]);
  });

  test("auth:signIn with provider google starts Google's redirect flow", async () => {
    const t = newBackend();
    const result = await t.action(api.auth.signIn, { provider: "google", params: {} });
    expect(result.redirect).toMatch(/\/api\/auth\/signin\/google\?code=/);
  });
});

describe("without AUTH_GOOGLE_ISSUER (production) the provider talks to Google", () => {
  afterAll(() => vi.unstubAllGlobals());

  test("the sign-in route discovers accounts.google.com and sends the browser there with our callback URI", async () => {
    const requested: string[] = [];
    // Offline: answer discovery with the fields of Google's own document that matter here.
    vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
      requested.push(input instanceof Request ? input.url : String(input));
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
    const signInRoute = new URL(started.redirect!);
    const response = await t.fetch(`${signInRoute.pathname}${signInRoute.search}`);

    expect(requested).toEqual(["https://accounts.google.com/.well-known/openid-configuration"]);
    expect(response.status).toBe(302);
    const toGoogle = new URL(response.headers.get("Location")!);
    expect(`${toGoogle.origin}${toGoogle.pathname}`).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(toGoogle.searchParams.get("client_id")).toBe("apoie.apps.googleusercontent.com");
    expect(toGoogle.searchParams.get("redirect_uri")).toBe(`${process.env.CONVEX_SITE_URL}/api/auth/callback/google`);
  });
});
