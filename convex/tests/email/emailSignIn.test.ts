import { decodeJwt } from "jose";
import { describe, expect, test, vi } from "vitest";
import { withSigningKeys } from "../test.signingKeys";
import { api, internal } from "../../_generated/api";
import { allRows, MINUTE, newBackend, rejectionData, runDueFunctions, type Backend } from "../test.helpers";
import { mailbox, withEmailTestEnvironment } from "../test.email";

withSigningKeys();
withEmailTestEnvironment();

type Mail = ReturnType<typeof mailbox>;

/** Asks for a code as the form does, and reads it from the mailbox. */
async function askCode(t: Backend, mail: Mail, email: string): Promise<string> {
  await t.action(api.auth.signIn, { provider: "email", params: { email } });
  await runDueFunctions(t);
  const [latest] = mail.to(email);
  const code = /Código: (\d{8})/.exec(latest?.text ?? "")?.[1];
  if (code === undefined) throw new Error("no code in the mailbox");
  return code;
}

function enter(t: Backend, email: string, code: string) {
  return t.action(api.auth.signIn, { provider: "email", params: { email, code } });
}

async function userOf(t: Backend, result: { tokens?: { token: string } | null }) {
  const sub = decodeJwt(result.tokens!.token).sub!;
  return (await t.withIdentity({ subject: sub }).query(api.users.me, {}))!;
}

