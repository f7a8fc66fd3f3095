import { decodeJwt } from "jose";
import { describe, expect, test, vi } from "vitest";
import { withSigningKeys } from "../test.signingKeys";
import { api } from "../../_generated/api";
import { keepChosenName } from "../../model/privacy/names";
import { EMAIL_CHANGE_MESSAGES } from "../../model/shared/emailChange";
import { allRows, MINUTE, newBackend, rejectionData, runDueFunctions, signedInUser, type Backend, type Caller } from "../test.helpers";
import { mailbox, withEmailTestEnvironment } from "../test.email";

withSigningKeys();
withEmailTestEnvironment();

type Mail = ReturnType<typeof mailbox>;

/** Asks to change the caller's e-mail as the page does, and reads the code the new address got. */
async function askChange(t: Backend, mail: Mail, caller: Caller, email: string): Promise<string> {
  const sentTo = await caller.mutation(api.myDataEmail.request, { email });
  await runDueFunctions(t);
  const code = /Código: (\d{8})/.exec(mail.to(sentTo)[0]?.text ?? "")?.[1];
  if (code === undefined) throw new Error(`no code for ${email}`);
  return code;
}

const otherThan = (code: string) => (code === "00000000" ? "11111111" : "00000000");

/** Signs in by e-mail code exactly as the client does; returns the user's id. */
async function signInByCode(t: Backend, mail: Mail, email: string) {
  await t.action(api.auth.signIn, { provider: "email", params: { email } });
  await runDueFunctions(t);
  const code = /Código: (\d{8})/.exec(mail.to(email)[0]?.text ?? "")![1]!;
  const result = await t.action(api.auth.signIn, { provider: "email", params: { email, code } });
  return decodeJwt(result.tokens!.token).sub!.split("|")[0]!;
}

