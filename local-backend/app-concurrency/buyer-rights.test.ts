/**
 * A buyer's rights on the real engine: `Cancelar compra` of a ticket racing its check-in at the
 * door, and `Transferir ingresso` racing either, both sent at once, under Convex's optimistic
 * concurrency (convex-test runs one function at a time and never meets the conflict). Exactly
 * one wins, and the money, the holder and the door agree.
 */
import type { ConvexClient } from "convex/browser";
import { expect, it } from "vitest";
import { api } from "../../convex/_generated/api";
import { backendForFile, createEvent, settled, waitForQuery } from "../test-support.ts";

const ROUNDS = 12;
const PRICE_CENTS = 1_000;
const WALLET_CENTS = 5_000;

const backend = backendForFile();

it("a purchase cancelled while its ticket is checked in: one wins, and the wallet, the event and the door agree", async () => {
  const organizer = await backend.signedIn("Organizadora", "organizadora@exemplo.com");
  const pista = { name: "Pista", quantity: 100, meiaQuantity: 40, lotes: [{ priceCents: PRICE_CENTS }] };
  const eventId = await createEvent(organizer, { isTicketed: true, goalCents: 10_000_000, ticketTypes: [pista] });
  const [type] = await organizer.query(api.ticketTypes.forEvent, { eventId });
  const buyers = await Promise.all(
    Array.from({ length: ROUNDS }, (_, n) => backend.signedIn(`Comprador ${n}`, `comprador${n}@exemplo.com`)),
  );

  const results: { cancel: string; checkIn: string }[] = [];
  for (const buyer of buyers) {
    const { purchaseId } = await buyer.mutation(api.ticketPurchases.buy, {
      eventId,
      typeId: type!._id,
      loteIndex: 0,
      unitPriceCents: PRICE_CENTS,
      units: 1,
      meia: false,
    });
    const issued = await waitForQuery(buyer, api.ticketPurchases.outcome, { purchaseId }, (value) => value?.status === "issued");
    const code = issued!.status === "issued" ? issued!.ticketCodes[0]! : "";
    // Both at once: the buyer changes their mind as the door scans the ticket.
    const [cancel, checkIn] = await Promise.all([
      settled(buyer.mutation(api.ticketPurchases.cancel, { purchaseId })),
      settled(organizer.action(api.tickets.checkIn, { eventId, code })),
    ]);
    results.push({ cancel, checkIn });
    expect([
      { cancel: "ok", checkIn: "TICKET_CANCELLED" },
      { cancel: "TICKET_USED", checkIn: "ok" },
    ]).toContainEqual({ cancel, checkIn });
  }

  const cancelled = results.filter((result) => result.cancel === "ok").length;
  const admitted = ROUNDS - cancelled;
  for (const [index, buyer] of buyers.entries()) {
    const me = await buyer.query(api.users.me, {});
    const [ticket] = await buyer.query(api.tickets.mine, {});
    if (results[index]!.cancel === "ok") {
      expect(me!.walletCents).toBe(WALLET_CENTS);
      expect(ticket!.status).toBe("cancelled");
    } else {
      expect(me!.walletCents).toBe(WALLET_CENTS - PRICE_CENTS);
      expect(ticket!.status).toBe("used");
    }
  }
  const event = await organizer.query(api.events.get, { id: eventId });
  expect(event!.raisedCents).toBe(admitted * PRICE_CENTS);
  expect(await organizer.query(api.tickets.checkInStats, { eventId })).toMatchObject({ used: admitted });
  const [after] = await organizer.query(api.ticketTypes.forEvent, { eventId });
  expect(after!.sales.inteiraSold).toBe(admitted);
});

/**
 * Signs in an organizer and `count` buyers, each on two devices (two clients, two sessions: one
 * client sends its mutations one after another, so a race of the buyer against themselves needs
 * both), and creates a ticketed event with one type.
 */
async function ticketedEvent(prefix: string, count: number) {
  const organizer = await backend.signedIn("Organizadora", `${prefix}-organizadora@exemplo.com`);
  const pista = { name: "Pista", quantity: 100, meiaQuantity: 40, lotes: [{ priceCents: PRICE_CENTS }] };
  const eventId = await createEvent(organizer, { isTicketed: true, goalCents: 10_000_000, ticketTypes: [pista] });
  const [type] = await organizer.query(api.ticketTypes.forEvent, { eventId });
  const buyer = (n: number) => backend.signedIn(`Comprador ${n}`, `${prefix}-comprador${n}@exemplo.com`);
  const buyers = await Promise.all(Array.from({ length: count }, (_, n) => buyer(n)));
  const secondDevices = await Promise.all(Array.from({ length: count }, (_, n) => buyer(n)));
  return { organizer, eventId, typeId: type!._id, buyers, secondDevices };
}

