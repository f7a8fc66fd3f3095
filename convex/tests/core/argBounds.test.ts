/**
 * Every string argument is bounded before any work: `v.string()` takes no length, so a 10 MB
 * argument must be refused (or, for a search filter, cut) before it is cleaned or folded.
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import { withSigningKeys } from "../test.signingKeys";
import { api } from "../../_generated/api";
import { MESSAGES } from "../../model/shared/texts";
import { allRows, createEvent, eventInput, newBackend, rejectionData, signedInUser, snapshot } from "../test.helpers";

withSigningKeys();

afterEach(() => {
  vi.restoreAllMocks();
});

/** 10 MB of spaces after a valid value: trimming alone would make it acceptable. */
const PADDING = " ".repeat(10 * 1024 * 1024);
const page = { numItems: 10, cursor: null };

describe("a 10 MB argument is refused before any work", () => {
  test.each([
    ["name", { name: `Show de Rock${PADDING}` }],
    ["category", { category: `Música${PADDING}` }],
    ["image URL", { imageUrl: `https://exemplo.com/a.png${PADDING}` }],
  ])("events:create %s", async (_label, overrides) => {
    const t = newBackend();
    const { as } = await signedInUser(t);
    const before = await snapshot(t);
    const error = await rejectionData(as.mutation(api.events.create, eventInput(overrides)));
    expect(error).toEqual({ code: "INVALID_EVENT", message: MESSAGES.invalidEventInput });
    expect(await snapshot(t)).toEqual(before);
  });

  test("chat:send body", async () => {
    const t = newBackend();
    const { as } = await signedInUser(t);
    const eventId = await createEvent(as);
    const before = await snapshot(t);
    const error = await rejectionData(as.mutation(api.chat.send, { eventId, body: `oi${PADDING}` }));
    expect(error).toEqual({ code: "INVALID_MESSAGE", message: MESSAGES.messageTooLong });
    expect(await snapshot(t)).toEqual(before);
  });

  test("local sign-in name and e-mail", async () => {
    const t = newBackend();
    for (const params of [
      { name: `Ana${PADDING}`, email: "ana@exemplo.com" },
      { name: "Ana", email: `ana@exemplo.com${PADDING}` },
    ]) {
      const error = await rejectionData(t.action(api.auth.signIn, { provider: "local", params }));
      expect(error).toEqual({ code: "NOT_SIGNED_IN", message: MESSAGES.invalidSignIn });
    }
    expect(await allRows(t, "users")).toEqual([]);
  });

  test.each(["refreshToken", "provider", "verifier"])(
    "auth:signIn %s (Convex Auth, through patches/): refused without echoing it back",
    async (field) => {
      const t = newBackend();
      const { as } = await signedInUser(t);
      await createEvent(as);
      const before = await snapshot(t);
      const error: unknown = await t.action(api.auth.signIn, { [field]: `x|${PADDING}` }).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(String(error)).toMatch(/Invalid `auth:signIn` arguments/);
      expect(String(error).length).toBeLessThan(1000);
      expect(await snapshot(t)).toEqual(before);
    },
  );

  test("events:list category filter matches nothing instead of being folded", async () => {
    const t = newBackend();
    const { as } = await signedInUser(t);
    await createEvent(as);
    const result = await t.query(api.events.list, { category: `Música${PADDING}`, paginationOpts: page });
    expect(result.page).toEqual([]);
  });

  test("events:list name filter is cut before it is cleaned or folded", async () => {
    const t = newBackend();
    const { as } = await signedInUser(t);
    await createEvent(as, { name: "Show de Rock" });
    const normalize = vi.spyOn(String.prototype, "normalize");
    const result = await t.query(api.events.list, { name: `rock${PADDING}x`, paginationOpts: page });
    expect(normalize).toHaveBeenCalled();
    const longest = Math.max(...normalize.mock.contexts.map((text) => String(text).length));
    expect(longest).toBeLessThanOrEqual(240);
    // The search is for the filter's start, trimmed: "rock".
    expect(result.page.map((e) => e.name)).toEqual(["Show de Rock"]);
  });
});
