import { expect, it } from "vitest";
import { internal } from "../../_generated/api";
import { DAY, newBackend } from "../test.helpers";

it("deletes expired sessions with their refresh tokens and keeps live ones", async () => {
  const t = newBackend();
  const now = Date.now();
  const { expired, live } = await t.run(async (ctx) => {
    const userId = await ctx.db.insert("users", { name: "Maria Silva" });
    const expired = await ctx.db.insert("authSessions", { userId, expirationTime: now - DAY });
    const live = await ctx.db.insert("authSessions", { userId, expirationTime: now + DAY });
    for (const sessionId of [expired, expired, live]) {
      await ctx.db.insert("authRefreshTokens", { sessionId, expirationTime: now + DAY });
    }
    return { expired, live };
  });

  expect(await t.mutation(internal.authSessions.deleteExpired, {})).toBe(3);

  const left = await t.run(async (ctx) => ({
    sessions: (await ctx.db.query("authSessions").collect()).map((session) => session._id),
    tokens: (await ctx.db.query("authRefreshTokens").collect()).map((token) => token.sessionId),
  }));
  expect(left).toEqual({ sessions: [live], tokens: [live] });
  expect(left.sessions).not.toContain(expired);
});
