import { describe, expect, test } from "vitest";
import { api } from "../../_generated/api";
import { MESSAGES } from "../../model/shared/texts";
import { createEvent, DAY, newBackend, rejectionData, signedInUser, snapshot, supportNow } from "../test.helpers";

const page = { numItems: 50, cursor: null };

async function withEvents() {
  const t = newBackend();
  const creator = await signedInUser(t);
  const base = Date.now() + 10 * DAY;
  await createEvent(creator.as, { name: "Festival de Jazz", category: "Música", startsAt: base + 2 * DAY });
  await createEvent(creator.as, { name: "Corrida da Cidade", category: "Esporte", startsAt: base });
  await createEvent(creator.as, { name: "Hackathon de IA", category: "Tecnologia", startsAt: base + 1 * DAY });
  await createEvent(creator.as, { name: "Jazz no Parque", category: "Entretenimento", startsAt: base + 3 * DAY });
  return { t, creator, base };
}

const names = (result: { page: { name: string }[] }) => result.page.map((e) => e.name);

describe("events:list", () => {
  test("lists every event ordered by start time ascending", async () => {
    const { t } = await withEvents();
    const result = await t.query(api.events.list, { paginationOpts: page });
    expect(names(result)).toEqual(["Corrida da Cidade", "Hackathon de IA", "Festival de Jazz", "Jazz no Parque"]);
    expect(result.isDone).toBe(true);
  });

  test("name filter is a case-insensitive substring match", async () => {
    const { t } = await withEvents();
    const result = await t.query(api.events.list, { name: "JAZZ", paginationOpts: page });
    expect(names(result)).toEqual(["Festival de Jazz", "Jazz no Parque"]);
    const inner = await t.query(api.events.list, { name: "ackath", paginationOpts: page });
    expect(names(inner)).toEqual(["Hackathon de IA"]);
  });

  test("short name filters (1–2 characters) still match substrings", async () => {
    const { t } = await withEvents();
    const result = await t.query(api.events.list, { name: "iA", paginationOpts: page });
    expect(names(result)).toEqual(["Hackathon de IA"]);
  });

  test("name filter ignores accents so 'musica' style searches work", async () => {
    const t = newBackend();
    const creator = await signedInUser(t);
    await createEvent(creator.as, { name: "Noite da Música Clássica" });
    const result = await t.query(api.events.list, { name: "musica class", paginationOpts: page });
    expect(names(result)).toEqual(["Noite da Música Clássica"]);
  });

  test("a name no event contains returns an empty page", async () => {
    const { t } = await withEvents();
    const result = await t.query(api.events.list, { name: "xyzzy", paginationOpts: page });
    expect(result.page).toEqual([]);
  });

  test("category filter is an exact case-insensitive match; Todas means all", async () => {
    const { t } = await withEvents();
    expect(names(await t.query(api.events.list, { category: "música", paginationOpts: page }))).toEqual(["Festival de Jazz"]);
    expect((await t.query(api.events.list, { category: "Todas", paginationOpts: page })).page).toHaveLength(4);
    expect((await t.query(api.events.list, { category: "mús", paginationOpts: page })).page).toEqual([]);
  });

  test("date range applies only when both ends are set, and is inclusive", async () => {
    const { t, base } = await withEvents();
    const both = await t.query(api.events.list, { from: base, to: base + 2 * DAY, paginationOpts: page });
    expect(names(both)).toEqual(["Corrida da Cidade", "Hackathon de IA", "Festival de Jazz"]);
    const onlyFrom = await t.query(api.events.list, { from: base + 2 * DAY, paginationOpts: page });
    expect(onlyFrom.page).toHaveLength(4);
    const reversed = await t.query(api.events.list, { from: base + DAY, to: base, paginationOpts: page });
    expect(reversed.page).toEqual([]);
  });

  test("filters combine: name, category and dates together", async () => {
    const { t, base } = await withEvents();
    const result = await t.query(api.events.list, {
      name: "jazz",
      category: "entretenimento",
      from: base,
      to: base + 3 * DAY,
      paginationOpts: page,
    });
    expect(names(result)).toEqual(["Jazz no Parque"]);
  });

  test("pages continue where the last one ended, also for name searches", async () => {
    const t = newBackend();
    const creator = await signedInUser(t);
    for (let i = 0; i < 7; i++) {
      await createEvent(creator.as, { name: `Oficina ${i}`, startsAt: Date.now() + (i + 1) * DAY });
    }
    for (const filters of [{}, { name: "oficina" }]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let guard = 0; guard < 10; guard++) {
        const result: { page: { name: string }[]; isDone: boolean; continueCursor: string } = await t.query(api.events.list, {
          ...filters,
          paginationOpts: { numItems: 3, cursor },
        });
        seen.push(...names(result));
        if (result.isDone) break;
        cursor = result.continueCursor;
      }
      expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => `Oficina ${i}`));
    }
  });

  test("a split first page keeps the piece it started with, even after counts change", async () => {
    const t = newBackend();
    const creator = await signedInUser(t);
    for (const [i, name] of ["festa um", "festa dois", "festa tres"].entries()) {
      await createEvent(creator.as, { name, startsAt: Date.now() + (i + 1) * DAY });
    }
    const first = await t.query(api.events.list, { name: "festa", paginationOpts: { numItems: 1, cursor: null } });
    expect(names(first)).toEqual(["festa um"]);
    // New names make another piece of "festa" the rarest one…
    await createEvent(creator.as, { name: "fes aaa" });
    await createEvent(creator.as, { name: "fes bbb" });
    // …yet re-asking for the first page up to its end cursor (what usePaginatedQuery does when
    // it splits a page) still walks the original piece and ends where it ended.
    const again = await t.query(api.events.list, {
      name: "festa",
      paginationOpts: { numItems: 1, cursor: null, endCursor: first.continueCursor },
    });
    expect(names(again)).toEqual(["festa um"]);
  });

  test("summaries carry percent, capped progress and status", async () => {
    const t = newBackend();
    const creator = await signedInUser(t);
    const supporter = await signedInUser(t, { name: "Ana" });
    const id = await createEvent(creator.as, { goalCents: 2_000, minSupportCents: 100 });
    await supportNow(t, supporter.as, { eventId: id, amountCents: 3_000 });
    const [summary] = (await t.query(api.events.list, { paginationOpts: page })).page;
    expect(summary).toMatchObject({ raisedCents: 3_000, percent: 150, progress: 100, goalReached: true, status: "Concluído" });
  });

  test("goalReached is the goal itself: a goal percentage below 100 concludes the event without reaching it", async () => {
    const t = newBackend();
    const creator = await signedInUser(t);
    const supporter = await signedInUser(t, { name: "Ana" });
    const id = await createEvent(creator.as, { goalCents: 2_000, minSupportCents: 100, goalPercentage: 50 });
    await supportNow(t, supporter.as, { eventId: id, amountCents: 1_999 });
    expect(await t.query(api.events.get, { id })).toMatchObject({ percent: 99, goalReached: false, status: "Concluído" });
  });
});

