import { paginationOptsValidator } from "convex/server";
import { query } from "./_generated/server";
import { checkPaginationOpts } from "./model/pagination";
import { currentUser } from "./model/users";
import { statementPage } from "./model/wallet";

/** The caller's wallet statement (Extrato), newest first; an empty page when signed out. */
export const statement = query({
  args: { paginationOpts: paginationOptsValidator },
  handler: async (ctx, { paginationOpts }) => {
    const opts = checkPaginationOpts(paginationOpts);
    const user = await currentUser(ctx);
    if (user === null) return { page: [], isDone: true, continueCursor: "" };
    return statementPage(ctx, user._id, opts);
  },
});
