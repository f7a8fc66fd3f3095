import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import { MESSAGES } from "../../model/shared/texts";
import {
  advanceClock,
  allRows,
  createEvent,
  DAY,
  eventInput,
  expectInvariants,
  newBackend,
  rejectionData,
  signedInUser,
  snapshot,
  type CreateEventArgs,
  type Caller,
  supportNow,
} from "../test.helpers";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const page = { numItems: 50, cursor: null };

describe("description and place on create", () => {
  test("are stored cleaned, shown on the page and (the city) on the card", async () => {
    const t = newBackend();
    const { as } = await signedInUser(t);
    const id = await createEvent(as, {
      description: "  Primeira linha\r\n\n\n\nSegunda\u202E linha  ",
      venueName: "  Teatro   Municipal ",
      city: " São  Paulo ",
      uf: "sp",
    });
    expect(await t.query(api.events.get, { id })).toMatchObject({
      description: "Primeira linha\n\nSegunda linha",
      venueName: "Teatro Municipal",
      city: "São Paulo",
      uf: "SP",
    });
    const [card] = (await t.query(api.events.list, { paginationOpts: page })).page;
    expect(card).toMatchObject({ city: "São Paulo", uf: "SP" });
    const [stored] = await allRows(t, "events");
    expect(stored?.cityKey).toBe("sao paulo");
  });

  test("the description is optional; an empty one is not stored", async () => {
    const t = newBackend();
    const { as } = await signedInUser(t);
    const id = await createEvent(as, { description: " \n " });
    expect((await t.query(api.events.get, { id }))?.description).toBeNull();
  });

  test.each<[string, Partial<CreateEventArgs>, string]>([
    ["a description over 5,000 characters", { description: "a".repeat(5_001) }, MESSAGES.descriptionTooLong],
    ["a huge description", { description: "a".repeat(1_000_000) }, MESSAGES.descriptionTooLong],
    ["no venue", { venueName: "  " }, MESSAGES.invalidPlace],
    ["an invisible venue", { venueName: "\u200B\u200B" }, MESSAGES.invalidPlace],
    ["no city", { city: "" }, MESSAGES.invalidPlace],
    ["a city over 60 characters", { city: "x".repeat(61) }, MESSAGES.invalidPlace],
    ["no UF", { uf: "" }, MESSAGES.invalidUf],
    ["an unknown UF", { uf: "XX" }, MESSAGES.invalidUf],
  ])("refuses %s with its message and stores nothing", async (_, overrides, message) => {
    const t = newBackend();
    const { as } = await signedInUser(t);
    const before = await snapshot(t);
    expect(await rejectionData(createEvent(as, overrides))).toEqual({ code: "INVALID_EVENT", message });
    expect(await snapshot(t)).toEqual(before);
  });

  test("exactly 5,000 characters of description are accepted", async () => {
    const t = newBackend();
    const { as } = await signedInUser(t);
    const id = await createEvent(as, { description: "é".repeat(5_000) });
    expect((await t.query(api.events.get, { id }))?.description).toHaveLength(5_000);
  });
});

/** The form's values for an existing event: everything `events:update` takes. */
function editArgs(id: Id<"events">, base: CreateEventArgs, overrides: Partial<CreateEventArgs> & { removeImage?: boolean } = {}) {
  return { id, ...base, ...overrides };
}

async function withEvent(overrides: Partial<CreateEventArgs> = {}) {
  const t = newBackend();
  const creator = await signedInUser(t, { name: "Criadora" });
  const ana = await signedInUser(t, { name: "Ana" });
  const base = eventInput({ startsAt: Date.now() + 7 * DAY, ...overrides });
  const id = await createEvent(creator.as, base);
  const edit = (as: Caller, changes: Partial<CreateEventArgs> & { removeImage?: boolean } = {}) =>
    as.mutation(api.events.update, editArgs(id, base, changes));
  const event = () => t.query(api.events.get, { id });
  const support = () => supportNow(t, ana.as, { eventId: id, amountCents: 1_000 });
  return { t, creator, ana, id, base, edit, event, support };
}

