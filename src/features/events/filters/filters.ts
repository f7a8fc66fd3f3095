import type { FunctionArgs } from "convex/server";
import type { api } from "@convex/_generated/api";
import { ALL_CATEGORIES, CATEGORIES_IN_FILTER_ORDER } from "@convex/model/shared/categories";
import { endOfDateInput, startOfDateInput } from "../../../lib/dates";

/** What the home filters hold: the raw input values; `finished` is "Mostrar encerrados". */
export type EventFilterValues = { name: string; city: string; from: string; to: string; category: string; finished: boolean };

export const EMPTY_FILTERS: EventFilterValues = { name: "", city: "", from: "", to: "", category: ALL_CATEGORIES, finished: false };

/** The category select's options, in the product's order (the server matches case-insensitively). */
export const CATEGORY_FILTER_OPTIONS = [ALL_CATEGORIES, ...CATEGORIES_IN_FILTER_ORDER.map((category) => category.toLowerCase())];

/** What `events:list` takes besides the page. */
export type EventListArgs = Omit<FunctionArgs<typeof api.events.list>, "paginationOpts">;

/**
 * Turns the filter inputs into `events:list` arguments. The date range is sent only when both
 * dates are set, from the start of the first day to the end of the last (inclusive).
 */
export function toListArgs(values: EventFilterValues): EventListArgs {
  const args: EventListArgs = {};
  const name = values.name.trim();
  if (name !== "") args.name = name;
  const city = values.city.trim();
  if (city !== "") args.city = city;
  if (values.finished) args.finished = true;
  if (values.category !== "" && values.category !== ALL_CATEGORIES) args.category = values.category;
  const from = startOfDateInput(values.from);
  const to = endOfDateInput(values.to);
  if (from !== null && to !== null) {
    args.from = from;
    args.to = to;
  }
  return args;
}

/**
 * The filters' names in the address
 * (`/?nome=jazz&cidade=recife&de=2026-12-01&ate=2026-12-31&categoria=música&encerrados=1`).
 */
const SEARCH_KEYS = { name: "nome", city: "cidade", from: "de", to: "ate", category: "categoria", finished: "encerrados" } as const;

/** Reads the filters kept in the address, so coming back to "/" restores them. */
export function filtersFromSearch(search: string): EventFilterValues {
  const params = new URLSearchParams(search);
  const category = params.get(SEARCH_KEYS.category) ?? ALL_CATEGORIES;
  return {
    name: params.get(SEARCH_KEYS.name) ?? "",
    city: params.get(SEARCH_KEYS.city) ?? "",
    finished: params.get(SEARCH_KEYS.finished) === "1",
    from: params.get(SEARCH_KEYS.from) ?? "",
    to: params.get(SEARCH_KEYS.to) ?? "",
    category: (CATEGORY_FILTER_OPTIONS as readonly string[]).includes(category) ? category : ALL_CATEGORIES,
  };
}

/** The query string for `values` (without "?"), leaving out empty filters and "Todas". */
export function filtersToSearch(values: EventFilterValues): string {
  const params = new URLSearchParams();
  if (values.name !== "") params.set(SEARCH_KEYS.name, values.name);
  if (values.city !== "") params.set(SEARCH_KEYS.city, values.city);
  if (values.from !== "") params.set(SEARCH_KEYS.from, values.from);
  if (values.to !== "") params.set(SEARCH_KEYS.to, values.to);
  if (values.category !== ALL_CATEGORIES) params.set(SEARCH_KEYS.category, values.category);
  if (values.finished) params.set(SEARCH_KEYS.finished, "1");
  return params.toString();
}
