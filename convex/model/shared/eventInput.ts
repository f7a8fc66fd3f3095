import type { ObjectType } from "convex/values";
import type { eventFields } from "../events/fields";
import { isWithinRawLimit, MAX_KEYWORD_LENGTH } from "./limits";
import { CATEGORIES, type Category } from "./categories";
import { cleanText, hasVisibleText } from "./cleanText";
import { MAX_EVENT_NAME_LENGTH, MAX_IMAGE_URL_LENGTH } from "./limits";
import { isValidAmountCents } from "./money";

/** Events may be created up to ten years ahead; far-future timestamps are typing mistakes. */
const MAX_YEARS_AHEAD = 10;

/** The numbers and facts of a new event, as the form sends them and `events:create` takes them. */
export type EventInput = Pick<
  ObjectType<typeof eventFields>,
  "name" | "category" | "startsAt" | "goalCents" | "minSupportCents" | "goalPercentage" | "imageUrl" | "isTicketed"
>;

/** A validated, normalized event ready to be stored. */
export type ValidEventInput = Omit<EventInput, "category" | "imageUrl"> & {
  category: Category;
  imageUrl?: string;
};

/** http(s) URLs only: no javascript:, data: or relative URLs reach an <img src>. */
export function isSafeImageUrl(url: string): boolean {
  if (url.length > MAX_IMAGE_URL_LENGTH) return false;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.hostname !== "";
  } catch {
    return false;
  }
}

/** The lifecycle's rule for a new event: its date (the supporting deadline) is still ahead. */
export function startsInFuture({ startsAt }: { startsAt: number }, now: number): boolean {
  return startsAt > now;
}

/**
 * Checks a new event. Returns the normalized event (name cleaned of hidden characters, empty
 * image URL dropped), or null when any field is missing or wrong. Over-long strings are refused
 * before any work on them. `now` is passed in so the rule stays pure.
 */
export function validateEventInput(input: EventInput, now: number): ValidEventInput | null {
  if (
    !isWithinRawLimit(input.name, MAX_EVENT_NAME_LENGTH) ||
    input.category.length > MAX_KEYWORD_LENGTH ||
    (input.imageUrl !== undefined && !isWithinRawLimit(input.imageUrl, MAX_IMAGE_URL_LENGTH))
  ) {
    return null;
  }
  const name = cleanText(input.name);
  if (!hasVisibleText(name) || name.length > MAX_EVENT_NAME_LENGTH) return null;
  const category = CATEGORIES.find((c) => c === input.category);
  if (!category) return null;
  const latest = now + MAX_YEARS_AHEAD * 365 * 24 * 60 * 60 * 1000;
  // A date in the past is a separate refusal with its own message: see startsInFuture.
  if (!Number.isSafeInteger(input.startsAt) || input.startsAt > latest) return null;
  if (!isValidAmountCents(input.goalCents) || !isValidAmountCents(input.minSupportCents)) return null;
  if (input.minSupportCents > input.goalCents) return null;
  const { goalPercentage } = input;
  if (!Number.isInteger(goalPercentage) || goalPercentage < 1 || goalPercentage > 100) return null;
  const imageUrl = input.imageUrl?.trim() || undefined;
  if (imageUrl !== undefined && !isSafeImageUrl(imageUrl)) return null;
  return {
    name,
    category,
    startsAt: input.startsAt,
    goalCents: input.goalCents,
    minSupportCents: input.minSupportCents,
    goalPercentage,
    isTicketed: input.isTicketed,
    ...(imageUrl === undefined ? {} : { imageUrl }),
  };
}
