/**
 * What an event says about itself beyond its numbers: "Sobre o evento" (description) and where
 * it happens (venue, city, UF). Pure, shared with the forms.
 */
import type { ObjectType } from "convex/values";
import type { eventFields } from "../events/fields";
import { cleanText, hasVisibleText } from "./cleanText";
import { isWithinRawLimit, MAX_ACCESS_URL_LENGTH, MAX_CITY_LENGTH, MAX_DESCRIPTION_LENGTH, MAX_VENUE_LENGTH } from "./limits";
import { foldText } from "./text";
import { MESSAGES } from "./texts";
import { matchUf, type Uf } from "./ufs";

/** What the forms send. The description is optional; the place is required unless the event is online. */
export type EventDetailsInput = Pick<
  ObjectType<typeof eventFields>,
  "description" | "venueName" | "city" | "uf" | "isOnline" | "onlineUrl"
>;

/** Where an event happens: a place, or online (no place; `cityKey` "online" for the `Cidade` filter). */
export type ValidPlace =
  | { venueName: string; city: string; cityKey: string; uf: Uf; isOnline?: undefined }
  | { isOnline: true; cityKey: typeof ONLINE_CITY_KEY; venueName?: undefined; city?: undefined; uf?: undefined };

export type ValidEventDetails = ValidPlace & {
  /** Plain text with its line breaks; absent when empty. */
  description?: string;
};

/** What the `Cidade` filter matches for online events: typing `Online` lists them, any city leaves them out. */
export const ONLINE_CITY_KEY = "online";

/** An online event's access link: https only. */
export function isSafeAccessUrl(url: string): boolean {
  return url.length <= MAX_ACCESS_URL_LENGTH && isHttpsUrl(url);
}

/** An https link to a host: the only scheme an access link may use (it is handed to attendees as their way in). */
export function isHttpsUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" && parsed.hostname !== "";
  } catch {
    return false;
  }
}

/**
 * The details cleaned and checked, or the Portuguese message saying what is wrong. An online
 * event's link comes back apart (`onlineUrl`): it is stored away from the event, which everyone reads.
 */
export function validateEventDetails(input: EventDetailsInput): { details: ValidEventDetails; onlineUrl?: string } | { message: string } {
  const raw = input.description ?? "";
  if (!isWithinRawLimit(raw, MAX_DESCRIPTION_LENGTH)) return { message: MESSAGES.descriptionTooLong };
  const description = cleanText(raw, { multiline: true }).replace(/\n{3,}/g, "\n\n");
  if (description.length > MAX_DESCRIPTION_LENGTH) return { message: MESSAGES.descriptionTooLong };
  const about = hasVisibleText(description) ? { description } : {};

  if (input.isOnline === true) {
    const url = (input.onlineUrl ?? "").trim();
    if (!isSafeAccessUrl(url)) return { message: MESSAGES.invalidOnlineUrl };
    return { details: { ...about, isOnline: true, cityKey: ONLINE_CITY_KEY }, onlineUrl: url };
  }
  const place = validatePlace(input);
  return "message" in place ? place : { details: { ...about, ...place } };
}

function validatePlace({
  venueName: rawVenue = "",
  city: rawCity = "",
  uf: rawUf = "",
}: EventDetailsInput): ValidPlace | { message: string } {
  if (!isWithinRawLimit(rawVenue, MAX_VENUE_LENGTH) || !isWithinRawLimit(rawCity, MAX_CITY_LENGTH)) {
    return { message: MESSAGES.invalidPlace };
  }
  const venueName = cleanText(rawVenue).replace(/ {2,}/g, " ");
  const city = cleanText(rawCity).replace(/ {2,}/g, " ");
  if (!hasVisibleText(venueName) || venueName.length > MAX_VENUE_LENGTH) return { message: MESSAGES.invalidPlace };
  // A city called "Online" would be listed with the online events.
  if (!hasVisibleText(city) || city.length > MAX_CITY_LENGTH || cityKeyOf(city) === ONLINE_CITY_KEY)
    return { message: MESSAGES.invalidPlace };
  const uf = matchUf(rawUf.slice(0, 4));
  if (uf === null) return { message: MESSAGES.invalidUf };
  return { venueName, city, cityKey: cityKeyOf(city), uf };
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
