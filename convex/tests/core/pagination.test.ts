/**
 * `paginationOpts` from a hostile client: refused with a clear Portuguese message, or capped.
 */
import { describe, expect, test } from "vitest";
import { api } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import { MESSAGES } from "../../model/shared/texts";
import { MAX_PAGE_SIZE } from "../../model/core/pagination";
import { createEvent, newBackend, rejectionData, signedInUser, type Backend, type Caller } from "../test.helpers";

const INVALID_PAGE = { code: "INVALID_PAGE", message: MESSAGES.invalidPage };

async function setup() {
  const t = newBackend();
  const { as } = await signedInUser(t);
  const eventId = await createEvent(as, { name: "Show de Rock" });
  await as.mutation(api.chat.send, { eventId, body: "oi" });
  return { t, as, eventId };
}

type Lists = { t: Backend; as: Caller; eventId: Id<"events"> };
/** Anything a hostile client may send as `paginationOpts`; `absent` leaves the argument out. */
type Opts = { numItems: number; cursor: string | null; endCursor?: string | null };
const absent = Symbol("absent");
type AnyOpts = Opts | typeof absent | unknown;
/** A call with the raw `paginationOpts`, past the generated types, as a client can send it. */
function withOpts(args: Record<string, unknown>, opts: AnyOpts): never {
  return (opts === absent ? args : { ...args, paginationOpts: opts }) as never;
}
const LISTS: [string, (w: Lists, opts: AnyOpts) => Promise<unknown>][] = [
  ["events:list", (w, opts) => w.t.query(api.events.list, withOpts({}, opts))],
  ["events:list by name", (w, opts) => w.t.query(api.events.list, withOpts({ name: "rock" }, opts))],
  ["chat:list", (w, opts) => w.as.query(api.chat.list, withOpts({ eventId: w.eventId }, opts))],
  ["wallet:statement", (w, opts) => w.as.query(api.wallet.statement, withOpts({}, opts))],
  ["notifications:list", (w, opts) => w.as.query(api.notifications.list, withOpts({}, opts))],
  ["updates:list", (w, opts) => w.t.query(api.updates.list, withOpts({ eventId: w.eventId }, opts))],
];

const BAD_OPTS: [string, AnyOpts][] = [
  ["null", null],
  ["a missing paginationOpts", absent],
  ["a string", "10"],
  ["an array", [10, null]],
  ["an empty object", {}],
  ["numItems as a string", { numItems: "10", cursor: null }],
  ["a missing cursor", { numItems: 10 }],
  ["a numeric cursor", { numItems: 10, cursor: 5 }],
  ["an object cursor", { numItems: 10, cursor: { evil: true } }],
  ["a numeric end cursor", { numItems: 10, cursor: null, endCursor: 7 }],
  ["maximumRowsRead as a string", { numItems: 10, cursor: null, maximumRowsRead: "all" }],
  ["an unknown field", { numItems: 10, cursor: null, sneaky: 1 }],
  ["numItems 0", { numItems: 0, cursor: null }],
  ["numItems negative", { numItems: -5, cursor: null }],
  ["numItems fractional", { numItems: 2.5, cursor: null }],
  ["numItems NaN", { numItems: Number.NaN, cursor: null }],
  ["numItems Infinity", { numItems: Number.POSITIVE_INFINITY, cursor: null }],
  ["a cursor we never issued", { numItems: 10, cursor: "not-a-cursor" }],
  ["a JSON-looking bogus cursor", { numItems: 10, cursor: '["x"]' }],
  ["a 10 KB cursor", { numItems: 10, cursor: "a".repeat(10_000) }],
  ["a 10 KB end cursor", { numItems: 10, cursor: null, endCursor: "a".repeat(10_000) }],
];

describe.each(LISTS)("%s", (_name, list) => {
  test.each(BAD_OPTS)("refuses %s with INVALID_PAGE", { timeout: 30_000 }, async (_label, opts) => {
    const w = await setup();
    expect(await rejectionData(list(w, opts))).toEqual(INVALID_PAGE);
  });
});

test(`numItems 1e9 returns at most ${MAX_PAGE_SIZE} items`, async () => {
  const t = newBackend();
  // Ten events per creator: one person may create 10 an hour (model/core/rateLimits.ts).
  let creator = (await signedInUser(t, { name: "Criador 0" })).as;
  for (let i = 0; i <= MAX_PAGE_SIZE; i++) {
    if (i > 0 && i % 10 === 0) creator = (await signedInUser(t, { name: `Criador ${i}` })).as;
    await createEvent(creator, { name: `Evento ${i}` });
  }
  const result = await t.query(api.events.list, { paginationOpts: { numItems: 1e9, cursor: null } });
  expect(result.page).toHaveLength(MAX_PAGE_SIZE);
  expect(result.isDone).toBe(false);
  const rest = await t.query(api.events.list, { paginationOpts: { numItems: 1e9, cursor: result.continueCursor } });
  expect(rest.page).toHaveLength(1);
});

test("what the React client sends (numItems, cursor, id, endCursor) still pages", async () => {
  const { t } = await setup();
  const first: { page: unknown[]; continueCursor: string } = await t.query(
    api.events.list,
    withOpts({}, { numItems: 5, cursor: null, id: 1 }),
  );
  expect(first.page).toHaveLength(1);
  const again: { page: unknown[] } = await t.query(
    api.events.list,
    withOpts({}, { numItems: 5, cursor: null, endCursor: first.continueCursor, id: 1 }),
  );
  expect(again.page).toHaveLength(1);
});
