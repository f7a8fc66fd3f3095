import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import { MESSAGES } from "../../model/shared/texts";
import { unitPriceCents, type TicketTypeInput } from "../../model/shared/ticketTypes";
import {
  allRows,
  applyQueue,
  createEvent,
  DAY,
  eventInput,
  newBackend,
  rejectionData,
  runDueFunctions,
  signedInUser,
  snapshot,
  supportNow,
  type Caller,
} from "../test.helpers";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const page = { numItems: 50, cursor: null };
const online = { isOnline: true, onlineUrl: " https://meet.exemplo.com/live ", venueName: undefined, city: undefined, uf: undefined };

const live: TicketTypeInput = { name: "Sala", quantity: 10, meiaQuantity: 4, lotes: [{ priceCents: 1_000 }] };

/** One inteira of the event's first type at the price shown, decided by the queue; its status. */
async function buyTicket(t: ReturnType<typeof newBackend>, caller: Caller, eventId: string) {
  const [type] = await caller.query(api.ticketTypes.forEvent, { eventId });
  const { purchaseId } = await caller.mutation(api.ticketPurchases.buy, {
    eventId,
    typeId: type!._id,
    loteIndex: 0,
    unitPriceCents: unitPriceCents(type!.lotes[0]!, false),
    units: 1,
    meia: false,
  });
  await applyQueue(t, eventId as never);
  return (await caller.query(api.ticketPurchases.outcome, { purchaseId }))?.status;
}