/** Buys one ticket and waits for it: its purchase, code and id. */
async function buyOne(buyer: ConvexClient, eventId: string, typeId: string) {
  const { purchaseId } = await buyer.mutation(api.ticketPurchases.buy, {
    eventId,
    typeId,
    loteIndex: 0,
    unitPriceCents: PRICE_CENTS,
    units: 1,
    meia: false,
  });
  await waitForQuery(buyer, api.ticketPurchases.outcome, { purchaseId }, (value) => value?.status === "issued");
  const [ticket] = await buyer.query(api.tickets.mine, {});
  return { purchaseId, code: ticket!.code, ticketId: ticket!._id };
}

it("a ticket transferred while the door scans it: one wins, and the holder and the door agree", async () => {
  const { organizer, eventId, typeId, buyers } = await ticketedEvent("porta", ROUNDS);
  const receiver = await backend.signedIn("Recebedora", "porta-recebedora@exemplo.com");

  const results: { transfer: string; checkIn: string }[] = [];
  for (const buyer of buyers) {
    const { code, ticketId } = await buyOne(buyer, eventId, typeId);
    const [transfer, checkIn] = await Promise.all([
      settled(buyer.mutation(api.ticketTransfers.transfer, { ticketId, email: "porta-recebedora@exemplo.com" })),
      settled(organizer.action(api.tickets.checkIn, { eventId, code })),
    ]);
    results.push({ transfer, checkIn });
    expect([
      { transfer: "ok", checkIn: "TICKET_TRANSFERRED" },
      { transfer: "TICKET_USED", checkIn: "ok" },
    ]).toContainEqual({ transfer, checkIn });
  }

  const transferred = results.filter((result) => result.transfer === "ok").length;
  for (const [index, buyer] of buyers.entries()) {
    const [ticket] = await buyer.query(api.tickets.mine, {});
    expect(ticket!.status).toBe(results[index]!.transfer === "ok" ? "transferred" : "used");
  }
  const received = await receiver.query(api.tickets.mine, {});
  expect(received).toHaveLength(transferred);
  expect(received.every((ticket) => ticket.status === "valid" && ticket.received)).toBe(true);
  expect(await organizer.query(api.tickets.checkInStats, { eventId })).toEqual({ issued: ROUNDS, used: ROUNDS - transferred });
});

it("a purchase cancelled while its ticket is transferred: one wins, and the money and the holder agree", async () => {
  const { organizer, eventId, typeId, buyers, secondDevices } = await ticketedEvent("troca", ROUNDS);
  const receiver = await backend.signedIn("Recebedor", "troca-recebedor@exemplo.com");

  const results: { cancel: string; transfer: string }[] = [];
  for (const [index, buyer] of buyers.entries()) {
    const { purchaseId, ticketId } = await buyOne(buyer, eventId, typeId);
    const [cancel, transfer] = await Promise.all([
      settled(buyer.mutation(api.ticketPurchases.cancel, { purchaseId })),
      settled(secondDevices[index]!.mutation(api.ticketTransfers.transfer, { ticketId, email: "troca-recebedor@exemplo.com" })),
    ]);
    results.push({ cancel, transfer });
    expect([
      { cancel: "ok", transfer: "TICKET_CANCELLED" },
      { cancel: "TICKET_TRANSFERRED", transfer: "ok" },
    ]).toContainEqual({ cancel, transfer });
  }

  const cancelled = results.filter((result) => result.cancel === "ok").length;
  for (const [index, buyer] of buyers.entries()) {
    const me = await buyer.query(api.users.me, {});
    expect(me!.walletCents).toBe(results[index]!.cancel === "ok" ? WALLET_CENTS : WALLET_CENTS - PRICE_CENTS);
  }
  expect(await receiver.query(api.tickets.mine, {})).toHaveLength(ROUNDS - cancelled);
  const event = await organizer.query(api.events.get, { id: eventId });
  expect(event!.raisedCents).toBe((ROUNDS - cancelled) * PRICE_CENTS);
});

it("a ticket transferred to two people at once goes to one of them: once per ticket", async () => {
  const { eventId, typeId, buyers, secondDevices } = await ticketedEvent("dupla", ROUNDS);
  const receivers = await Promise.all(
    ["dupla-ana@exemplo.com", "dupla-rui@exemplo.com"].map((email, n) => backend.signedIn(`Recebedor ${n}`, email)),
  );

  for (const [index, buyer] of buyers.entries()) {
    const { ticketId } = await buyOne(buyer, eventId, typeId);
    const outcomes = await Promise.all([
      settled(buyer.mutation(api.ticketTransfers.transfer, { ticketId, email: "dupla-ana@exemplo.com" })),
      settled(secondDevices[index]!.mutation(api.ticketTransfers.transfer, { ticketId, email: "dupla-rui@exemplo.com" })),
    ]);
    expect(outcomes.sort()).toEqual(["TICKET_TRANSFERRED", "ok"]);
  }

  const held = await Promise.all(receivers.map((receiver) => receiver.query(api.tickets.mine, {})));
  expect(held[0]!.length + held[1]!.length).toBe(ROUNDS);
});
