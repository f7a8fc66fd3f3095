/**
 * Function builders that put the caller on `ctx.user`, so no handler looks the caller up
 * itself (convex-helpers' custom functions). Arguments are validated first, as with
 * `query`/`mutation`; then:
 * - `signedInMutation`: `ctx.user` is the caller's document. A signed-out caller is refused
 *   with NOT_SIGNED_IN before the handler runs, in the function's own words when it gives a
 *   `signedOutMessage` ("Você precisa estar logado para apoiar este evento!").
 * - `callerQuery` / `callerMutation`: `ctx.user` is the caller's document, or null when signed
 *   out; for functions that answer signed-out people too, or refuse them later than first
 *   (chat checks the message before who sends it); `requireSignedIn` (users.ts) refuses them then.
 */
import { customCtx, customMutation, customQuery } from "convex-helpers/server/customFunctions";
import { mutation, query } from "../../_generated/server";
import { currentUser, requireSignedIn } from "../users/accounts";

export const signedInMutation = customMutation(
  mutation,
  customCtx(async (ctx, { signedOutMessage }: { signedOutMessage?: string }) => ({
    user: requireSignedIn(await currentUser(ctx), signedOutMessage),
  })),
);

export const callerQuery = customQuery(
  query,
  customCtx(async (ctx) => ({ user: await currentUser(ctx) })),
);

export const callerMutation = customMutation(
  mutation,
  customCtx(async (ctx) => ({ user: await currentUser(ctx) })),
);
