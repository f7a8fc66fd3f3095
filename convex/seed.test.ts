import { expect, test } from "vitest";
import { api, internal } from "./_generated/api";
import { CATEGORIES } from "./model/categories";
import { allRows, expectInvariants, newBackend } from "./test.helpers";

test("seed fills varied demo events once, keeping the ledger invariants", async () => {
  const t = newBackend();
  expect(await t.mutation(internal.seed.run, {})).toEqual({ created: 12 });
  expect(await t.mutation(internal.seed.run, {})).toEqual({ created: 0 });

  const events = await allRows(t, "events");
  expect(events).toHaveLength(12);
  expect(new Set(events.map((e) => e.category))).toEqual(new Set(CATEGORIES));
  expect(events.some((e) => e.isTicketed) && events.some((e) => !e.isTicketed)).toBe(true);

  const { page } = await t.query(api.events.list, { paginationOpts: { numItems: 20, cursor: null } });
  const statuses = page.map((e) => e.status);
  expect(statuses).toContain("Não Iniciado");
  expect(statuses).toContain("Em Progresso");
  expect(statuses).toContain("Concluído");
  expect(page.some((e) => e.percent >= 100)).toBe(true);
  expect(page.every((e) => e.startsAt > Date.now())).toBe(true);
  await expectInvariants(t);
});