describe("Corrigir meu e-mail", () => {
  test("the e-mail changes only with the code sent to the new address; the old one is told; signing in by code with the new one is the same account", async () => {
    const t = newBackend();
    const mail = mailbox();
    const ana = await signedInUser(t, { name: "Ana", email: "ana@exemplo.com" });
    const code = await askChange(t, mail, ana.as, "Ana.Nova@Exemplo.com ");
    expect(mail.to("ana.nova@exemplo.com")[0]!.text).toContain("15 minutos");
    expect(await ana.as.query(api.myDataEmail.pending, {})).toMatchObject({ newEmail: "ana.nova@exemplo.com" });
    // Nothing changed yet, and the code is stored only as its keyed fingerprint.
    expect((await ana.as.query(api.users.me, {}))!.email).toBe("ana@exemplo.com");
    const [row] = await allRows(t, "emailChanges");
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);

    expect(await ana.as.mutation(api.myDataEmail.confirm, { code: otherThan(code) })).toEqual({
      changed: false,
      message: EMAIL_CHANGE_MESSAGES.badCode,
    });
    expect(await ana.as.mutation(api.myDataEmail.confirm, { code: ` ${code.slice(0, 4)} ${code.slice(4)} ` })).toEqual({
      changed: true,
      email: "ana.nova@exemplo.com",
    });
    expect((await ana.as.query(api.users.me, {}))!.email).toBe("ana.nova@exemplo.com");
    expect(await ana.as.query(api.myDataEmail.pending, {})).toBeNull();
    // The outbox row that carried the code kept it apart, only until it was sent.
    const [sent] = (await allRows(t, "emails")).filter((row) => row.kind === "emailChangeCode");
    expect(JSON.stringify(sent)).not.toContain(code);
    // Used once: the same code again finds nothing to confirm.
    expect(await ana.as.mutation(api.myDataEmail.confirm, { code })).toEqual({ changed: false, message: EMAIL_CHANGE_MESSAGES.noPending });
    await runDueFunctions(t);
    expect(mail.to("ana@exemplo.com")[0]!.subject).toBe("O e-mail da sua conta do Apoie agora é ana.nova@exemplo.com.");
    // An e-mail sign-in account follows the address: the new one reaches Ana's account.
    await t.run((ctx) => ctx.db.insert("authAccounts", { userId: ana.userId, provider: "email", providerAccountId: "ana@exemplo.com" }));
    const code2 = await askChange(t, mail, ana.as, "ana.2@exemplo.com");
    await ana.as.mutation(api.myDataEmail.confirm, { code: code2 });
    expect(await signInByCode(t, mail, "ana.2@exemplo.com")).toBe(ana.userId);
  });

  test("bad input is refused in Portuguese with nothing stored or sent: a bad address, the same one, a signed-out caller", async () => {
    const t = newBackend();
    const mail = mailbox();
    const ana = await signedInUser(t, { name: "Ana", email: "ana@exemplo.com" });
    for (const email of [
      "não-é-email",
      `${"a".repeat(250)}@x.com`,
      "a@b.com\r\nBcc: x@y.com",
      "a@b.com,c@d.com",
      "",
      `a@b.com${" ".repeat(2_000)}`,
    ]) {
      expect(await rejectionData(ana.as.mutation(api.myDataEmail.request, { email }))).toEqual({
        code: "INVALID_EMAIL",
        message: EMAIL_CHANGE_MESSAGES.invalidEmail,
      });
    }
    expect(await rejectionData(ana.as.mutation(api.myDataEmail.request, { email: "ANA@exemplo.com" }))).toMatchObject({
      message: EMAIL_CHANGE_MESSAGES.sameEmail,
    });
    expect(await rejectionData(t.mutation(api.myDataEmail.request, { email: "x@exemplo.com" }))).toMatchObject({ code: "NOT_SIGNED_IN" });
    expect(await rejectionData(t.mutation(api.myDataEmail.confirm, { code: "12345678" }))).toMatchObject({ code: "NOT_SIGNED_IN" });
    for (const code of ["1234", "abcdefgh", `12345678${" ".repeat(100)}`]) {
      expect(await ana.as.mutation(api.myDataEmail.confirm, { code })).toEqual({
        changed: false,
        message: EMAIL_CHANGE_MESSAGES.codeFormat,
      });
    }
    await runDueFunctions(t);
    expect(await allRows(t, "emailChanges")).toEqual([]);
    expect(await allRows(t, "emails")).toEqual([]);
    expect(mail.store.list(null)).toEqual([]);
  });

  test("a code expires after 15 minutes; 5 wrong codes drop the change, and then even the right one does nothing", async () => {
    const t = newBackend();
    const mail = mailbox();
    const ana = await signedInUser(t, { name: "Ana", email: "ana@exemplo.com" });
    const stale = await askChange(t, mail, ana.as, "ana.nova@exemplo.com");
    vi.advanceTimersByTime(15 * MINUTE + 1);
    expect(await ana.as.mutation(api.myDataEmail.confirm, { code: stale })).toEqual({
      changed: false,
      message: EMAIL_CHANGE_MESSAGES.expired,
    });
    const code = await askChange(t, mail, ana.as, "ana.outra@exemplo.com");
    const outcomes = [];
    for (let i = 0; i < 5; i++) outcomes.push(await ana.as.mutation(api.myDataEmail.confirm, { code: otherThan(code) }));
    expect(outcomes.map((outcome) => "message" in outcome && outcome.message)).toEqual([
      ...Array(4).fill(EMAIL_CHANGE_MESSAGES.badCode),
      EMAIL_CHANGE_MESSAGES.tooManyTries,
    ]);
    expect(await ana.as.mutation(api.myDataEmail.confirm, { code })).toEqual({ changed: false, message: EMAIL_CHANGE_MESSAGES.noPending });
    expect((await ana.as.query(api.users.me, {}))!.email).toBe("ana@exemplo.com");
  });

  test("asking is rate limited per person and per new address; an address another account uses is refused after its code", async () => {
    const t = newBackend();
    const mail = mailbox();
    const ana = await signedInUser(t, { name: "Ana", email: "ana@exemplo.com" });
    const bia = await signedInUser(t, { name: "Bia", email: "bia@exemplo.com" });
    for (let i = 0; i < 5; i++) await ana.as.mutation(api.myDataEmail.request, { email: `ana${i}@exemplo.com` });
    expect(await rejectionData(ana.as.mutation(api.myDataEmail.request, { email: "ana9@exemplo.com" }))).toMatchObject({
      code: "RATE_LIMITED",
    });
    // Someone else's inbox cannot be flooded either: 3 an hour per address, whoever asks.
    const carla = await signedInUser(t, { name: "Carla", email: "carla@exemplo.com" });
    for (let i = 0; i < 2; i++) await carla.as.mutation(api.myDataEmail.request, { email: "vitima@exemplo.com" });
    await bia.as.mutation(api.myDataEmail.request, { email: "vitima@exemplo.com" });
    expect(await rejectionData(bia.as.mutation(api.myDataEmail.request, { email: "vitima@exemplo.com" }))).toMatchObject({
      code: "RATE_LIMITED",
    });

    const dora = await signedInUser(t, { name: "Dora", email: "dora@exemplo.com" });
    const code = await askChange(t, mail, dora.as, "bia@exemplo.com");
    expect(await dora.as.mutation(api.myDataEmail.confirm, { code })).toEqual({ changed: false, message: EMAIL_CHANGE_MESSAGES.taken });
    expect((await dora.as.query(api.users.me, {}))!.email).toBe("dora@exemplo.com");
  });

  test("a Google sign-in, which sends its profile's e-mail, keeps the e-mail the person confirmed", async () => {
    const t = newBackend();
    const ana = await signedInUser(t, { name: "Ana", email: "ana@exemplo.com" });
    await t.run((ctx) => ctx.db.patch("users", ana.userId, { email: "ana@gmail.com", chosenEmail: "ana@exemplo.com" }));
    await t.run((ctx) => keepChosenName(ctx, ana.userId));
    expect((await ana.as.query(api.users.me, {}))!.email).toBe("ana@exemplo.com");
  });
});

