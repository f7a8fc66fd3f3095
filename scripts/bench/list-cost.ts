import { api } from "../../convex/_generated/api";
import type { Backend } from "./convex-backend";
import { FILTERS, type FilterName } from "./dataset";
import type { Catalogue } from "./fill";
import { measureQuery, type Cost } from "./measure";

/** The home page's page size. */
export const PAGE_SIZE = 24;

export type ListCost = {
  events: number;
  filter: FilterName;
  /** Events the filter matches in the whole catalogue. */
  matches: number;
  /** events:list, first page. */
  cost: Cost;
  /** The original app: every event read, then filtered in the browser. */
  original: Cost;
};

/** The first page of events:list under each filter, beside reading every event. */
export async function measureListCosts(t: Backend, catalogue: Catalogue): Promise<ListCost[]> {
  const original = { documentsRead: catalogue.specs.length, bytesRead: catalogue.totalEventBytes };
  const costs: ListCost[] = [];
  for (const filter of Object.keys(FILTERS) as FilterName[]) {
    const { args, matches } = FILTERS[filter];
    const matchCount = catalogue.specs.filter(matches).length;
    const { result, cost } = await measureQuery(t, api.events.list, {
      ...args,
      paginationOpts: { numItems: PAGE_SIZE, cursor: null },
    });
    // A cheap page that shows the wrong events would be a false win: insist on a full, right one.
    const expected = Math.min(PAGE_SIZE, matchCount);
    if (result.page.length !== expected || !result.page.every(matches)) {
      throw new Error(`events:list (${filter}) returned a wrong page: ${result.page.length} events, expected ${expected} matches`);
    }
    costs.push({ events: catalogue.specs.length, filter, matches: matchCount, cost, original });
  }
  return costs;
}
