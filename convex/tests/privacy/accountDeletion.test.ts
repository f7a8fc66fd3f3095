import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import { DELETED_ACCOUNT_NAME } from "../../model/shared/hiddenNames";
import { FINANCIAL_RETENTION_MS, SIGN_IN_RETENTION_MS } from "../../model/shared/privacy";
import {
  advanceClock,
  allRows,
  createEvent,
  DAY,
  expectInvariants,
  newBackend,
  rejectionData,
  signedInUser,
  snapshot,
  supportNow,
} from "../test.helpers";
import { everyRow, holds } from "../test.privacy";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const firstPage = { numItems: 50, cursor: null };
const JOANA = { name: "Joana Excluída", email: "joana.excluida@exemplo.com", image: "https://exemplo.com/joana.png" };

/**
 * Joana supported Maria's event and chatted in it; the event ended below its goal and was
 * refunded, so her wallet holds only bonus money again: nothing stops her deletion.
 */
async function joanaAfterARefundedEvent() {
  const t = newBackend();
  const maria = await signedInUser(t, { name: "Maria Organizadora", email: "maria@exemplo.com" });
  const joana = await signedInUser(t, { name: JOANA.name, email: JOANA.email });
  await t.run((ctx) => ctx.db.patch("users", joana.userId, { image: JOANA.image }));
  const eventId = await createEvent(maria.as, { name: "Sarau", goalCents: 100_000, isTicketed: true });
  await supportNow(t, joana.as, { eventId, amountCents: 1_000 });
  await joana.as.mutation(api.chat.send, { eventId, body: "Até lá!" });
  await maria.as.mutation(api.chat.send, { eventId, body: "Obrigada, Joana!" });
  await advanceClock(t, 8 * DAY);
  return { t, maria, joana, eventId };
}

describe("Excluir minha conta", () => {
  test("name, e-mail, image and sign-ins leave every table; the chat and the organizer's list read `Conta excluída`", async () => {
    const { t, maria, joana, eventId } = await joanaAfterARefundedEvent();
    expect(await joana.as.query(api.myData.deletionCheck, {})).toEqual({ blockers: [], promoCents: 5_000 });
    await joana.as.mutation(api.myData.deleteMyAccount, {});

    for (const { table, row } of await everyRow(t)) {
      for (const personal of [JOANA.name, JOANA.email, JOANA.image]) expect(holds(row, personal), `${table} holds ${personal}`).toBe(false);
    }
    expect(await allRows(t, "authSessions")).toHaveLength(1); // Maria's
    expect((await allRows(t, "authSessions")).every((row) => row.userId === maria.userId)).toBe(true);
    expect(await joana.as.query(api.users.me, {})).toBeNull();

    const chat = await maria.as.query(api.chat.list, { eventId, paginationOpts: firstPage });
    expect(chat.page.map((message) => [message.authorName, message.body])).toEqual([
      [DELETED_ACCOUNT_NAME, "Até lá!"],
      ["Maria Organizadora", "Obrigada, Joana!"],
    ]);
    const supporters = await maria.as.query(api.rewards.supporters, { eventId, paginationOpts: firstPage });
    expect(supporters.page.map((row) => [row.name, row.email])).toEqual([[DELETED_ACCOUNT_NAME, ""]]);
    const attendees = await maria.as.query(api.attendees.page, { eventId, paginationOpts: firstPage });
    expect(attendees.page.map((row) => row.name)).toEqual([DELETED_ACCOUNT_NAME]);
  });

  test("the financial records stay under the anonymous id, and every invariant still holds", async () => {
    const { t, joana } = await joanaAfterARefundedEvent();
    const entriesBefore = (await allRows(t, "walletEntries")).filter((row) => row.userId === joana.userId);
    await joana.as.mutation(api.myData.deleteMyAccount, {});
    const user = await t.run((ctx) => ctx.db.get("users", joana.userId));
    expect(user).toMatchObject({ walletCents: 5_000, promoCents: 5_000 });
    expect(user?.deletedAt).toBeTypeOf("number");
    expect((await allRows(t, "walletEntries")).filter((row) => row.userId === joana.userId)).toEqual(entriesBefore);
    expect((await allRows(t, "contributions")).filter((row) => row.userId === joana.userId)).toHaveLength(1);
    expect((await allRows(t, "notifications")).filter((row) => row.userId === joana.userId)).toEqual([]);
    await expectInvariants(t);
  });

  test("a second deletion, and a deletion through a signed-out tab, change nothing", async () => {
    const { t, joana } = await joanaAfterARefundedEvent();
    await joana.as.mutation(api.myData.deleteMyAccount, {});
    const before = await snapshot(t);
    expect((await rejectionData(joana.as.mutation(api.myData.deleteMyAccount, {}))).code).toBe("NOT_SIGNED_IN");
    expect((await rejectionData(t.mutation(api.myData.deleteMyAccount, {}))).code).toBe("NOT_SIGNED_IN");
    expect(await snapshot(t)).toEqual(before);
  });

  test("someone else's account cannot be named: the function takes no person", async () => {
    const { t, maria, joana } = await joanaAfterARefundedEvent();
    const before = await snapshot(t);
    await expect(joana.as.mutation(api.myData.deleteMyAccount, { userId: maria.userId } as never)).rejects.toThrow(/userId/);
    expect(await snapshot(t)).toEqual(before);
  });

  test("a long chat history is renamed in batches after the deletion", async () => {
    const { t, maria, joana, eventId } = await joanaAfterARefundedEvent();
    await t.run(async (ctx) => {
      for (let n = 0; n < 1_200; n++)
        await ctx.db.insert("messages", { eventId, userId: joana.userId, authorName: JOANA.name, body: `${n}` });
    });
    await joana.as.mutation(api.myData.deleteMyAccount, {});
    await advanceClock(t, 0);
    const messages = (await allRows(t, "messages")).filter((row) => row.userId === joana.userId);
    expect(messages).toHaveLength(1_201);
    expect(messages.every((row) => row.authorName === DELETED_ACCOUNT_NAME)).toBe(true);
    expect((await maria.as.query(api.chat.list, { eventId, paginationOpts: firstPage })).page.at(-1)?.authorName).toBe(
      DELETED_ACCOUNT_NAME,
    );
  });
});