describe("events:get", () => {
  test("returns the event with percent, status and supportingOpen", async () => {
    const t = newBackend();
    const creator = await signedInUser(t);
    const id = await createEvent(creator.as, { isTicketed: true, imageUrl: "https://example.com/a.jpg" });
    expect(await t.query(api.events.get, { id })).toMatchObject({
      _id: id,
      name: "Show de Rock",
      percent: 0,
      status: "Não Iniciado",
      supportingOpen: true,
      isTicketed: true,
      imageUrl: "https://example.com/a.jpg",
      creatorId: creator.userId,
    });
  });

  test("returns null for a malformed or unknown id instead of failing", async () => {
    const t = newBackend();
    const creator = await signedInUser(t);
    const id = await createEvent(creator.as);
    await t.run((ctx) => ctx.db.delete("events", id));
    expect(await t.query(api.events.get, { id })).toBeNull();
    expect(await t.query(api.events.get, { id: "not-an-id" })).toBeNull();
    expect(await t.query(api.events.get, { id: creator.userId })).toBeNull();
  });
});

describe("events:create", () => {
  test("stores the event with its creator, zero raised and trimmed name", async () => {
    const t = newBackend();
    const creator = await signedInUser(t);
    const id = await createEvent(creator.as, { name: "  Show de Rock  ", imageUrl: "" });
    const event = await t.run((ctx) => ctx.db.get("events", id));
    expect(event).toMatchObject({
      name: "Show de Rock",
      nameLower: "show de rock",
      creatorId: creator.userId,
      raisedCents: 0,
      ticketsGenerated: 0,
      uniqueSupporters: 0,
    });
    expect(event?.imageUrl).toBeUndefined();
  });

  test("refuses invalid fields with the invalid-fields message and writes nothing", async () => {
    const t = newBackend();
    const creator = await signedInUser(t);
    const before = await snapshot(t);
    const error = await rejectionData(createEvent(creator.as, { goalCents: 0 }));
    expect(error).toEqual({ code: "INVALID_EVENT", message: "Por favor, preencha todos os campos corretamente." });
    expect(await snapshot(t)).toEqual(before);
  });

  test("refuses a signed-out caller", async () => {
    const t = newBackend();
    const error = await rejectionData(
      t.mutation(api.events.create, {
        venueName: "Teatro Municipal",
        city: "São Paulo",
        uf: "SP",
        name: "X",
        category: "Música",
        startsAt: Date.now() + DAY,
        goalCents: 100,
        minSupportCents: 1,
        goalPercentage: 100,
        isTicketed: false,
      }),
    );
    expect(error).toEqual({ code: "NOT_SIGNED_IN", message: MESSAGES.notSignedIn });
  });
});

describe("events:mine", () => {
  test("lists only the caller's events with balance, counters, percent and status", async () => {
    const t = newBackend();
    const creator = await signedInUser(t, { name: "Criadora" });
    const other = await signedInUser(t, { name: "Outro" });
    const supporter = await signedInUser(t, { name: "Apoiador" });
    const mine = await createEvent(creator.as, { name: "Meu Evento", goalCents: 10_000, minSupportCents: 100 });
    await createEvent(other.as, { name: "Evento Alheio" });
    await supportNow(t, supporter.as, { eventId: mine, amountCents: 2_500 });

    const rows = await creator.as.query(api.events.mine, {});
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Meu Evento",
      raisedCents: 2_500,
      balanceCents: -7_500,
      uniqueSupporters: 1,
      ticketsGenerated: 0,
      percent: 25,
      status: "Em Progresso",
    });
  });

  test("is empty for a user without events and for a signed-out visitor", async () => {
    const t = newBackend();
    const user = await signedInUser(t);
    expect(await user.as.query(api.events.mine, {})).toEqual([]);
    expect(await t.query(api.events.mine, {})).toEqual([]);
  });
});
