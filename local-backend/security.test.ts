/**
 * Attacks a hostile probe made through the real Convex client (docs/security/). The refresh
 * token test fails when patches/@convex-dev+auth+*.patch is not applied to node_modules.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { api } from "../convex/_generated/api";
import type { LocalBackend } from "./server.ts";
import { createEvent, newClient, signedInClient, startTestBackend } from "./test-support.ts";

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
