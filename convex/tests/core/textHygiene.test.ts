/**
 * Text that is empty to the eye, or carries hidden characters, through the public functions
 * (convex/model/shared/cleanText.ts has the character-level cases).
 */
import { describe, expect, test } from "vitest";
import { withSigningKeys } from "../test.signingKeys";
import { api } from "../../_generated/api";
import { MESSAGES } from "../../model/shared/texts";
import { allRows, createEvent, eventInput, newBackend, rejectionData, signedInUser, snapshot } from "../test.helpers";

withSigningKeys();

const INVISIBLE_ONLY = ["\u200B", "\u200B \u2060\uFEFF", "\u3164", "\u2800\u2800", "\u200D\uFE0F", "\u0000\u001B"];
const page = { numItems: 10, cursor: null };

async function chatSetup() {
  const t = newBackend();
  const creator = await signedInUser(t, { name: "Criadora" });
  const eventId = await createEvent(creator.as);
  return { t, creator, eventId };
}

describe("events:create name", () => {
  test.each(INVISIBLE_ONLY)("refuses a name made only of invisible characters (%j)", async (name) => {
    const t = newBackend();
    const { as } = await signedInUser(t);
    const before = await snapshot(t);
    const error = await rejectionData(as.mutation(api.events.create, eventInput({ name })));
    expect(error).toEqual({ code: "INVALID_EVENT", message: MESSAGES.invalidEventInput });
    expect(await snapshot(t)).toEqual(before);
  });

  test("stores the name without controls, bidi overrides or lone surrogates", async () => {
    const t = newBackend();
    const { as } = await signedInUser(t);
    const id = await createEvent(as, { name: "Show\u0000 de\u001B Rock\u202E \uD800Ao Vivo\u200B" });
    expect((await t.query(api.events.get, { id }))?.name).toBe("Show de Rock Ao Vivo");
  });
});

describe("chat:send body", () => {
  test.each(INVISIBLE_ONLY)("refuses a message made only of invisible characters (%j)", async (body) => {
    const { t, creator, eventId } = await chatSetup();
    const before = await snapshot(t);
    const error = await rejectionData(creator.as.mutation(api.chat.send, { eventId, body }));
    expect(error).toEqual({ code: "INVALID_MESSAGE", message: MESSAGES.emptyMessage });
    expect(await snapshot(t)).toEqual(before);
  });

  test("stores the message without hidden characters, keeping line breaks and emoji", async () => {
    const { t, creator, eventId } = await chatSetup();
    await creator.as.mutation(api.chat.send, { eventId, body: "Oi\u0000 \u202Egente\u202C!\r\nVamos 👨‍👩‍👧\uDFFF" });
    expect((await allRows(t, "messages")).map((m) => m.body)).toEqual(["Oi gente!\nVamos 👨‍👩‍👧"]);
  });

  test("an author whose profile name is invisible is shown by e-mail", async () => {
    const { t, creator, eventId } = await chatSetup();
    await t.run((ctx) => ctx.db.patch("users", creator.userId, { name: "\u200B\u202E" }));
    await creator.as.mutation(api.chat.send, { eventId, body: "oi" });
    const result = await creator.as.query(api.chat.list, { eventId, paginationOpts: page });
    expect(result.page.map((m) => m.authorName)).toEqual(["criadora@exemplo.com"]);
  });
});

describe("local sign-in", () => {
  const signIn = (t: ReturnType<typeof newBackend>, name: string, email: string) =>
    t.action(api.auth.signIn, { provider: "local", params: { name, email } });

  test.each([
    ["a name of zero-width spaces", "\u200B\u200B", "ana@exemplo.com"],
    ["a name of Hangul fillers", "\u3164", "ana@exemplo.com"],
    ["a name of control characters", "\u0000\u001B", "ana@exemplo.com"],
    ["an e-mail with a zero-width space", "Ana", "a\u200Bna@exemplo.com"],
    ["an e-mail with a NUL", "Ana", "ana@exemplo.com\u0000"],
    ["an e-mail with a bidi override", "Ana", "\u202Eana@exemplo.com"],
  ])("refuses %s, creating no user", async (_label, name, email) => {
    const t = newBackend();
    const error = await rejectionData(signIn(t, name, email));
    expect(error).toEqual({ code: "NOT_SIGNED_IN", message: MESSAGES.invalidSignIn });
    expect(await allRows(t, "users")).toEqual([]);
  });

  test("stores the name without hidden characters", async () => {
    const t = newBackend();
    await signIn(t, "Ana\u0000 \u202ESouza\u200B", "ana@exemplo.com");
    expect((await allRows(t, "users")).map((u) => u.name)).toEqual(["Ana Souza"]);
  });
});

describe("events:list name filter", () => {
  test("hidden characters in the search text do not stop a match", async () => {
    const t = newBackend();
    const { as } = await signedInUser(t);
    await createEvent(as, { name: "Show de Rock" });
    const result = await t.query(api.events.list, { name: "Ro\u200Bck\u0000", paginationOpts: page });
    expect(result.page.map((e) => e.name)).toEqual(["Show de Rock"]);
  });
});
