/**
 * Sign-out ends access at once: a JWT stays valid until it expires (up to an hour), so every
 * function acting for a signed-in person also checks that the token's session still exists.
 */
import { decodeJwt } from "jose";
import { describe, expect, test } from "vitest";
import { withSigningKeys } from "../test.signingKeys";
import { api } from "../../_generated/api";
import { eventInput, newBackend, rejectionData, snapshot, type Backend } from "../test.helpers";

withSigningKeys();

/** Signs in through the `local` provider as the client does; the caller carries that JWT's claims. */
async function signIn(t: Backend, email = "maria@exemplo.com") {
  const result = await t.action(api.auth.signIn, { provider: "local", params: { name: "Maria Silva", email } });
  const claims = decodeJwt(result.tokens!.token);
  return t.withIdentity({ subject: claims.sub!, issuer: claims.iss! });
}

describe("attack: the JWT of a signed-out session", () => {
  test("is refused by users:me and events:create right after auth:signOut", async () => {
    const t = newBackend();
    const oldToken = await signIn(t);
    expect(await oldToken.query(api.users.me, {})).toMatchObject({ name: "Maria Silva" });
    await oldToken.action(api.auth.signOut, {});

    expect(await oldToken.query(api.users.me, {})).toBeNull();
    const before = await snapshot(t);
    expect((await rejectionData(oldToken.mutation(api.events.create, eventInput()))).code).toBe("NOT_SIGNED_IN");
    expect((await rejectionData(oldToken.mutation(api.events.generateImageUploadUrl, {}))).code).toBe("NOT_SIGNED_IN");
    expect(await oldToken.query(api.tickets.mine, {})).toEqual([]);
    expect(await snapshot(t)).toEqual(before);
  });

  test("signing out one session leaves the person's other sessions signed in", async () => {
    const t = newBackend();
    const laptop = await signIn(t);
    const phone = await signIn(t);
    await laptop.action(api.auth.signOut, {});
    expect(await laptop.query(api.users.me, {})).toBeNull();
    expect(await phone.query(api.users.me, {})).toMatchObject({ name: "Maria Silva" });
    expect(await phone.mutation(api.events.create, eventInput())).toEqual(expect.any(String));
  });

  test("a session that expired or was deleted by the cleanup no longer acts either", async () => {
    const t = newBackend();
    const caller = await signIn(t);
    await t.run(async (ctx) => {
      for (const session of await ctx.db.query("authSessions").collect()) await ctx.db.delete("authSessions", session._id);
    });
    expect(await caller.query(api.users.me, {})).toBeNull();
  });
});