describe("Evento online", () => {
  test("has no place, says Online, and its link is given only to supporters and the creator", async () => {
    const t = newBackend();
    const creator = await signedInUser(t, { name: "Organizadora" });
    const eventId = await createEvent(creator.as, { name: "Live de Jazz", isTicketed: true, ...online });
    const page1 = await t.query(api.events.get, { id: eventId });
    expect(page1).toMatchObject({ isOnline: true, venueName: null, city: null, uf: null });
    // The link is nowhere in what everyone reads.
    expect(JSON.stringify(page1)).not.toContain("meet.exemplo.com");
    expect(JSON.stringify(await t.query(api.events.list, { paginationOpts: page }))).not.toContain("meet.exemplo.com");

    const fan = await signedInUser(t, { name: "Fã" });
    expect(await t.query(api.onlineAccess.link, { eventId })).toBeNull();
    expect(await fan.as.query(api.onlineAccess.link, { eventId })).toBeNull();
    expect(await creator.as.query(api.onlineAccess.link, { eventId })).toBe("https://meet.exemplo.com/live");
    await supportNow(t, fan.as, { eventId, amountCents: 1_000 });
    expect(await fan.as.query(api.onlineAccess.link, { eventId })).toBe("https://meet.exemplo.com/live");
  });

  test("a support of an event sold through types gives no link; a ticket does, until the event is cancelled", async () => {
    const t = newBackend();
    const creator = await signedInUser(t, { name: "Organizadora" });
    const eventId = await createEvent(creator.as, { isTicketed: true, ticketTypes: [live], ...online });
    const supporter = await signedInUser(t, { name: "Apoiadora" });
    await supportNow(t, supporter.as, { eventId, amountCents: 500 });
    expect(await supporter.as.query(api.onlineAccess.link, { eventId })).toBeNull();

    const buyer = await signedInUser(t, { name: "Compradora" });
    expect(await buyTicket(t, buyer.as, eventId)).toBe("issued");
    expect(await buyer.as.query(api.onlineAccess.link, { eventId })).toBe("https://meet.exemplo.com/live");

    await creator.as.mutation(api.events.cancel, { id: eventId });
    await runDueFunctions(t);
    expect(await buyer.as.query(api.onlineAccess.link, { eventId })).toBeNull();
    expect(await supporter.as.query(api.onlineAccess.link, { eventId })).toBeNull();
    expect(await creator.as.query(api.onlineAccess.link, { eventId })).toBe("https://meet.exemplo.com/live");
  });

  test("a buyer whose purchase was refunded (its lote had sold out) gets no link", async () => {
    const t = newBackend();
    const twoLotes = { ...live, lotes: [{ priceCents: 1_000, quantity: 1 }, { priceCents: 2_000 }] };
    const creator = await signedInUser(t, { name: "Organizadora" });
    const eventId = await createEvent(creator.as, { isTicketed: true, ticketTypes: [twoLotes], ...online });
    const first = await signedInUser(t, { name: "Primeira" });
    const late = await signedInUser(t, { name: "Atrasada" });
    expect(await buyTicket(t, first.as, eventId)).toBe("issued");
    // The late buyer still asks for the 1º lote, sold out meanwhile: paid, then refunded by the queue.
    expect(await buyTicket(t, late.as, eventId)).toBe("refunded");
    expect(await late.as.query(api.onlineAccess.link, { eventId })).toBeNull();
    expect(await first.as.query(api.onlineAccess.link, { eventId })).toBe("https://meet.exemplo.com/live");
  });

  test("supporters of an online event without tickets lose the link when it is cancelled", async () => {
    const t = newBackend();
    const creator = await signedInUser(t, { name: "Organizadora" });
    const eventId = await createEvent(creator.as, { isTicketed: false, ...online });
    const fan = await signedInUser(t, { name: "Fã" });
    await supportNow(t, fan.as, { eventId, amountCents: 1_000 });
    expect(await fan.as.query(api.onlineAccess.link, { eventId })).toBe("https://meet.exemplo.com/live");
    await creator.as.mutation(api.events.cancel, { id: eventId });
    await runDueFunctions(t);
    expect(await fan.as.query(api.onlineAccess.link, { eventId })).toBeNull();
  });

  test("a link stored before links had to be https is given to nobody but the creator", async () => {
    const t = newBackend();
    const creator = await signedInUser(t, { name: "Organizadora" });
    const eventId = await createEvent(creator.as, { isTicketed: true, ticketTypes: [live], ...online });
    const buyer = await signedInUser(t, { name: "Compradora" });
    expect(await buyTicket(t, buyer.as, eventId)).toBe("issued");
    await t.run(async (ctx) => {
      const row = (await ctx.db.query("eventAccessLinks").first())!;
      await ctx.db.patch("eventAccessLinks", row._id, { url: "http://meet.exemplo.com/live" });
    });
    expect(await buyer.as.query(api.onlineAccess.link, { eventId })).toBeNull();
    expect(await creator.as.query(api.onlineAccess.link, { eventId })).toBe("http://meet.exemplo.com/live");
  });

  test("the Cidade filter leaves online events out unless it is Online", async () => {
    const t = newBackend();
    const { as } = await signedInUser(t);
    await createEvent(as, { name: "Live de Jazz", ...online });
    await createEvent(as, { name: "Show no Recife", city: "Recife", uf: "PE" });
    const names = async (city?: string) =>
      (await t.query(api.events.list, { paginationOpts: page, ...(city === undefined ? {} : { city }) })).page
        .map((event) => event.name)
        .sort();
    expect(await names()).toEqual(["Live de Jazz", "Show no Recife"]);
    expect(await names("Recife")).toEqual(["Show no Recife"]);
    expect(await names("online")).toEqual(["Live de Jazz"]);
    expect(await names("Online")).toEqual(["Live de Jazz"]);
    expect(await t.query(api.events.list, { paginationOpts: page, city: "Online", name: "jazz" })).toMatchObject({
      page: [{ name: "Live de Jazz" }],
    });
  });

  test.each([
    ["no link", { onlineUrl: undefined }],
    ["a javascript: link", { onlineUrl: "javascript:alert(1)" }],
    ["an ftp link", { onlineUrl: "ftp://exemplo.com/arquivo" }],
    ["an http link (the way in travels unencrypted)", { onlineUrl: "http://meet.exemplo.com/live" }],
    ["a relative link", { onlineUrl: "/live" }],
  ])("%s is refused with its message, nothing created", async (_label, change) => {
    const t = newBackend();
    const { as } = await signedInUser(t);
    const before = await snapshot(t);
    const error = await rejectionData(as.mutation(api.events.create, eventInput({ ...online, ...change })));
    expect(error).toEqual({ code: "INVALID_EVENT", message: MESSAGES.invalidOnlineUrl });
    expect(await snapshot(t)).toEqual(before);
  });

  test("a place named Online is refused (it would be listed with the online events)", async () => {
    const t = newBackend();
    const { as } = await signedInUser(t);
    const error = await rejectionData(as.mutation(api.events.create, eventInput({ city: " ONLINE " })));
    expect(error).toEqual({ code: "INVALID_EVENT", message: MESSAGES.invalidPlace });
  });

  test("an edit moves an event online and back: the place, the link and the filter follow", async () => {
    const t = newBackend();
    const { as } = await signedInUser(t);
    const startsAt = Date.now() + 7 * DAY;
    const id = await createEvent(as, { startsAt });
    await as.mutation(api.events.update, { id, ...eventInput({ startsAt, ...online }) });
    expect(await t.query(api.events.get, { id })).toMatchObject({ isOnline: true, city: null, venueName: null });
    expect((await t.query(api.events.list, { paginationOpts: page, city: "online" })).page).toHaveLength(1);
    await as.mutation(api.events.update, { id, ...eventInput({ startsAt }) });
    expect(await t.query(api.events.get, { id })).toMatchObject({ isOnline: false, city: "São Paulo" });
    expect(await allRows(t, "eventAccessLinks")).toEqual([]);
    expect((await t.query(api.events.list, { paginationOpts: page, city: "online" })).page).toHaveLength(0);
  });
});
