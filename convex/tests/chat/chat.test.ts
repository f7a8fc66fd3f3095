import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import { createEvent, newBackend, rejectionData, signedInUser, snapshot, supportNow } from "../test.helpers";

async function setup() {
  const t = newBackend();
  const creator = await signedInUser(t, { name: "Criadora" });
  const supporter = await signedInUser(t, { name: "Apoiador" });
  const stranger = await signedInUser(t, { name: "Curioso" });
  const eventId = await createEvent(creator.as, { minSupportCents: 100 });
  await supportNow(t, supporter.as, { eventId, amountCents: 100 });
  const firstPage = { numItems: 20, cursor: null };
  return { t, creator, supporter, stranger, eventId, firstPage };
}

// The support in setup schedules its queue's worker: on a real clock that turn can land between
// a test's two snapshots on a slow machine. On a fake clock it runs only when a test says so.
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("chat gating", () => {
  test("a non-supporter can neither read nor write", async () => {
    const { t, stranger, eventId, firstPage } = await setup();
    const before = await snapshot(t);
    const notASupporter = {
      code: "NOT_A_SUPPORTER",
      message: "Apenas quem apoiou este evento pode ver e enviar mensagens no chat.",
    };
    expect(await rejectionData(stranger.as.query(api.chat.list, { eventId, paginationOpts: firstPage }))).toEqual(notASupporter);
    expect(await rejectionData(stranger.as.mutation(api.chat.send, { eventId, body: "oi" }))).toEqual(notASupporter);
    expect(await snapshot(t)).toEqual(before);
  });

  test("a signed-out visitor can neither read nor write", async () => {
    const { t, eventId, firstPage } = await setup();
    expect((await rejectionData(t.query(api.chat.list, { eventId, paginationOpts: firstPage }))).code).toBe("NOT_SIGNED_IN");
    expect((await rejectionData(t.mutation(api.chat.send, { eventId, body: "oi" }))).code).toBe("NOT_SIGNED_IN");
  });

  test("the creator and a supporter can both read and write", async () => {
    const { creator, supporter, eventId, firstPage } = await setup();
    await creator.as.mutation(api.chat.send, { eventId, body: "Obrigada pelo apoio!" });
    await supporter.as.mutation(api.chat.send, { eventId, body: "  De nada!  " });
    const seenByCreator = await creator.as.query(api.chat.list, { eventId, paginationOpts: firstPage });
    expect(seenByCreator.page.map((m) => [m.authorName, m.body, m.isMine])).toEqual([
      ["Criadora", "Obrigada pelo apoio!", true],
      ["Apoiador", "De nada!", false],
    ]);
    const seenBySupporter = await supporter.as.query(api.chat.list, { eventId, paginationOpts: firstPage });
    expect(seenBySupporter.page.map((m) => m.isMine)).toEqual([false, true]);
  });
});

describe("chat:access: the page asks the server who may chat", () => {
  test("allowed for the creator and a supporter; why not for everyone else", async () => {
    const { t, creator, supporter, stranger, eventId } = await setup();
    expect(await creator.as.query(api.chat.access, { eventId })).toBe("allowed");
    expect(await supporter.as.query(api.chat.access, { eventId })).toBe("allowed");
    expect(await stranger.as.query(api.chat.access, { eventId })).toBe("notASupporter");
    expect(await t.query(api.chat.access, { eventId })).toBe("signedOut");
    expect(await supporter.as.query(api.chat.access, { eventId: "nao-existe" })).toBe("noEvent");
  });
});

describe("chat:list pagination", () => {
  test("the first page holds the newest messages, oldest first; later pages go back in time", async () => {
    const { supporter, eventId } = await setup();
    for (let i = 1; i <= 5; i++) await supporter.as.mutation(api.chat.send, { eventId, body: `m${i}` });
    const first = await supporter.as.query(api.chat.list, { eventId, paginationOpts: { numItems: 3, cursor: null } });
    expect(first.page.map((m) => m.body)).toEqual(["m3", "m4", "m5"]);
    const second = await supporter.as.query(api.chat.list, {
      eventId,
      paginationOpts: { numItems: 3, cursor: first.continueCursor },
    });
    expect(second.page.map((m) => m.body)).toEqual(["m1", "m2"]);
    expect(second.isDone).toBe(true);
  });
});

describe("chat:send", () => {
  test("falls back to the e-mail when the author has no name", async () => {
    const { t, creator, eventId, firstPage } = await setup();
    const nameless = await signedInUser(t, { name: "", email: "sem.nome@exemplo.com" });
    await supportNow(t, nameless.as, { eventId, amountCents: 100 });
    await nameless.as.mutation(api.chat.send, { eventId, body: "Olá" });
    const { page } = await creator.as.query(api.chat.list, { eventId, paginationOpts: firstPage });
    expect(page[0]?.authorName).toBe("sem.nome@exemplo.com");
  });
});
