import { decodeJwt } from "jose";
import { expect, test } from "vitest";
import { withSigningKeys } from "../test.signingKeys";
import { api } from "../../_generated/api";
import { allRows, newBackend, type Backend } from "../test.helpers";

withSigningKeys();

async function signInLocally(t: Backend, name: string, email: string) {
  const result = await t.action(api.auth.signIn, { provider: "local", params: { name, email } });
  const claims = decodeJwt(result.tokens!.token);
  return t.withIdentity({ subject: claims.sub!, issuer: claims.iss! });
}

test("each sign-in leaves a record; after a deletion the same e-mail signs in as a new, empty account", async () => {
  const t = newBackend();
  const first = await signInLocally(t, "Rita", "rita@exemplo.com");
  await signInLocally(t, "Rita", "rita@exemplo.com");
  const me = await first.query(api.users.me, {});
  expect((await allRows(t, "signInRecords")).map((row) => [row.userId, row.provider])).toEqual([
    [me!._id, "local"],
    [me!._id, "local"],
  ]);

  await first.mutation(api.myData.deleteMyAccount, {});
  expect(await allRows(t, "authAccounts")).toEqual([]);
  const again = await signInLocally(t, "Rita", "rita@exemplo.com");
  const newMe = await again.query(api.users.me, {});
  expect(newMe!._id).not.toBe(me!._id);
  expect(newMe).toMatchObject({ name: "Rita", email: "rita@exemplo.com" });
});
