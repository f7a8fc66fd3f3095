/**
 * The refresh-token deletion attack (docs/security/convex-auth-refresh-token-delete.md): a
 * refresh token is "<authRefreshTokens id>|<authSessions id>", and @convex-dev/auth 0.0.95
 * read and deleted whatever document either half named. These tests fail when
 * patches/@convex-dev+auth+*.patch is not applied to node_modules (run `npm ci` or
 * `npx patch-package`).
 */
import { describe, expect, test } from "vitest";
import { withSigningKeys } from "../test.signingKeys";
import { api, internal } from "../../_generated/api";
import { createEvent, newBackend, signedInUser, snapshot } from "../test.helpers";

withSigningKeys();

async function backendWithEvent() {
  const t = newBackend();
  const { userId, as } = await signedInUser(t);
  const eventId = await createEvent(as);
  return { t, userId, eventId };
}

describe("auth:signIn with a forged refresh token", () => {
  test("an anonymous caller cannot delete an event by naming it as the session half", async () => {
    const { t, eventId } = await backendWithEvent();
    const before = await snapshot(t);
    const result = await t.action(api.auth.signIn, { refreshToken: `anything|${eventId}` });
    expect(result).toEqual({ tokens: null });
    expect(await snapshot(t)).toEqual(before);
  });

  test("nor a user, whichever half names it", async () => {
    const { t, userId } = await backendWithEvent();
    const before = await snapshot(t);
    for (const refreshToken of [`${userId}|${userId}`, `x|${userId}`, `${userId}|x`]) {
      await t.action(api.auth.signIn, { refreshToken }).catch(() => null);
    }
    expect(await snapshot(t)).toEqual(before);
  });

  test("a real refresh token still refreshes", async () => {
    const t = newBackend();
    const first = await t.action(api.auth.signIn, {
      provider: "local",
      params: { name: "Maria Silva", email: "maria@exemplo.com" },
    });
    const refreshToken = first.tokens!.refreshToken;
    const refreshed = await t.action(api.auth.signIn, { refreshToken });
    expect(refreshed.tokens?.token).toEqual(expect.any(String));
    expect(refreshed.tokens?.refreshToken).not.toBe(refreshToken);
  });
});

describe("auth:store verifierSignature (the OAuth /api/auth/signin route's ?code=)", () => {
  test("refuses an id that is not a verifier instead of patching that document", async () => {
    const { t, eventId } = await backendWithEvent();
    const before = await snapshot(t);
    await expect(
      t.mutation(internal.auth.store, { args: { type: "verifierSignature", verifier: eventId, signature: "s" } }),
    ).rejects.toThrow(/Invalid verifier/);
    expect(await snapshot(t)).toEqual(before);
  });
});
