/**
 * Local sign-in the way the app does it (`auth:signIn` with the "local" provider), for either
 * Convex client: the WebSocket `ConvexClient` or the `ConvexHttpClient`.
 */
import type { FunctionArgs, FunctionReturnType } from "convex/server";
import { api } from "../convex/_generated/api";

type SignIn = typeof api.auth.signIn;
/** What both Convex clients offer for calling the sign-in action. */
export type ActionCaller = { action(action: SignIn, args: FunctionArgs<SignIn>): Promise<FunctionReturnType<SignIn>> };

/** Signs in (creating the user the first time) and returns the JWT. */
export async function localSignInToken(client: ActionCaller, name: string, email: string): Promise<string> {
  const result = await client.action(api.auth.signIn, { provider: "local", params: { name, email } });
  const token = result.tokens?.token;
  if (typeof token !== "string") throw new Error(`local sign-in returned no token: ${JSON.stringify(result)}`);
  return token;
}
