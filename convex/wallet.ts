import { checkPaginationOpts, paginationOptsArg } from "./model/core/pagination";
import { callerQuery } from "./model/core/callerFunctions";
import { statementPage } from "./model/wallet/ledger";

/** The caller's wallet statement (Extrato), newest first; an empty page when signed out. */
export const statement = callerQuery({
  args: { paginationOpts: paginationOptsArg },
  handler: async (ctx, { paginationOpts }) => {
    const opts = checkPaginationOpts(paginationOpts);
    const { user } = ctx;
    if (user === null) return { page: [], isDone: true, continueCursor: "" };
    return statementPage(ctx, user._id, opts);
  },
});
