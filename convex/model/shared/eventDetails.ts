/**
 * What an event says about itself beyond its numbers: "Sobre o evento" (description) and where
 * it happens (venue, city, UF). Pure, shared with the forms.
 */
import type { ObjectType } from "convex/values";
import type { eventFields } from "../eventFields";
import { cleanText, hasVisibleText } from "./cleanText";
import { isWithinRawLimit, MAX_CITY_LENGTH, MAX_DESCRIPTION_LENGTH, MAX_VENUE_LENGTH } from "./limits";
import { foldText } from "./text";
import { MESSAGES } from "./texts";
import { matchUf, type Uf } from "./ufs";

/** What the forms send. The description is optional; the place is required for new events. */
export type EventDetailsInput = Pick<ObjectType<typeof eventFields>, "description" | "venueName" | "city" | "uf">;

export type ValidEventDetails = {
  /** Plain text with its line breaks; absent when empty. */
  description?: string;
  venueName: string;
  city: string;
  /** The city folded for the `Cidade` filter (see cityKeyOf). */
  cityKey: string;
  uf: Uf;
};

/** The details cleaned and checked, or the Portuguese message saying what is wrong. */
export function validateEventDetails(input: EventDetailsInput): { details: ValidEventDetails } | { message: string } {
  const raw = input.description ?? "";
  if (!isWithinRawLimit(raw, MAX_DESCRIPTION_LENGTH)) return { message: MESSAGES.descriptionTooLong };
  const description = cleanText(raw, { multiline: true }).replace(/\n{3,}/g, "\n\n");
  if (description.length > MAX_DESCRIPTION_LENGTH) return { message: MESSAGES.descriptionTooLong };

  if (!isWithinRawLimit(input.venueName, MAX_VENUE_LENGTH) || !isWithinRawLimit(input.city, MAX_CITY_LENGTH)) {
    return { message: MESSAGES.invalidPlace };
  }
  const venueName = cleanText(input.venueName).replace(/ {2,}/g, " ");
  const city = cleanText(input.city).replace(/ {2,}/g, " ");
  if (!hasVisibleText(venueName) || venueName.length > MAX_VENUE_LENGTH) return { message: MESSAGES.invalidPlace };
  if (!hasVisibleText(city) || city.length > MAX_CITY_LENGTH) return { message: MESSAGES.invalidPlace };
  const uf = matchUf(input.uf.slice(0, 4));
  if (uf === null) return { message: MESSAGES.invalidUf };
  return {
    details: { ...(hasVisibleText(description) ? { description } : {}), venueName, city, cityKey: cityKeyOf(city), uf },
  };
}

/**
 * A city as the `Cidade` filter compares it: folded (no accents, lower case), with any run of
 * spaces, dots, dashes or apostrophes as one space, so "São  Paulo", "sao paulo" and
 * "SÃO-PAULO" are one city.
 */
export function cityKeyOf(city: string): string {
  return foldText(cleanText(city.slice(0, MAX_CITY_LENGTH * 2)))
    .replace(/[\s.'’-]+/g, " ")
    .trim()
    .slice(0, MAX_CITY_LENGTH);
}
