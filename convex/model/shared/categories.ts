import { foldText } from "./text";

// No Convex imports here: the browser loads this file, and the category validator lives in
// schema.ts so that Convex's validator code stays out of the home page bundle.

/** The event categories, as stored and shown, in the order Criar Evento lists them. */
export const CATEGORIES = ["Tecnologia", "Esporte", "Música", "Entretenimento"] as const;
export type Category = (typeof CATEGORIES)[number];

/** The same categories in the order the home filter lists them (shown lower-case). */
export const CATEGORIES_IN_FILTER_ORDER: readonly Category[] = [CATEGORIES[2], CATEGORIES[1], CATEGORIES[0], CATEGORIES[3]];

/** The filter value that means "every category". */
export const ALL_CATEGORIES = "Todas";

/**
 * Maps a category filter to a stored category: case-insensitive exact match ("música" →
 * "Música"). Returns "all" for an absent filter or "Todas", and null for an unknown one.
 */
export function matchCategory(filter: string | undefined): Category | "all" | null {
  if (filter === undefined || filter.trim() === "") return "all";
  const wanted = foldText(filter.trim());
  if (wanted === foldText(ALL_CATEGORIES)) return "all";
  return CATEGORIES.find((category) => foldText(category) === wanted) ?? null;
}