describe("refused, with the reason and what to do, and nothing changed", () => {
  async function refusal(
    setup: (ctx: Parameters<Parameters<ReturnType<typeof newBackend>["run"]>[0]>[0], userId: string) => Promise<unknown>,
  ) {
    const { t, joana } = await joanaAfterARefundedEvent();
    await t.run((ctx) => setup(ctx, joana.userId));
    const check = await joana.as.query(api.myData.deletionCheck, {});
    const before = await snapshot(t);
    const error = await rejectionData(joana.as.mutation(api.myData.deleteMyAccount, {}));
    expect(await snapshot(t)).toEqual(before);
    expect(error.code).toBe("ACCOUNT_NOT_DELETABLE");
    expect(error.message).toBe(`${check!.blockers[0]!.reason} ${check!.blockers[0]!.whatToDo}`);
    return error.message;
  }

  test("money that can be withdrawn", async () => {
    const message = await refusal((ctx, userId) => ctx.db.patch("users", userId as never, { walletCents: 6_000 }));
    expect(message).toBe("Sua carteira tem R$ 10,00 que podem ser sacados. Saque o valor em Sacar antes de excluir a conta.");
  });

  test("a withdrawal in flight, a PIX deposit waiting to be paid", async () => {
    const withdrawal = {
      amountCents: 1_000,
      keyType: "cpf",
      key: "12345678909",
      ownerDocument: "12345678909",
      status: "processing",
      checkedAt: 0,
    } as const;
    expect(await refusal((ctx, userId) => ctx.db.insert("withdrawals", { userId: userId as never, ...withdrawal }))).toBe(
      "Um saque por PIX ainda está em andamento. Espere o saque ser concluído e tente de novo.",
    );
    expect(
      await refusal((ctx, userId) =>
        ctx.db.insert("deposits", { userId: userId as never, amountCents: 1_000, status: "pending", expiresAt: Date.now() + DAY }),
      ),
    ).toBe("Um depósito por PIX está aguardando pagamento. Pague o PIX (e saque o valor) ou espere o código expirar.");
  });

  test("an event the person organizes that has not settled; a ticket for an event still to come", async () => {
    const { t, maria, joana } = await joanaAfterARefundedEvent();
    const eventId = await createEvent(maria.as, { name: "Festival", isTicketed: true });
    expect((await rejectionData(maria.as.mutation(api.myData.deleteMyAccount, {}))).message).toBe(
      "Você organiza o evento Festival, que ainda não terminou. Espere o repasse ou o estorno do evento terminar, ou cancele o evento.",
    );
    await supportNow(t, joana.as, { eventId, amountCents: 500 });
    const check = await joana.as.query(api.myData.deletionCheck, {});
    expect(check!.blockers.map((blocker) => blocker.reason)).toEqual([
      "Você tem ingressos para Festival, que ainda vai acontecer.",
      "Seu apoio a Festival ainda pode voltar para a sua carteira.",
    ]);
    expect((await rejectionData(joana.as.mutation(api.myData.deleteMyAccount, {}))).code).toBe("ACCOUNT_NOT_DELETABLE");
  });
});

describe("what is kept only for a legal period is removed by the crons on its date", () => {
  test("sign-in records older than 6 months go; newer ones stay", async () => {
    const t = newBackend();
    const { userId } = await signedInUser(t);
    const now = Date.now();
    await t.run(async (ctx) => {
      await ctx.db.insert("signInRecords", { userId, at: now - SIGN_IN_RETENTION_MS - DAY, provider: "google" });
      await ctx.db.insert("signInRecords", { userId, at: now - SIGN_IN_RETENTION_MS + DAY, provider: "google" });
    });
    await t.mutation(internal.myData.deleteOldSignIns, {});
    expect((await allRows(t, "signInRecords")).map((row) => row.at)).toEqual([now - SIGN_IN_RETENTION_MS + DAY]);
  });

  test("a deleted account's statement and PIX records go after 5 years, with its user row; not before", async () => {
    const { t, joana } = await joanaAfterARefundedEvent();
    await joana.as.mutation(api.myData.deleteMyAccount, {});
    const own = async () => ({
      user: await t.run((ctx) => ctx.db.get("users", joana.userId)),
      entries: (await allRows(t, "walletEntries")).filter((row) => row.userId === joana.userId).length,
    });
    await advanceClock(t, FINANCIAL_RETENTION_MS - DAY);
    await t.mutation(internal.myData.purgeDeletedAccounts, {});
    expect((await own()).entries).toBeGreaterThan(0);
    expect((await own()).user).not.toBeNull();
    await advanceClock(t, 2 * DAY);
    await t.mutation(internal.myData.purgeDeletedAccounts, {});
    expect(await own()).toEqual({ user: null, entries: 0 });
  });
});
