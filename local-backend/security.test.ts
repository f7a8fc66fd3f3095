/**
 * Attacks a hostile probe made through the real Convex client (docs/security/). The refresh
 * token test fails when patches/@convex-dev+auth+*.patch is not applied to node_modules.
 * The convex/ suites hold the full catalogue; these check what reaches a real client.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { api } from "../convex/_generated/api";
import type { LocalBackend } from "./server.ts";
import { MESSAGES } from "../convex/model/shared/texts";
import { createEvent, newClient, rejectionData, signedInClient, startTestBackend } from "./test-support.ts";

let backend: LocalBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});

afterAll(async () => {
  await backend.close();
});

it("an anonymous auth:signIn with a forged refresh token deletes neither the event nor its creator", async () => {
  const creator = await signedInClient(backend.url, "Maria Silva", "maria@exemplo.com");
  const attacker = newClient(backend.url);
  try {
    const eventId = await createEvent(creator);
    const event = await attacker.query(api.events.get, { id: eventId });
    expect(event).not.toBeNull();
    const creatorId = (await creator.query(api.users.me, {}))!._id;

    for (const refreshToken of [`anything|${eventId}`, `anything|${creatorId}`, `${eventId}|${creatorId}`]) {
      expect(await attacker.action(api.auth.signIn, { refreshToken })).toEqual({ tokens: null });
    }

    expect(await attacker.query(api.events.get, { id: eventId })).toEqual(event);
    expect(await creator.query(api.users.me, {})).toMatchObject({ _id: creatorId, name: "Maria Silva" });
  } finally {
    await Promise.all([creator.close(), attacker.close()]);
  }
});

it("paginationOpts abuse and invisible text get the app's Portuguese refusals, not engine errors", async () => {
  const client = await signedInClient(backend.url, "Ana Souza", "ana@exemplo.com");
  try {
    const eventId = await createEvent(client);
    const invalidPage = { code: "INVALID_PAGE", message: MESSAGES.invalidPage };
    for (const paginationOpts of [
      { numItems: 0, cursor: null },
      { numItems: -1, cursor: null },
      { numItems: Number.NaN, cursor: null },
      { numItems: 10, cursor: "not-a-cursor" },
    ]) {
      expect(await rejectionData(client.query(api.events.list, { paginationOpts }))).toEqual(invalidPage);
    }
    const huge = await client.query(api.events.list, { paginationOpts: { numItems: 1e9, cursor: null } });
    expect(huge.page.map((event) => event._id)).toContain(eventId);

    expect(await rejectionData(client.mutation(api.chat.send, { eventId, body: "\u200B\u2060\uFEFF" }))).toEqual({
      code: "INVALID_MESSAGE",
      message: MESSAGES.emptyMessage,
    });
  } finally {
    await client.close();
  }
});