describe("Entrar com e-mail", () => {
  test("an 8-digit code from the mailbox signs in, once; the account has the welcome wallet", async () => {
    const t = newBackend();
    const mail = mailbox();
    const code = await askCode(t, mail, "ana@exemplo.com");
    expect(code).toMatch(/^\d{8}$/);
    const [message] = mail.to("ana@exemplo.com");
    expect(message!.subject).toBe(`Seu código para entrar no Apoie: ${code}`);
    expect(message!.text).toContain("15 minutos");
    const me = await userOf(t, await enter(t, "ana@exemplo.com", code));
    expect(me).toMatchObject({ email: "ana@exemplo.com", walletCents: 5_000 });
    // Reused: refused.
    await expect(enter(t, "ana@exemplo.com", code)).rejects.toThrow("Could not verify code");
  });

  test("a wrong code and an expired one are refused; wrong codes count, and after 10 even the right one is refused", async () => {
    const t = newBackend();
    const mail = mailbox();
    const stale = await askCode(t, mail, "bia@exemplo.com");
    vi.advanceTimersByTime(15 * MINUTE + 1);
    await expect(enter(t, "bia@exemplo.com", stale)).rejects.toThrow("Could not verify code");
    const code = await askCode(t, mail, "bia@exemplo.com");
    const wrong = code === "00000000" ? "11111111" : "00000000";
    for (let i = 0; i < 9; i++) await expect(enter(t, "bia@exemplo.com", wrong)).rejects.toThrow("Could not verify code");
    await expect(enter(t, "bia@exemplo.com", code)).rejects.toThrow("Could not verify code");
  });

  test("refuses a malformed, too long, not normalized or header-breaking address in Portuguese, keeping nothing", async () => {
    const t = newBackend();
    const mail = mailbox();
    for (const email of [
      "não-é-email",
      `${"a".repeat(250)}@x.com`,
      "Ana@Exemplo.com",
      "ana@exemplo.com\r\nBcc: x@y.com",
      "a@b.com,c@d.com",
    ]) {
      const error = await rejectionData(t.action(api.auth.signIn, { provider: "email", params: { email } }));
      expect(error.message).toBe("Informe um e-mail válido (até 254 caracteres).");
    }
    await runDueFunctions(t);
    expect(await t.run((ctx) => ctx.db.query("users").collect())).toEqual([]);
    expect(await t.run((ctx) => ctx.db.query("authVerificationCodes").collect())).toEqual([]);
    expect(mail.store.messages).toHaveLength(0);
  });

  test("at most 5 codes an hour per e-mail", async () => {
    const t = newBackend();
    const mail = mailbox();
    for (let i = 0; i < 5; i++) await askCode(t, mail, "cai@exemplo.com");
    const error = await rejectionData(t.action(api.auth.signIn, { provider: "email", params: { email: "cai@exemplo.com" } }));
    expect(error.code).toBe("RATE_LIMITED");
    expect(error.message).toMatch(/^Muitas tentativas\. Tente novamente em \d+ segundos\.$/);
    await runDueFunctions(t);
    expect(mail.to("cai@exemplo.com")).toHaveLength(5);
  });

  test("the same person reaches the same account: a verified e-mail (Google's) links; an unverified local one does not", async () => {
    const t = newBackend();
    const mail = mailbox();
    const googleUser = await t.run((ctx) =>
      ctx.db.insert("users", { email: "dora@exemplo.com", name: "Dora", emailVerificationTime: Date.now() }),
    );
    const localUser = await t.run((ctx) => ctx.db.insert("users", { email: "edu@exemplo.com", name: "Edu" }));
    expect((await userOf(t, await enter(t, "dora@exemplo.com", await askCode(t, mail, "dora@exemplo.com"))))._id).toBe(googleUser);
    expect((await userOf(t, await enter(t, "edu@exemplo.com", await askCode(t, mail, "edu@exemplo.com"))))._id).not.toBe(localUser);
  });

  test("refused while the deployment sends no e-mail", async () => {
    vi.unstubAllEnvs();
    const t = newBackend();
    const error = await rejectionData(t.action(api.auth.signIn, { provider: "email", params: { email: "ana@exemplo.com" } }));
    expect(error.message).toBe("Entrar com e-mail não está disponível agora.");
    expect(await t.query(api.auth.providers, {})).toMatchObject({ email: false });
  });

  test("a reader of the outbox and of Convex Auth's codes finds no code that signs in; the mailbox's code does", async () => {
    const t = newBackend();
    const mail = mailbox();
    await t.action(api.auth.signIn, { provider: "email", params: { email: "gil@exemplo.com" } });
    const [queued] = await allRows(t, "emails");
    // Waiting to be sent: the body holds a placeholder; the code sits apart until it is sent.
    expect(`${queued!.subject}${queued!.html}${queued!.text}`).not.toMatch(/\d{8}/);
    await runDueFunctions(t);
    const code = /Código: (\d{8})/.exec(mail.to("gil@exemplo.com")[0]!.text)![1]!;
    const tables = JSON.stringify([await allRows(t, "emails"), await allRows(t, "authVerificationCodes")]);
    expect(tables).not.toContain(code);
    const found = [...new Set(tables.match(/(?<!\d)\d{8}(?!\d)/g) ?? [])];
    for (const candidate of found.slice(0, 9)) {
      await expect(enter(t, "gil@exemplo.com", candidate)).rejects.toThrow("Could not verify code");
    }
    expect((await userOf(t, await enter(t, "gil@exemplo.com", code))).email).toBe("gil@exemplo.com");
  });

  test("a code whose e-mail could not go out within its 15 minutes is never sent, and is forgotten", async () => {
    const t = newBackend();
    const mail = mailbox();
    await t.action(api.auth.signIn, { provider: "email", params: { email: "hel@exemplo.com" } });
    // The send was lost (an incident); the sweep finds the row only after the code expired.
    await t.run(async (ctx) => {
      for (const job of await ctx.db.system.query("_scheduled_functions").collect()) {
        if (job.state.kind === "pending") await ctx.scheduler.cancel(job._id);
      }
    });
    vi.setSystemTime(Date.now() + 15 * MINUTE + 1);
    await t.mutation(internal.emails.sweep, {});
    await runDueFunctions(t);
    const [row] = await allRows(t, "emails");
    expect(row).toMatchObject({ state: "failed", error: "the sign-in code expired before it could be sent" });
    expect(row!.secret).toBeUndefined();
    expect(mail.store.requests).toBe(0);
  });
});
