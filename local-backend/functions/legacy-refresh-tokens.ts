/**
 * A data folder written while ids came from a counter keeps its documents and their ids, but
 * the refresh tokens issued then are made of guessable ids (`<refresh token id>|<session id>`).
 * They are deleted at start, so their holders sign in again; sessions and everything else stay.
 */
import type { GenericId } from "convex/values";
import type { FunctionRunner } from "./function-runner.ts";
import { isCounterId } from "../database/ids/random-ids.ts";

const REFRESH_TOKENS = "authRefreshTokens";

/** Deletes the app's refresh tokens with counter ids, in one commit; resolves with how many. */
export async function dropCounterRefreshTokens(engine: FunctionRunner): Promise<number> {
  return engine.withInstance(async (instance) => {
    const stale = engine.database
      .tableDocuments(REFRESH_TOKENS)
      .filter(({ componentPath, document }) => componentPath === "" && isCounterId(document._id))
      .map(({ document }) => document._id);
    if (stale.length === 0) return 0;
    await instance.t.run(async (ctx) => {
      for (const id of stale) await ctx.db.delete(id as GenericId<typeof REFRESH_TOKENS>);
    });
    return stale.length;
  });
}
