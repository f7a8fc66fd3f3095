import { decodeJwt } from "jose";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { withSigningKeys } from "../test.signingKeys";
import { api } from "../../_generated/api";
import { attendeeCsv } from "../../model/shared/attendeeCsv";
import { COURTESY_MESSAGES } from "../../model/shared/courtesies";
import { TICKET_MESSAGES, type TicketTypeInput } from "../../model/shared/ticketTypes";
import {
  advanceClock,
  allRows,
  applyQueue,
  DAY,
  eventInput,
  expectBooksBalance,
  expectInvariants,
  rejectionData,
  signedInUser,
  snapshot,
  workQueues,
  type Backend,
  type Caller,
} from "../test.helpers";
import { buy, buyNow, ticketedEvent } from "../test.tickets";

// Signing in for real: a cortesia waiting for an e-mail is claimed at its first sign-in.
withSigningKeys();
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** 200 tickets in all: the default limit is 20 cortesias. */
const pista: TicketTypeInput = { name: "Pista", quantity: 190, meiaQuantity: 80, lotes: [{ priceCents: 6_000 }] };
/** 3 inteira units and 2 of meia. */
const camarote: TicketTypeInput = { name: "Camarote", quantity: 5, meiaQuantity: 2, lotes: [{ priceCents: 15_000 }] };
const palco: TicketTypeInput = { name: "Palco", quantity: 5, meiaQuantity: 2, lotes: [{ priceCents: 20_000 }] };

async function setup() {
  const { typeIds, ...event } = await ticketedEvent([pista, camarote, palco]);
  const caio = await signedInUser(event.t, { name: "Caio", email: "caio@exemplo.com" });
  return { ...event, pistaId: typeIds[0]!, camaroteId: typeIds[1]!, caio };
}
type Setup = Awaited<ReturnType<typeof setup>>;

const issue = (caller: Caller, s: Setup, typeId: string, emails: string[]) =>
  caller.mutation(api.courtesies.issue, { eventId: s.eventId, typeId, emails });
const emailsTo = (n: number) => Array.from({ length: n }, (_, i) => `convidado${i}@exemplo.com`);
const walletsOf = async (t: Backend) => (await allRows(t, "users")).map((user) => [user._id, user.walletCents]);

async function signInLocally(t: Backend, name: string, email: string) {
  const result = await t.action(api.auth.signIn, { provider: "local", params: { name, email } });
  return t.withIdentity({ subject: decodeJwt(result.tokens!.token).sub!, issuer: process.env.CONVEX_SITE_URL! });
}

