import { describe, expect, test } from "vitest";
import { api } from "../../_generated/api";
import { newBackend, signedInUser } from "../test.helpers";

describe("users:me menuName: 'display name, or Usuário'", () => {
  test("is the person's name, cleaned", async () => {
    const t = newBackend();
    const ana = await signedInUser(t, { name: "  Ana\u200b Souza " });
    expect(await ana.as.query(api.users.me, {})).toMatchObject({ menuName: "Ana Souza" });
  });

  test("is Usuário without a visible name, never the e-mail", async () => {
    const t = newBackend();
    for (const name of ["", "\u200b\u200b", "   "]) {
      const user = await signedInUser(t, { name, email: `sem.nome.${name.length}@exemplo.com` });
      expect(await user.as.query(api.users.me, {})).toMatchObject({ menuName: "Usuário" });
    }
  });
});
