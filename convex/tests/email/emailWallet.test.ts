/** The e-mails about a person's own money (PIX in and out) and an organizer's payout. */
import { beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import { deliverWebhook, depositNow, type PixBank, payoutIdOf, withPixTestBackend } from "../test.pix";
import { advanceClock, type Backend, type Caller, createEvent, DAY, runDueFunctions, signedInUser, supportNow } from "../test.helpers";
import type { Id } from "../../_generated/dataModel";
import { configureEmail, mailbox } from "../test.email";

let t: Backend;
let bank: PixBank;
let ana: { userId: Id<"users">; as: Caller };
let mail: ReturnType<typeof mailbox>;
withPixTestBackend((setup) => ({ t, bank, ana } = setup));
beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  configureEmail();
  mail = mailbox({ others: globalThis.fetch });
});

const CPF = "529.982.247-25";

async function withdraw(amountCents: number) {
  const { withdrawalId } = await ana.as.mutation(api.withdrawals.request, { amountCents, keyType: "cpf", key: CPF });
  await runDueFunctions(t);
  return payoutIdOf(t, withdrawalId);
}

const inbox = async (to: string) => {
  await runDueFunctions(t);
  return mail.to(to);
};

describe("PIX", () => {
  test("a deposit confirmed: `Depósito confirmado` with the amount and a link to the app, once however often the bank reports it", async () => {
    const { paymentId } = await depositNow(t, bank, ana.as, 2_000);
    await deliverWebhook(t, paymentId);
    const received = await inbox("ana@exemplo.com");
    expect(received.map((m) => m.subject)).toEqual(["Depósito confirmado: R$ 20,00"]);
    expect(received[0]!.text).toContain("Recebemos seu PIX de R$ 20,00. O valor já está na sua carteira.");
    expect(received[0]!.html).toContain('href="http://127.0.0.1:5173/"');
  });

  test("a withdrawal paid: `Saque pago`, once", async () => {
    await depositNow(t, bank, ana.as, 5_000);
    const payoutId = await withdraw(3_000);
    bank.completePayout(payoutId);
    await deliverWebhook(t, payoutId, { type: "transaction_intent" });
    await deliverWebhook(t, payoutId, { type: "transaction_intent" });
    const paid = (await inbox("ana@exemplo.com")).filter((m) => m.subject.startsWith("Saque"));
    expect(paid.map((m) => m.subject)).toEqual(["Saque pago: R$ 30,00"]);
    expect(paid[0]!.text).toContain("Seu saque de R$ 30,00 foi pago na chave PIX informada.");
  });

  test("a withdrawal that fails: `Saque não realizado`, saying the money is back in the wallet", async () => {
    await depositNow(t, bank, ana.as, 5_000);
    const payoutId = await withdraw(3_000);
    bank.failPayout(payoutId);
    await deliverWebhook(t, payoutId, { type: "transaction_intent" });
    const failed = (await inbox("ana@exemplo.com")).filter((m) => m.subject.startsWith("Saque"));
    expect(failed.map((m) => m.subject)).toEqual(["Saque não realizado: R$ 30,00"]);
    expect(failed[0]!.text).toContain("O valor voltou para a sua carteira. Confira a chave PIX e tente de novo.");
  });
});

describe("payout", () => {
  test("the organizer's `Repasse feito` names the total and its split (withdrawable, welcome bonus), once", async () => {
    const bia = await signedInUser(t, { name: "Bia", email: "bia@exemplo.com" });
    const eventId = await createEvent(ana.as, { name: "Sarau <b>", goalCents: 9_000, startsAt: Date.now() + DAY });
    await depositNow(t, bank, bia.as, 4_000);
    await supportNow(t, bia.as, { eventId, amountCents: 9_000 }); // R$ 50,00 of bonus, R$ 40,00 deposited
    await advanceClock(t, DAY);
    await advanceClock(t, DAY);
    const payouts = (await inbox("ana@exemplo.com")).filter((m) => m.subject.endsWith(": repasse feito"));
    expect(payouts.map((m) => m.subject)).toEqual(["Sarau <b>: repasse feito"]);
    const { text, html } = payouts[0]!;
    expect(text).toContain("Total repassado: R$ 90,00");
    expect(text).toContain("Disponível para saque: R$ 40,00");
    expect(text).toContain("Bônus de boas-vindas (não sacável): R$ 50,00");
    expect(html).toContain("Sarau &lt;b&gt;");
    expect(html).toContain(`href="http://127.0.0.1:5173/event/${eventId}"`);
    expect((await ana.as.query(api.withdrawals.summary, {}))?.withdrawableCents).toBe(4_000);
  });
});
