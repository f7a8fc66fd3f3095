import { ALL_CATEGORIES, CATEGORIES_IN_FILTER_ORDER } from "../../../convex/model/shared/categories";
import { endOfDateInput, startOfDateInput } from "../../lib/dates";

/** What the home filters hold: the raw input values. */
export type EventFilterValues = { name: string; from: string; to: string; category: string };

export const EMPTY_FILTERS: EventFilterValues = { name: "", from: "", to: "", category: ALL_CATEGORIES };

/** The category select's options, in the product's order (the server matches case-insensitively). */
export const CATEGORY_FILTER_OPTIONS = [ALL_CATEGORIES, ...CATEGORIES_IN_FILTER_ORDER.map((category) => category.toLowerCase())];

export type EventListArgs = { name?: string; category?: string; from?: number; to?: number };

/**
 * Turns the filter inputs into `events:list` arguments. The date range is sent only when both
 * dates are set, from the start of the first day to the end of the last (inclusive).
 */
export function toListArgs(values: EventFilterValues): EventListArgs {
  const args: EventListArgs = {};
  const name = values.name.trim();
  if (name !== "") args.name = name;
  if (values.category !== "" && values.category !== ALL_CATEGORIES) args.category = values.category;
  const from = startOfDateInput(values.from);
  const to = endOfDateInput(values.to);
  if (from !== null && to !== null) {
    args.from = from;
    args.to = to;
  }
  return args;
}

/** The filters' names in the address (`/?nome=jazz&de=2026-12-01&ate=2026-12-31&categoria=música`). */
const SEARCH_KEYS = { name: "nome", from: "de", to: "ate", category: "categoria" } as const;

/** Reads the filters kept in the address, so coming back to "/" restores them. */
export function filtersFromSearch(search: string): EventFilterValues {
  const params = new URLSearchParams(search);
  const category = params.get(SEARCH_KEYS.category) ?? ALL_CATEGORIES;
  return {
    name: params.get(SEARCH_KEYS.name) ?? "",
    from: params.get(SEARCH_KEYS.from) ?? "",
    to: params.get(SEARCH_KEYS.to) ?? "",
    category: (CATEGORY_FILTER_OPTIONS as readonly string[]).includes(category) ? category : ALL_CATEGORIES,
  };
}

/** The query string for `values` (without "?"), leaving out empty filters and "Todas". */
export function filtersToSearch(values: EventFilterValues): string {
  const params = new URLSearchParams();
  if (values.name !== "") params.set(SEARCH_KEYS.name, values.name);
  if (values.from !== "") params.set(SEARCH_KEYS.from, values.from);
  if (values.to !== "") params.set(SEARCH_KEYS.to, values.to);
  if (values.category !== ALL_CATEGORIES) params.set(SEARCH_KEYS.category, values.category);
  return params.toString();
}
