import { beforeAll, describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import { newBackend } from "./test.helpers";

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
    expect(await t.query(api.auth.providers, {})).toEqual({ google: true, local: false });
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
