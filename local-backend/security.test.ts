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
import type { ConvexClient } from "convex/browser";

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

/**
 * The ids an attacker would try after `id` if ids came from a counter: its number plus 1 to
 * `count`, written as wide as it was, with the same table.
 */
function followingIds(id: string, count: number): string[] {
  const [, digits = "", table = ""] = /^(\d+)(.*)$/.exec(id) ?? [];
  return Array.from({ length: count }, (_, step) => `${(BigInt(digits) + BigInt(step + 1)).toString().padStart(digits.length, "0")}${table}`);
}

it("a signed-in person cannot guess the refresh token of whoever signs in next", async () => {
  const attacker = newClient(backend.url);
  const victim = newClient(backend.url);
  try {
    const own = await attacker.action(api.auth.signIn, { provider: "local", params: { name: "Eva Atacante", email: "eva@exemplo.com" } });
    const [refreshTokenId = "", sessionId = ""] = own.tokens!.refreshToken.split("|");
    const signedIn = await victim.action(api.auth.signIn, { provider: "local", params: { name: "Vera Vítima", email: "vera@exemplo.com" } });
    expect(signedIn.tokens).not.toBeNull();

    // A wrong guess naming a real session deletes it, so the two halves advance together:
    // each sign-in writes the same documents, in the same order.
    const sessions = followingIds(sessionId, 5);
    const working: string[] = [];
    for (const [step, guessedToken] of followingIds(refreshTokenId, 5).entries()) {
      const refreshToken = `${guessedToken}|${sessions[step]}`;
      const result = await attacker.action(api.auth.signIn, { refreshToken });
      if (result.tokens !== null && result.tokens !== undefined) working.push(refreshToken);
    }
    expect(working).toEqual([]);
  } finally {
    await Promise.all([attacker.close(), victim.close()]);
  }
});

/** Uploads a one-byte "PNG" through the app's upload URL, returning its storage id. */
async function uploadImage(client: ConvexClient): Promise<string> {
  const uploadUrl = await client.mutation(api.events.generateImageUploadUrl, {});
  const response = await fetch(uploadUrl, { method: "POST", headers: { "Content-Type": "image/png" }, body: "x" });
  return ((await response.json()) as { storageId: string }).storageId;
}

it("nobody can claim the upload of whoever uploaded next by guessing its storage id", async () => {
  const attacker = await signedInClient(backend.url, "Ivo Atacante", "ivo@exemplo.com");
  const owner = await signedInClient(backend.url, "Olga Dona", "olga@exemplo.com");
  try {
    const own = await uploadImage(attacker);
    const theirs = await uploadImage(owner);
    for (const guess of followingIds(own, 5)) {
      await attacker.mutation(api.events.claimImageUpload, { storageId: guess }).catch(() => null);
    }
    expect(await owner.mutation(api.events.claimImageUpload, { storageId: theirs })).toEqual({ accepted: true });
  } finally {
    await Promise.all([attacker.close(), owner.close()]);
  }
});
