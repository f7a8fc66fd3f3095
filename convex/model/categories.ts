import { v } from "convex/values";
import { foldText } from "./text";

/** The event categories, as stored and shown. */
export const CATEGORIES = ["Música", "Esporte", "Tecnologia", "Entretenimento"] as const;
export type Category = (typeof CATEGORIES)[number];

export const categoryValidator = v.union(
  v.literal("Música"),
  v.literal("Esporte"),
  v.literal("Tecnologia"),
  v.literal("Entretenimento"),
);

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
