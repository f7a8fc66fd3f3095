/** events:list at every catalogue size: one page of 24 under each filter. */
import { FILTERS, type FilterName } from "../dataset";
import { cost, count } from "../format";
import { measureListCosts, PAGE_SIZE, type ListCost } from "../list-cost";
import { benchPart, check, isNotMeasured } from "../part";
import type { Row } from "../table";

const MAX_PAGE_DOCS = 2 * PAGE_SIZE;
const NAME_TARGET_EVENTS = 50_000;
const MAX_NAME_PAGE_DOCS = 500;

const FILTER_LABELS: Record<FilterName, string> = {
  none: "no filter",
  category: `category "${FILTERS.category.args.category}"`,
  date: "30-day range",
  name: `name "${FILTERS.name.args.name}"`,
  city: `city "${FILTERS.city.args.city}"`,
  cityCategory: `city "${FILTERS.city.args.city}" + category "${FILTERS.category.args.category}"`,
  cityDate: `city "${FILTERS.city.args.city}" + 30-day range`,
  cityName: `city "${FILTERS.city.args.city}" + name "${FILTERS.name.args.name}"`,
};

export const listPart = benchPart<ListCost[]>({
  name: "list",
  async measure({ scales, log, filledCatalogue }) {
    const costs: ListCost[] = [];
    for (const events of scales) {
      const { t, catalogue } = await filledCatalogue(events);
      log(`measuring events:list at ${events.toLocaleString("en")} events`);
      costs.push(...(await measureListCosts(t, catalogue)));
    }
    return costs;
  },
  rows: (costs) => (isNotMeasured(costs) ? [] : listRows(costs)),
});

function listRows(costs: ListCost[]): Row[] {
  return costs.map((entry) => {
    const docs = entry.cost.documentsRead;
    const row: Row = {
      section: "list",
      measure: `${count(entry.events)} events, ${FILTER_LABELS[entry.filter]} (${count(entry.matches)} match)`,
      result: cost(entry.cost),
      original: cost(entry.original),
    };
    // A name search reads a counter per piece of the name, then its rows: its own target.
    if (!("name" in FILTERS[entry.filter].args)) return { ...row, target: `≤ ${MAX_PAGE_DOCS} docs`, status: check(docs <= MAX_PAGE_DOCS) };
    if (entry.events !== NAME_TARGET_EVENTS) return row;
    return { ...row, target: `≤ ${MAX_NAME_PAGE_DOCS} docs`, status: check(docs <= MAX_NAME_PAGE_DOCS) };
  });
}
