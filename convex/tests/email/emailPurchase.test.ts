import { describe, expect, test, vi } from "vitest";
import { allRows, runDueFunctions, signedInUser } from "../test.helpers";
import { buyNow, ticketedEvent } from "../test.tickets";
import { decodeQr, mailbox, withEmailTestEnvironment } from "../test.email";
import { api } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";

withEmailTestEnvironment();

const pista = { name: "Pista <b>VIP</b>", quantity: 10, meiaQuantity: 4, lotes: [{ priceCents: 2_000 }] };

describe("purchase confirmation", () => {
  test("each ticket's type, lote, inteira/meia, price and a QR image that decodes to its code, with a link to the event", async () => {
    const mail = mailbox();
    const { t, eventId, typeIds } = await ticketedEvent([pista], { name: 'Show <script>alert("x")</script>' });
    const buyer = await signedInUser(t, { name: "Ana", email: "ana@exemplo.com" });
    await buyNow(t, buyer.as, eventId, typeIds[0]!, { units: 2 });
    await buyNow(t, buyer.as, eventId, typeIds[0]!, { meia: true });
    await runDueFunctions(t);

    const received = mail.to("ana@exemplo.com");
    expect(received).toHaveLength(2);
    const [meia, pair] = received;
    const codes = (await buyer.as.query(api.tickets.mine, {})).map((ticket) => ticket.code);
    expect(pair!.subject).toBe('Show <script>alert("x")</script>: seus ingressos');
    expect(pair!.html).not.toContain("<script>");
    expect(pair!.html).toContain("Show &lt;script&gt;");
    expect(pair!.html).toContain("Pista &lt;b&gt;VIP&lt;/b&gt;");
    expect(pair!.text).toContain("Tipo: Pista <b>VIP</b>");
    expect(pair!.text).toContain("Lote: 1º lote");
    expect(pair!.text).toContain("Entrada: Inteira");
    expect(pair!.text).toContain("Preço: R$ 20,00");
    expect(meia!.text).toContain("Entrada: Meia-entrada (estudante)");
    expect(meia!.text).toContain("Preço: R$ 10,00");
    const decoded = [decodeQr(pair!, "qr-0"), decodeQr(pair!, "qr-1"), decodeQr(meia!, "qr-0")];
    expect(decoded.sort()).toEqual([...codes].sort());
    for (const code of decoded) expect(pair!.text + meia!.text).toContain(`Código: ${code}`);
    expect(pair!.html).toContain(`href="http://127.0.0.1:5173/event/${eventId}"`);
    expect(pair!.idempotencyKey).toMatch(/\w+/);
    const rows = await allRows(t, "emails");
    expect(rows.every((row) => row.state === "sent")).toBe(true);
  });

  test("a purchase refused (its transaction rolled back) records no e-mail", async () => {
    const mail = mailbox();
    const { t, eventId, typeIds } = await ticketedEvent([pista]);
    const buyer = await signedInUser(t, { name: "Ana", walletCents: 1_000 });
    await expect(buyNow(t, buyer.as, eventId, typeIds[0]!)).rejects.toThrow("Saldo insuficiente!");
    await runDueFunctions(t);
    expect(await allRows(t, "emails")).toHaveLength(0);
    expect(mail.store.messages).toHaveLength(0);
  });
});

describe("delivery", () => {
  test("5xx, 429 and a dropped answer: retried with the same key, delivered exactly once", async () => {
    const mail = mailbox();
    const { t, eventId, typeIds } = await ticketedEvent([pista]);
    const buyer = await signedInUser(t, { name: "Ana", email: "ana@exemplo.com" });
    // The organizer's first-support e-mail goes too: two e-mails meet five faults between them.
    mail.fault("status=503&times=2");
    mail.fault("status=429");
    mail.fault("drop=2");
    await buyNow(t, buyer.as, eventId, typeIds[0]!);
    for (let i = 0; i < 30 && mail.store.requests < 7; i++) await vi.advanceTimersByTimeAsync(1_000).then(() => runDueFunctions(t));
    const rows = await allRows(t, "emails");
    expect(rows.map((row) => row.state)).toEqual(["sent", "sent"]);
    expect(mail.store.requests).toBe(7);
    // Two drops stored their e-mails; the retries with the same keys were answered with them.
    expect(mail.store.messages).toHaveLength(2);
    expect(new Set(mail.store.messages.map((m) => m.idempotencyKey))).toEqual(new Set(rows.map((row) => row._id)));
  });

  test("a provider that refuses the address for good: recorded as failed, not retried", async () => {
    mailbox();
    const { t, eventId, typeIds } = await ticketedEvent([pista]);
    const buyer = await signedInUser(t, { name: "Ana", email: "ana@recusa.invalid" });
    await buyNow(t, buyer.as, eventId, typeIds[0]!);
    await runDueFunctions(t);
    const [row] = await allRows(t, "emails");
    expect(row).toMatchObject({ state: "failed", attempts: 1 });
    expect(row!.error).toContain("422");
  });

  test("no provider configured: the purchase goes through, the e-mail is recorded as unsent", async () => {
    vi.unstubAllEnvs();
    const { t, eventId, typeIds } = await ticketedEvent([pista]);
    const buyer = await signedInUser(t, { name: "Ana" });
    await buyNow(t, buyer.as, eventId, typeIds[0]!);
    await runDueFunctions(t);
    const [row] = await allRows(t, "emails");
    expect(row!.state).toBe("unsent");
    expect(await buyer.as.query(api.tickets.mine, {})).toHaveLength(1);
  });
});

export type { Id };