describe("events:update", () => {
  test("the creator changes description, place and image; everyone reads the change", async () => {
    const { creator, edit, event } = await withEvent();
    await edit(creator.as, {
      description: "Agora com banda convidada.",
      venueName: "Praça da Liberdade",
      city: "Belo Horizonte",
      uf: "MG",
      imageUrl: "https://exemplo.com/nova.jpg",
    });
    expect(await event()).toMatchObject({
      description: "Agora com banda convidada.",
      venueName: "Praça da Liberdade",
      city: "Belo Horizonte",
      uf: "MG",
      imageUrl: "https://exemplo.com/nova.jpg",
    });
    await edit(creator.as, { removeImage: true });
    expect((await event())?.imageUrl).toBeNull();
  });

  test("before any support, the name, date and numbers change too, and search follows the name", async () => {
    const { t, creator, edit, event, base } = await withEvent();
    await edit(creator.as, { name: "Festa Junina", goalCents: 20_000, minSupportCents: 1_000, goalPercentage: 80, isTicketed: true });
    expect(await event()).toMatchObject({
      name: "Festa Junina",
      goalCents: 20_000,
      minSupportCents: 1_000,
      goalPercentage: 80,
      isTicketed: true,
    });
    const found = async (name: string) => (await t.query(api.events.list, { name, paginationOpts: page })).page.map((e) => e.name);
    expect(await found("junina")).toEqual(["Festa Junina"]);
    expect(await found(base.name)).toEqual([]);
    const grams = await allRows(t, "eventNameGrams");
    expect(grams.every((row) => "festa junina".includes(row.gram))).toBe(true);
  });

  test("a new city moves the event in name searches within a city, even after supports", async () => {
    const { t, creator, edit, support } = await withEvent({ name: "Sarau de Poesia", city: "Olinda", uf: "PE" });
    const found = async (city: string) =>
      (await t.query(api.events.list, { name: "poesia", city, paginationOpts: page })).page.map((e) => e.name);
    expect(await found("olinda")).toEqual(["Sarau de Poesia"]);
    await support();
    await edit(creator.as, { city: "Recife" });
    expect(await found("olinda")).toEqual([]);
    expect(await found("Recife")).toEqual(["Sarau de Poesia"]);
  });

  test("after the first support, the core fields are frozen but the description is not", async () => {
    const { t, creator, edit, event, support } = await withEvent();
    await support();
    const before = await snapshot(t);
    for (const change of [{ name: "Outro nome" }, { startsAt: Date.now() + 9 * DAY }, { goalCents: 5_000 }, { isTicketed: true }]) {
      expect(await rejectionData(edit(creator.as, change))).toEqual({
        code: "EVENT_ALREADY_SUPPORTED",
        message: "Este evento já recebeu apoios; esses dados não podem mais ser alterados.",
      });
    }
    expect(await snapshot(t)).toEqual(before);
    await edit(creator.as, { description: "Local confirmado." });
    expect((await event())?.description).toBe("Local confirmado.");
    await expectInvariants(t);
  });

  test("only the creator may edit, and not once the event has started", async () => {
    const { t, ana, creator, edit } = await withEvent();
    const before = await snapshot(t);
    expect(await rejectionData(edit(ana.as, { description: "invasão" }))).toEqual({
      code: "NOT_THE_CREATOR",
      message: MESSAGES.notTheCreatorToEdit,
    });
    expect(await rejectionData(t.mutation(api.events.update, editArgs((await allRows(t, "events"))[0]!._id, eventInput())))).toMatchObject({
      code: "NOT_SIGNED_IN",
    });
    expect(await snapshot(t)).toEqual(before);
    await advanceClock(t, 7 * DAY);
    expect(await rejectionData(edit(creator.as, { description: "tarde demais" }))).toEqual({
      code: "EVENT_STARTED",
      message: MESSAGES.editAfterStart,
    });
  });

  test("invalid values are refused with the create form's messages, changing nothing", async () => {
    const { t, creator, edit } = await withEvent();
    const before = await snapshot(t);
    expect(await rejectionData(edit(creator.as, { city: " " }))).toEqual({ code: "INVALID_EVENT", message: MESSAGES.invalidPlace });
    expect(await rejectionData(edit(creator.as, { goalCents: -1 }))).toMatchObject({ code: "INVALID_EVENT" });
    expect(await rejectionData(edit(creator.as, { imageUrl: "javascript:alert(1)" }))).toMatchObject({ code: "INVALID_EVENT" });
    expect(await rejectionData(edit(creator.as, { startsAt: Date.now() - DAY }))).toEqual({
      code: "EVENT_IN_PAST",
      message: MESSAGES.eventInPast,
    });
    expect(await snapshot(t)).toEqual(before);
  });

  test("a new date reschedules the settlement exactly once", async () => {
    const { t, creator, edit, event } = await withEvent({ goalCents: 5_000 });
    await edit(creator.as, { startsAt: Date.now() + 3 * DAY });
    await edit(creator.as, { startsAt: Date.now() + 2 * DAY });
    const jobs = await t.run((ctx) => ctx.db.system.query("_scheduled_functions").collect());
    const settlements = jobs.filter((job) => job.name.endsWith(":settle"));
    expect(settlements.filter((job) => job.state.kind === "pending")).toHaveLength(1);
    expect(settlements.filter((job) => job.state.kind === "pending")[0]?.scheduledTime).toBe(Date.now() + 2 * DAY);

    await advanceClock(t, 2 * DAY);
    expect((await event())?.settlement).toBe("refunded");
    // The old dates (day 3 and day 7) pass without settling it again.
    await advanceClock(t, 6 * DAY);
    const after = await t.run((ctx) => ctx.db.system.query("_scheduled_functions").collect());
    expect(after.filter((job) => job.name.endsWith(":settle") && job.state.kind === "success")).toHaveLength(1);
    await expectInvariants(t);
  });
});
