import { describe, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import { allRows, createEvent, DAY, HOUR, newBackend, runDueFunctions, signedInUser, supportNow } from "../test.helpers";
import { buyNow, supportTicket, ticketedEvent } from "../test.tickets";
import { decodeQr, mailbox, withEmailTestEnvironment } from "../test.email";

withEmailTestEnvironment();

const subjects = (mail: ReturnType<typeof mailbox>, to: string) => mail.to(to).map((m) => m.subject);

describe("Comprovante de apoio and the organizer's e-mails", () => {
  test("a support with a reward and an answer: the receipt escapes them; the organizer hears of the first support and the goal, once", async () => {
    const mail = mailbox();
    const t = newBackend();
    const creator = await signedInUser(t, { name: "Organizadora", email: "org@exemplo.com" });
    const eventId = (await createEvent(creator.as, {
      name: "Festa <i>boa</i>",
      goalCents: 3_000,
      minSupportCents: 500,
      rewards: [{ title: "Camiseta <b>", description: "Uma camiseta", minimumCents: 1_000, question: { label: "Apelido?" } }],
    })) as Id<"events">;
    const [reward] = await t.query(api.rewards.list, { eventId });
    const ana = await signedInUser(t, { name: "Ana", email: "ana@exemplo.com" });
    await supportNow(t, ana.as, { eventId, amountCents: 1_500, rewardId: reward!._id, answer: "<script>G</script>" });
    const bia = await signedInUser(t, { name: "Bia", email: "bia@exemplo.com" });
    await supportNow(t, bia.as, { eventId, amountCents: 2_000 });
    await runDueFunctions(t);

    const [receipt] = mail.to("ana@exemplo.com");
    expect(receipt!.subject).toBe("Festa <i>boa</i>: Comprovante de apoio");
    expect(receipt!.text).toContain("Valor: R$ 15,00");
    expect(receipt!.text).toContain("Recompensa: Camiseta <b>");
    expect(receipt!.text).toContain("Sua resposta: <script>G</script>");
    expect(receipt!.text).toMatch(/Identificador: \w+/);
    expect(receipt!.html).not.toMatch(/<script>|<b>|<i>/);
    expect(receipt!.html).toContain("&lt;script&gt;G&lt;/script&gt;");
    expect(subjects(mail, "org@exemplo.com").sort()).toEqual(["Festa <i>boa</i>: meta atingida", "Festa <i>boa</i>: primeiro apoio"]);
    const [goal] = mail.to("org@exemplo.com");
    expect(goal!.headers["List-Unsubscribe"]).toMatch(/^<http:\/\/127\.0\.0\.1:3211\/email\/unsubscribe\?t=\w+&c=organizer>$/);
    expect(goal!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  });

  test("an organizer who turned organizer updates off gets no first-support e-mail; the supporter's receipt still goes", async () => {
    const mail = mailbox();
    const t = newBackend();
    const creator = await signedInUser(t, { name: "Organizadora", email: "org@exemplo.com" });
    await creator.as.mutation(api.emailPreferences.set, { category: "organizer", on: false });
    expect(await creator.as.query(api.emailPreferences.mine, {})).toMatchObject({ organizer: false, reminders: true, updates: true });
    const eventId = await createEvent(creator.as, { goalCents: 100_000 });
    const ana = await signedInUser(t, { name: "Ana", email: "ana@exemplo.com" });
    await supportNow(t, ana.as, { eventId, amountCents: 1_000 });
    await runDueFunctions(t);
    expect(mail.to("org@exemplo.com")).toHaveLength(0);
    expect(subjects(mail, "ana@exemplo.com")).toHaveLength(1);
  });
});

describe("refunds", () => {
  test("an event cancelled: each supporter is told once, however many supports; Estorno for a purchase cancelled", async () => {
    const mail = mailbox();
    const { t, creator, eventId, typeIds } = await ticketedEvent([
      { name: "Pista", quantity: 10, meiaQuantity: 4, lotes: [{ priceCents: 1_000 }] },
    ]);
    const ana = await signedInUser(t, { name: "Ana", email: "ana@exemplo.com" });
    const purchaseId = await buyNow(t, ana.as, eventId, typeIds[0]!);
    await ana.as.mutation(api.ticketPurchases.cancel, { purchaseId });
    await buyNow(t, ana.as, eventId, typeIds[0]!);
    await buyNow(t, ana.as, eventId, typeIds[0]!);
    await creator.as.mutation(api.events.cancel, { id: eventId });
    await runDueFunctions(t);
    const got = subjects(mail, "ana@exemplo.com");
    expect(got.filter((s) => s.endsWith(": Estorno"))).toHaveLength(1);
    expect(got.filter((s) => s.endsWith(": evento cancelado, valor devolvido"))).toHaveLength(1);
    const estorno = mail.to("ana@exemplo.com").find((m) => m.subject.endsWith(": Estorno"))!;
    expect(estorno.text).toContain("Sua compra de ingressos");
    expect(estorno.text).toContain("R$ 10,00 voltaram para a sua carteira");
  });

  test("Estorno for a support cancelled", async () => {
    const mail = mailbox();
    const { t, eventId } = await ticketedEvent([]);
    const ana = await signedInUser(t, { name: "Ana", email: "ana@exemplo.com" });
    const ticket = await supportTicket(t, ana.as, eventId, 1_500);
    await ana.as.mutation(api.tickets.cancelSupport, { ticketId: ticket._id });
    await runDueFunctions(t);
    const estorno = mail.to("ana@exemplo.com").find((m) => m.subject.endsWith(": Estorno"))!;
    expect(estorno.text).toContain("Seu apoio");
    expect(estorno.text).toContain("R$ 15,00 voltaram");
  });
});

describe("tickets", () => {
  test("a ticket transferred to someone with an account: they get the new ticket with its QR", async () => {
    const mail = mailbox();
    const { t, eventId, typeIds } = await ticketedEvent([{ name: "Pista", quantity: 10, meiaQuantity: 4, lotes: [{ priceCents: 1_000 }] }]);
    const ana = await signedInUser(t, { name: "Ana <Souza>", email: "ana@exemplo.com" });
    await signedInUser(t, { name: "Bia", email: "bia@exemplo.com" });
    await buyNow(t, ana.as, eventId, typeIds[0]!);
    const [ticket] = await ana.as.query(api.tickets.mine, {});
    await ana.as.mutation(api.ticketTransfers.transfer, { ticketId: ticket!._id, email: "bia@exemplo.com" });
    await runDueFunctions(t);
    const [received] = mail.to("bia@exemplo.com");
    expect(received!.subject).toMatch(/: ingresso recebido$/);
    expect(received!.html).toContain("Ana &lt;Souza&gt; transferiu para você");
    const code = decodeQr(received!, "qr-0");
    expect(received!.text).toContain(`Código: ${code}`);
    expect(code).not.toBe(ticket!.code);
  });

  test("the 48 h reminder: once per holder, with the unsubscribe link; not to who turned reminders off", async () => {
    const mail = mailbox();
    const { t, eventId, typeIds } = await ticketedEvent(
      [{ name: "Pista", quantity: 10, meiaQuantity: 4, lotes: [{ priceCents: 1_000 }] }],
      {
        startsAt: Date.now() + 3 * DAY,
      },
    );
    const ana = await signedInUser(t, { name: "Ana", email: "ana@exemplo.com" });
    const bia = await signedInUser(t, { name: "Bia", email: "bia@exemplo.com" });
    await buyNow(t, ana.as, eventId, typeIds[0]!, { units: 2 });
    await buyNow(t, bia.as, eventId, typeIds[0]!);
    await bia.as.mutation(api.emailPreferences.set, { category: "reminders", on: false });
    vi.advanceTimersByTime(DAY + HOUR / 2);
    await t.mutation(internal.emailReminders.remindUpcoming, {});
    await runDueFunctions(t);
    const reminders = mail.to("ana@exemplo.com").filter((m) => m.subject.endsWith(": lembrete, faltam 48 horas"));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain("Para não receber mais lembretes de eventos:");
    expect(mail.to("bia@exemplo.com").filter((m) => m.subject.endsWith(": lembrete, faltam 48 horas"))).toHaveLength(0);
  });
});

describe("unsubscribe", () => {
  test("the link's POST turns the category off; GET only asks; a wrong token changes nothing", async () => {
    const t = newBackend();
    const ana = await signedInUser(t, { name: "Ana", email: "ana@exemplo.com" });
    const token = await t.run(async (ctx) => {
      const id = await ctx.db.insert("emailPreferences", { userId: ana.userId, token: "tok123" });
      return (await ctx.db.get("emailPreferences", id))!.token;
    });
    const ask = await t.fetch(`/email/unsubscribe?t=${token}&c=reminders`, { method: "GET" });
    expect(await ask.text()).toContain("Cancelar inscrição");
    expect(await ana.as.query(api.emailPreferences.mine, {})).toMatchObject({ reminders: true });
    expect((await t.fetch(`/email/unsubscribe?t=nope&c=reminders`, { method: "POST" })).status).toBe(404);
    const done = await t.fetch(`/email/unsubscribe?t=${token}&c=reminders`, { method: "POST", body: "List-Unsubscribe=One-Click" });
    expect(done.status).toBe(200);
    expect(await ana.as.query(api.emailPreferences.mine, {})).toMatchObject({ reminders: false, organizer: true });
  });

  test("a permanent failure is shown to its owner in Notificações por e-mail", async () => {
    mailbox();
    const { t, eventId, typeIds } = await ticketedEvent([{ name: "Pista", quantity: 10, meiaQuantity: 4, lotes: [{ priceCents: 1_000 }] }]);
    const ana = await signedInUser(t, { name: "Ana", email: "ana@recusa.invalid" });
    await buyNow(t, ana.as, eventId, typeIds[0]!);
    await runDueFunctions(t);
    expect((await ana.as.query(api.emailPreferences.mine, {}))!.lastFailure).toMatchObject({ to: "ana@recusa.invalid" });
    expect((await allRows(t, "emails")).find((row) => row.to === "ana@recusa.invalid")!.state).toBe("failed");
  });
});

describe("waiting list", () => {
  test("a unit coming back is held for the first in line: `Ingressos reservados para você até HH:MM`", async () => {
    const mail = mailbox();
    const { t, eventId, typeIds } = await ticketedEvent([{ name: "Pista", quantity: 5, meiaQuantity: 2, lotes: [{ priceCents: 1_000 }] }]);
    const ana = await signedInUser(t, { name: "Ana", email: "ana@exemplo.com" });
    // Ana takes every inteira unit; Caio waits for one.
    const purchaseId = await buyNow(t, ana.as, eventId, typeIds[0]!, { units: 3 });
    const caio = await signedInUser(t, { name: "Caio", email: "caio@exemplo.com" });
    await caio.as.mutation(api.waitingList.join, { eventId, typeId: typeIds[0]!, units: 1, meia: false });
    await ana.as.mutation(api.ticketPurchases.cancel, { purchaseId });
    await runDueFunctions(t);
    const [held] = mail.to("caio@exemplo.com");
    expect(held!.subject).toMatch(/: Ingressos reservados para você até \d{2}:\d{2}$/);
    expect(held!.text).toMatch(/1 ingresso está reservado para você até \d{2}:\d{2}/);
    expect(held!.html).toContain(`/event/${eventId}`);
  });
});

describe("Novidades", () => {
  test("a Novidade goes to each supporter (escaped, with the event's link and the one-click link), not to its author nor to who turned Novidades off; the link turns them off", async () => {
    const mail = mailbox();
    const t = newBackend();
    const creator = await signedInUser(t, { name: "Organizadora", email: "org@exemplo.com" });
    const eventId = await createEvent(creator.as, { name: "Sarau <i>", goalCents: 100_000 });
    const ana = await signedInUser(t, { name: "Ana", email: "ana@exemplo.com" });
    const bia = await signedInUser(t, { name: "Bia", email: "bia@exemplo.com" });
    await supportNow(t, ana.as, { eventId, amountCents: 1_000 });
    await supportNow(t, bia.as, { eventId, amountCents: 1_000 });
    await bia.as.mutation(api.emailPreferences.set, { category: "updates", on: false });
    await creator.as.mutation(api.updates.post, { eventId, title: "Mudou o <b>local</b>", body: "Agora no parque.\n\n<script>x</script>" });
    await runDueFunctions(t);

    const novidades = (to: string) => mail.to(to).filter((m) => m.headers["List-Unsubscribe"]?.endsWith("c=updates>"));
    expect(novidades("bia@exemplo.com")).toEqual([]);
    expect(novidades("org@exemplo.com")).toEqual([]);
    const [email] = novidades("ana@exemplo.com");
    expect(email!.subject).toBe("Sarau <i>: Mudou o <b>local</b>");
    expect(email!.text).toContain("Agora no parque.");
    expect(email!.text).toContain("<script>x</script>");
    expect(email!.html).not.toMatch(/<script>|<b>|<i>/);
    expect(email!.html).toContain("Mudou o &lt;b&gt;local&lt;/b&gt;");
    expect(email!.html).toContain(`href="http://127.0.0.1:5173/event/${eventId}"`);
    const link = /^<(.+)>$/.exec(email!.headers["List-Unsubscribe"]!)![1]!;
    expect(link).toMatch(/c=updates$/);
    const url = new URL(link);
    expect((await t.fetch(`${url.pathname}${url.search}`, { method: "POST", body: "List-Unsubscribe=One-Click" })).status).toBe(200);
    expect(await ana.as.query(api.emailPreferences.mine, {})).toMatchObject({ updates: false, reminders: true });
    await creator.as.mutation(api.updates.post, { eventId, title: "Outra", body: "Texto" });
    await runDueFunctions(t);
    expect(novidades("ana@exemplo.com")).toHaveLength(1);
    // The bell still tells her.
    const notes = await ana.as.query(api.notifications.list, { paginationOpts: { numItems: 10, cursor: null } });
    expect(notes.page[0]!.text).toBe("Novidade em Sarau <i>: Outra");
  });
});