describe("one welcome bonus per e-mail", () => {
  test("deleting an account and signing up again with the same e-mail gives no second R$ 50,00; a new e-mail still gets it", async () => {
    const t = newBackend();
    const mail = mailbox();
    const first = await signInByCode(t, mail, "esperta@exemplo.com");
    const firstCaller = t.withIdentity({ subject: `${first}|${(await allRows(t, "authSessions"))[0]!._id}` });
    expect((await firstCaller.query(api.users.me, {}))!.walletCents).toBe(5_000);
    await firstCaller.mutation(api.myData.deleteMyAccount, {});
    // Only a fingerprint stays: no table holds the address.
    for (const row of await allRows(t, "welcomeBonusEmails")) expect(JSON.stringify(row)).not.toContain("esperta");

    vi.advanceTimersByTime(2 * 60 * MINUTE); // past the per-address limit on codes
    const again = await signInByCode(t, mail, "esperta@exemplo.com");
    expect(again).not.toBe(first);
    const user = await t.run((ctx) => ctx.db.get("users", again as never));
    expect(user).toMatchObject({ walletCents: 0, promoCents: 0 });
    expect((await allRows(t, "walletEntries")).filter((row) => row.userId === again)).toEqual([]);

    const fresh = await signInByCode(t, mail, "nova@exemplo.com");
    expect(await t.run((ctx) => ctx.db.get("users", fresh as never))).toMatchObject({ walletCents: 5_000 });
  });

  test("changing the e-mail and coming back with the old address as a new account gives no second bonus either", async () => {
    const t = newBackend();
    const mail = mailbox();
    const userId = await signInByCode(t, mail, "velho@exemplo.com");
    const caller = t.withIdentity({ subject: `${userId}|${(await allRows(t, "authSessions"))[0]!._id}` });
    const code = await askChange(t, mail, caller, "novo@exemplo.com");
    expect(await caller.mutation(api.myDataEmail.confirm, { code })).toMatchObject({ changed: true });
    vi.advanceTimersByTime(2 * 60 * MINUTE);
    const other = await signInByCode(t, mail, "velho@exemplo.com");
    expect(other).not.toBe(userId);
    expect(await t.run((ctx) => ctx.db.get("users", other as never))).toMatchObject({ walletCents: 0 });
  });
});
