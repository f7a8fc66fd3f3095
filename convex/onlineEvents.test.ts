import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import { MESSAGES } from "./model/shared/texts";
import { allRows, createEvent, DAY, eventInput, newBackend, rejectionData, signedInUser, snapshot, supportNow } from "./test.helpers";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const page = { numItems: 50, cursor: null };
const online = { isOnline: true, onlineUrl: " https://meet.exemplo.com/live ", venueName: undefined, city: undefined, uf: undefined };

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
