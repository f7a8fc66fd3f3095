import { ALL_CATEGORIES } from "../../../convex/model/categories";
import { endOfDateInput, startOfDateInput } from "../../lib/dates";

/** What the home filters hold: the raw input values. */
export type EventFilterValues = { name: string; from: string; to: string; category: string };

export const EMPTY_FILTERS: EventFilterValues = { name: "", from: "", to: "", category: ALL_CATEGORIES };

/** The category select's options, as SPEC.md lists them (the server matches case-insensitively). */
export const CATEGORY_FILTER_OPTIONS = [ALL_CATEGORIES, "música", "esporte", "tecnologia", "entretenimento"] as const;

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
