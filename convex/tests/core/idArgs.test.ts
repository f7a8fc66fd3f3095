/**
 * Caller-supplied ids are normalized to their table (convex/model/core/args.ts `idArg`) before any
 * read or write: an id of another table, a malformed or a huge one is "not found".
 */
import { describe, expect, test } from "vitest";
import { api } from "../../_generated/api";
import { MESSAGES } from "../../model/shared/texts";
import { createEvent, newBackend, rejectionData, signedInUser, snapshot, supportNow } from "../test.helpers";

async function setup() {
  const t = newBackend();
  const { as, userId } = await signedInUser(t);
  const eventId = await createEvent(as, { minSupportCents: 100 });
  await supportNow(t, as, { eventId, amountCents: 100 });
  const contributionId = await t.run(async (ctx) => (await ctx.db.query("contributions").first())!._id);
  return { t, as, foreignIds: [userId, contributionId, "x".repeat(100_000), `${eventId}x`] };
}

const NOT_FOUND = { code: "EVENT_NOT_FOUND", message: MESSAGES.eventNotFound };

describe("ids of another table, malformed or huge", () => {
  test("events:get answers null", async () => {
    const { t, foreignIds } = await setup();
    for (const id of foreignIds) expect(await t.query(api.events.get, { id })).toBeNull();
  });

  test("supports:mine answers 'not supported'", async () => {
    const { as, foreignIds } = await setup();
    for (const eventId of foreignIds) {
      expect(await as.query(api.supports.mine, { eventId })).toEqual({ supported: false, amountCents: 0 });
    }
  });

  test("supports:support, chat:send and chat:list refuse with EVENT_NOT_FOUND and change nothing", async () => {
    const { t, as, foreignIds } = await setup();
    const before = await snapshot(t);
    for (const eventId of foreignIds) {
      expect(await rejectionData(supportNow(t, as, { eventId, amountCents: 100 }))).toEqual(NOT_FOUND);
      expect(await rejectionData(as.mutation(api.chat.send, { eventId, body: "oi" }))).toEqual(NOT_FOUND);
      const list = as.query(api.chat.list, { eventId, paginationOpts: { numItems: 10, cursor: null } });
      expect(await rejectionData(list)).toEqual(NOT_FOUND);
    }
    expect(await snapshot(t)).toEqual(before);
  });
});