describe("Cortesias", () => {
  test("a person with an account holds it at once as `Cortesia`; an e-mail without one gets it at its first sign-in; each is e-mailed; no money moves", async () => {
    const s = await setup();
    const wallets = await walletsOf(s.t);
    expect(await issue(s.creator.as, s, s.pistaId, [" Caio@Exemplo.com ", "dora@exemplo.com", "caio@exemplo.com"])).toEqual({
      issued: 2,
      awaiting: 1,
    });
    const [ticket] = await s.caio.as.query(api.tickets.mine, {});
    expect(ticket).toMatchObject({ typeName: "Pista", loteIndex: null, courtesy: true, status: "valid", purchase: null, support: null });

    const dora = await signInLocally(s.t, "Dora", "Dora@exemplo.com");
    expect(await dora.query(api.tickets.mine, {})).toEqual([expect.objectContaining({ typeName: "Pista", courtesy: true })]);
    // Signing in again claims nothing twice.
    await signInLocally(s.t, "Dora", "dora@exemplo.com");
    expect(await dora.query(api.tickets.mine, {})).toHaveLength(1);

    const emails = await allRows(s.t, "emails");
    // Dora is told to sign in, then, once she did, gets her ticket's QR code like Caio.
    expect(emails.map((email) => [email.to, email.subject, email.qrCodes?.length ?? 0])).toEqual([
      ["caio@exemplo.com", "Show de Rock: cortesia", 1],
      ["dora@exemplo.com", "Show de Rock: cortesia", 0],
      ["dora@exemplo.com", "Show de Rock: cortesia", 1],
    ]);
    expect(emails[0]!.text).toContain("Ele já está em Meus Ingressos");
    // The bell tells each of them too, once, when the ticket is theirs.
    for (const person of [s.caio.as, dora]) {
      const notices = (await person.query(api.notifications.list, { paginationOpts: { numItems: 10, cursor: null } })).page;
      expect(notices.map((note) => note.text)).toEqual(["Você recebeu um ingresso de Show de Rock. Ele está em Meus Ingressos."]);
    }
    expect(emails[1]!.text).toContain("Entre no Apoie com este e-mail");

    const list = await s.creator.as.query(api.courtesies.list, { eventId: s.eventId, paginationOpts: { numItems: 10, cursor: null } });
    expect(list.page.map(({ email, typeName, holderName, delivered }) => ({ email, typeName, holderName, delivered }))).toEqual([
      { email: "caio@exemplo.com", typeName: "Pista", holderName: "Caio", delivered: true },
      { email: "dora@exemplo.com", typeName: "Pista", holderName: "Dora", delivered: true },
    ]);
    // Free: every wallet as it was (Dora's new one aside), the books still balance.
    expect((await walletsOf(s.t)).slice(0, wallets.length)).toEqual(wallets);
    await expectInvariants(s.t);
    await expectBooksBalance(s.t);
  });

  test("counted in the capacity: the type's inteira goes down, a sold-out inteira is told before paying, and a purchase queued before it is refunded", async () => {
    const s = await setup();
    const bia = await signedInUser(s.t, { name: "Bia", walletCents: 100_000 });
    const edu = await signedInUser(s.t, { name: "Edu", walletCents: 100_000 });
    // Bia's Camarote inteira is decided at once (a quiet event); Edu's, right after, waits in the queue.
    await buy(bia.as, s.eventId, s.camaroteId);
    const { purchaseId } = await buy(edu.as, s.eventId, s.camaroteId);
    expect(await edu.as.query(api.ticketPurchases.outcome, { purchaseId })).toMatchObject({ status: "pending" });
    expect(await rejectionData(issue(s.creator.as, s, s.camaroteId, emailsTo(3)))).toEqual({
      code: "INVALID_COURTESY",
      message: COURTESY_MESSAGES.notEnough(2),
    });
    // The 2 inteira left go as cortesias before Edu's turn: his purchase is refunded, all of it.
    await issue(s.creator.as, s, s.camaroteId, emailsTo(2));
    await applyQueue(s.t, s.eventId);
    expect(await edu.as.query(api.ticketPurchases.outcome, { purchaseId })).toMatchObject({ status: "refunded" });
    expect((await edu.as.query(api.users.me))?.walletCents).toBe(100_000);
    // The next buyer is told at once, nothing charged; meia-entrada is untouched.
    expect((await rejectionData(buy(bia.as, s.eventId, s.camaroteId))).message).toBe(TICKET_MESSAGES.inteiraSoldOut);
    await buyNow(s.t, bia.as, s.eventId, s.camaroteId, { meia: true });
    expect(await rejectionData(issue(s.creator.as, s, s.camaroteId, ["mais@exemplo.com"]))).toMatchObject({
      message: COURTESY_MESSAGES.notEnough(0),
    });
    await expectInvariants(s.t);
    await expectBooksBalance(s.t);
  });

  test("at most 10% of the event's tickets unless the organizer raises the limit; a Gerente issues within it", async () => {
    const s = await setup();
    const gerente = await signedInUser(s.t, { name: "Gerente", email: "gerente@exemplo.com" });
    await s.creator.as.mutation(api.team.invite, { eventId: s.eventId, email: "gerente@exemplo.com", role: "gerente" });
    expect(await s.creator.as.query(api.courtesies.summary, { eventId: s.eventId })).toMatchObject({ capacity: 200, issued: 0, limit: 20 });
    await issue(gerente.as, s, s.pistaId, emailsTo(15));
    const before = await snapshot(s.t);
    expect(await rejectionData(issue(gerente.as, s, s.pistaId, emailsTo(20).slice(14)))).toEqual({
      code: "INVALID_COURTESY",
      message: COURTESY_MESSAGES.overLimit(20, 15),
    });
    expect(await snapshot(s.t)).toEqual(before);
    // Raising is the organizer's alone.
    expect((await rejectionData(gerente.as.mutation(api.courtesies.setLimit, { eventId: s.eventId, limit: 40 }))).code).toBe(
      "NOT_THE_CREATOR",
    );
    for (const [limit, message] of [
      [-1, COURTESY_MESSAGES.invalidLimit(200)],
      [201, COURTESY_MESSAGES.invalidLimit(200)],
      [2.5, COURTESY_MESSAGES.invalidLimit(200)],
      [14, COURTESY_MESSAGES.belowIssued(15)],
    ] as const) {
      expect(await rejectionData(s.creator.as.mutation(api.courtesies.setLimit, { eventId: s.eventId, limit }))).toEqual({
        code: "INVALID_COURTESY",
        message,
      });
    }
    expect(await snapshot(s.t)).toEqual(before);
    await s.creator.as.mutation(api.courtesies.setLimit, { eventId: s.eventId, limit: 40 });
    await issue(gerente.as, s, s.pistaId, emailsTo(20).slice(15).concat(["outra@exemplo.com", "mais@exemplo.com"]));
    expect(await s.creator.as.query(api.courtesies.summary, { eventId: s.eventId })).toMatchObject({ issued: 22, limit: 40, raised: true });
    await expectInvariants(s.t);
  });

  test("refused in Portuguese, nothing written: bad e-mails, none or too many, another event's type, a stranger, an event without types, started or cancelled", async () => {
    const s = await setup();
    const otherId = await s.creator.as.mutation(
      api.events.create,
      eventInput({ isTicketed: true, goalCents: 100_000, ticketTypes: [camarote] }),
    );
    const otherTypeId = (await s.t.query(api.ticketTypes.forEvent, { eventId: otherId }))[0]!._id;
    const stranger = await signedInUser(s.t, { name: "Estranha" });
    const before = await snapshot(s.t);
    const cases: [() => Promise<unknown>, string, string][] = [
      [
        () => issue(s.creator.as, s, s.pistaId, ["caio@exemplo.com", "não é e-mail"]),
        "INVALID_COURTESY",
        COURTESY_MESSAGES.invalidEmail("não é e-mail"),
      ],
      [() => issue(s.creator.as, s, s.pistaId, []), "INVALID_COURTESY", COURTESY_MESSAGES.invalidEmails],
      [() => issue(s.creator.as, s, s.pistaId, emailsTo(21)), "INVALID_COURTESY", COURTESY_MESSAGES.invalidEmails],
      [() => issue(s.creator.as, s, otherTypeId, ["caio@exemplo.com"]), "INVALID_COURTESY", COURTESY_MESSAGES.typeNotFound],
      [() => issue(stranger.as, s, s.pistaId, ["caio@exemplo.com"]), "NOT_THE_ORGANIZER", COURTESY_MESSAGES.notTheOrganizer],
      [() => issue(s.caio.as, s, s.pistaId, ["dora@exemplo.com"]), "NOT_THE_ORGANIZER", COURTESY_MESSAGES.notTheOrganizer],
    ];
    for (const [call, code, message] of cases) expect(await rejectionData(call())).toEqual({ code, message });
    expect(await snapshot(s.t)).toEqual(before);

    const plain = await ticketedEvent([]);
    expect(
      await rejectionData(
        plain.creator.as.mutation(api.courtesies.issue, { eventId: plain.eventId, typeId: plain.eventId, emails: ["a@exemplo.com"] }),
      ),
    ).toMatchObject({ message: COURTESY_MESSAGES.noTicketTypes });

    await s.creator.as.mutation(api.events.cancel, { id: s.eventId });
    expect((await rejectionData(issue(s.creator.as, s, s.pistaId, ["dora@exemplo.com"]))).code).toBe("EVENT_OVER");
    const late = await ticketedEvent([camarote], { startsAt: Date.now() + DAY });
    const lateTypeId = (await late.t.query(api.ticketTypes.forEvent, { eventId: late.eventId }))[0]!._id;
    await advanceClock(late.t, DAY + 1);
    expect(
      await rejectionData(
        late.creator.as.mutation(api.courtesies.issue, { eventId: late.eventId, typeId: lateTypeId, emails: ["a@exemplo.com"] }),
      ),
    ).toMatchObject({ code: "EVENT_OVER" });
  });

  test("a ticket like any other: transferred it stays a `Cortesia`, the CSV says `Cortesia` at R$ 0,00, and it is cancelled with its event while one not yet claimed is never delivered", async () => {
    const s = await setup();
    await issue(s.creator.as, s, s.pistaId, ["caio@exemplo.com", "ninguem@exemplo.com"]);
    const [given] = await s.caio.as.query(api.tickets.mine, {});
    const bia = await signedInUser(s.t, { name: "Bia", email: "bia@exemplo.com" });
    await s.caio.as.mutation(api.ticketTransfers.transfer, { ticketId: given!._id, email: "bia@exemplo.com" });
    expect(await bia.as.query(api.tickets.mine, {})).toEqual([
      expect.objectContaining({ courtesy: true, received: true, status: "valid" }),
    ]);

    const rows = (await s.creator.as.query(api.attendees.page, { eventId: s.eventId, paginationOpts: { numItems: 10, cursor: null } }))
      .page;
    const csv = attendeeCsv(rows, { timeZone: "America/Sao_Paulo" });
    expect(csv).toContain("Bia;bia@exemplo.com;Pista;;Cortesia;;R$ 0,00;válido");
    await expectInvariants(s.t);

    await s.creator.as.mutation(api.events.cancel, { id: s.eventId });
    await workQueues(s.t);
    await vi.runAllTimersAsync();
    expect(await bia.as.query(api.tickets.mine, {})).toEqual([expect.objectContaining({ status: "cancelled" })]);
    const ninguem = await signInLocally(s.t, "Ninguém", "ninguem@exemplo.com");
    expect(await ninguem.query(api.tickets.mine, {})).toEqual([]);
    await expectBooksBalance(s.t);
  });

  test("the attendee list counts cortesias in a row of their own, checked in and undone at the door, never in a lote", async () => {
    const s = await setup();
    await issue(s.creator.as, s, s.pistaId, ["caio@exemplo.com"]);
    const [given] = await s.caio.as.query(api.tickets.mine, {});
    const pistaRows = async () => {
      const summary = await s.creator.as.query(api.attendees.summary, { eventId: s.eventId });
      const type = summary.find((row) => row.typeId === s.pistaId)!;
      return {
        lotes: type.lotes.map(({ label, sold, checkedIn }) => ({ label, sold, checkedIn })),
        sold: type.sold,
        checkedIn: type.checkedIn,
      };
    };
    await s.creator.as.action(api.tickets.checkIn, { eventId: s.eventId, code: given!.code });
    expect(await pistaRows()).toEqual({
      lotes: [
        { label: "1º lote", sold: 0, checkedIn: 0 },
        { label: "Cortesias", sold: 1, checkedIn: 1 },
      ],
      sold: 1,
      checkedIn: 1,
    });
    await s.creator.as.mutation(api.door.undoCheckIn, { eventId: s.eventId, code: given!.code });
    expect((await pistaRows()).checkedIn).toBe(0);
  });

  test("Excluir minha conta: the organizer's list no longer names the e-mail a cortesia was given to", async () => {
    const s = await setup();
    await issue(s.creator.as, s, s.pistaId, ["caio@exemplo.com"]);
    // Caio gives his ticket away first: a valid ticket would stop the deletion.
    const [given] = await s.caio.as.query(api.tickets.mine, {});
    await signedInUser(s.t, { name: "Bia", email: "bia@exemplo.com" });
    await s.caio.as.mutation(api.ticketTransfers.transfer, { ticketId: given!._id, email: "bia@exemplo.com" });
    await s.caio.as.mutation(api.myData.deleteMyAccount, {});
    const list = await s.creator.as.query(api.courtesies.list, { eventId: s.eventId, paginationOpts: { numItems: 10, cursor: null } });
    expect(list.page.map((row) => row.email)).toEqual(["Conta excluída"]);
    expect(JSON.stringify(await allRows(s.t, "courtesies"))).not.toContain("caio@exemplo.com");
  });
});
