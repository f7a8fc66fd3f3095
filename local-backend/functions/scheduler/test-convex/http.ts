/** An HTTP action that commits through a mutation, as Convex Auth's OAuth callback does. */
import { httpActionGeneric, httpRouter, makeFunctionReference } from "convex/server";

const writeRef = makeFunctionReference<"mutation", { text: string }>("jobs:write");

const http = httpRouter();
http.route({
  path: "/note",
  method: "POST",
  handler: httpActionGeneric(async (ctx, request) => {
    await ctx.runMutation(writeRef, { text: await request.text() });
    return new Response("ok");
  }),
});
export default http;
