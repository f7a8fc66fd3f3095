import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import { ANONYMOUS_SUPPORTER_NAME } from "../../model/shared/hiddenNames";
import { applyQueue, createEvent, newBackend, signedInUser } from "../test.helpers";
import type { Id } from "../../_generated/dataModel";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const firstPage = { numItems: 20, cursor: null };

test("Apoiar sem mostrar meu nome: others read `Apoiador anônimo` in the chat; the organizer and the supporter see the name", async () => {
  const t = newBackend();
  const organizer = await signedInUser(t, { name: "Olga Organizadora" });
  const hidden = await signedInUser(t, { name: "Helena Discreta" });
  const other = await signedInUser(t, { name: "Otávio Aberto" });
  const eventId = (await createEvent(organizer.as)) as Id<"events">;
  await hidden.as.mutation(api.supports.support, { eventId, amountCents: 500, anonymous: true });
  await other.as.mutation(api.supports.support, { eventId, amountCents: 500 });
  // A later support without the box keeps the name hidden on this event.
  await hidden.as.mutation(api.supports.support, { eventId, amountCents: 500 });
  await applyQueue(t, eventId);
  await hidden.as.mutation(api.chat.send, { eventId, body: "Oi, gente" });
  await other.as.mutation(api.chat.send, { eventId, body: "Oi!" });

  const authors = async (caller: typeof organizer.as) =>
    (await caller.query(api.chat.list, { eventId, paginationOpts: firstPage })).page.map((message) => message.authorName);
  expect(await authors(other.as)).toEqual([ANONYMOUS_SUPPORTER_NAME, "Otávio Aberto"]);
  expect(await authors(organizer.as)).toEqual(["Helena Discreta", "Otávio Aberto"]);
  expect(await authors(hidden.as)).toEqual(["Helena Discreta", "Otávio Aberto"]);
  // The organizer's list keeps the name: the reward is delivered to a person.
  const supporters = await organizer.as.query(api.rewards.supporters, { eventId, paginationOpts: firstPage });
  expect(supporters.page.map((row) => row.name)).toContain("Helena Discreta");
  expect(await t.run((ctx) => ctx.db.query("anonymousSupporters").collect())).toHaveLength(1);
});

test("a support refused at the door hides nothing", async () => {
  const t = newBackend();
  const organizer = await signedInUser(t, { name: "Olga Organizadora" });
  const hidden = await signedInUser(t, { name: "Helena Discreta" });
  const eventId = await createEvent(organizer.as, { minSupportCents: 1_000 });
  await expect(hidden.as.mutation(api.supports.support, { eventId, amountCents: 500, anonymous: true })).rejects.toThrow();
  expect(await t.run((ctx) => ctx.db.query("anonymousSupporters").collect())).toEqual([]);
});
