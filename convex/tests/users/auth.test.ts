import { decodeJwt } from "jose";
import { describe, expect, test } from "vitest";
import { withSigningKeys } from "../test.signingKeys";
import { api } from "../../_generated/api";
import { newBackend, rejectionData, type Backend } from "../test.helpers";

// Convex Auth signs its JWTs with these; a deployment sets them with `npx @convex-dev/auth`.
withSigningKeys();

/** Signs in through the `local` provider exactly as the client does, and acts as the result. */
async function signInLocally(t: Backend, name: string, email: string) {
  const result = await t.action(api.auth.signIn, { provider: "local", params: { name, email } });
  const token = result.tokens?.token;
  if (!token) throw new Error("no token returned");
  const claims = decodeJwt(token);
  expect(claims.iss).toBe(process.env.CONVEX_SITE_URL);
  expect(claims.aud).toBe("convex");
  return t.withIdentity({ subject: claims.sub!, issuer: claims.iss! });
}

describe("local sign-in", () => {
  test("signIn action → token → identity → users:me with R$ 50,00", async () => {
    const t = newBackend();
    const maria = await signInLocally(t, "Maria Silva", "maria@exemplo.com");
    expect(await maria.query(api.users.me, {})).toMatchObject({
      name: "Maria Silva",
      email: "maria@exemplo.com",
      walletCents: 5_000,
    });
  });

  test("signing in again is the same user and keeps the wallet", async () => {
    const t = newBackend();
    const first = await signInLocally(t, "Maria Silva", "maria@exemplo.com");
    const userId = (await first.query(api.users.me, {}))!._id;
    await t.run((ctx) => ctx.db.patch("users", userId, { walletCents: 1_234 }));
    const second = await signInLocally(t, "Maria Silva", "MARIA@exemplo.com");
    expect(await second.query(api.users.me, {})).toMatchObject({ _id: userId, walletCents: 1_234 });
  });

  test("refuses a missing name or a malformed e-mail, in Portuguese, creating no user", async () => {
    const t = newBackend();
    for (const params of [{ name: "", email: "a@b.com" }, { name: "Ana", email: "não-é-email" }, { name: "Ana" }]) {
      const error = await rejectionData(t.action(api.auth.signIn, { provider: "local", params }));
      expect(error.message).toBe("Informe um nome e um e-mail válidos para entrar.");
    }
    expect(await t.run((ctx) => ctx.db.query("users").collect())).toEqual([]);
  });

  test("users:me is null when signed out", async () => {
    expect(await newBackend().query(api.users.me, {})).toBeNull();
  });

  test("auth:providers reports local on and Google off without credentials", async () => {
    expect(await newBackend().query(api.auth.providers, {})).toEqual({ google: false, local: true, email: false });
  });
});
