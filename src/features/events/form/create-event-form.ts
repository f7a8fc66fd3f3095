import { validateEventDetails, type ValidEventDetails } from "@convex/model/shared/eventDetails";
import type { EventInput } from "@convex/model/shared/eventInput";
import { validateEventInput, type ValidEventInput } from "@convex/model/shared/eventInput";
import { parseBRL } from "@convex/model/shared/money";
import { parseDateTimeInputs } from "../../../lib/dates";

/** The create-event form's raw values, as typed. */
export type CreateEventValues = {
  name: string;
  category: string;
  date: string;
  time: string;
  goal: string;
  minSupport: string;
  goalPercentage: string;
  imageUrl: string;
  isTicketed: boolean;
  description: string;
  venueName: string;
  city: string;
  uf: string;
};

export const EMPTY_CREATE_EVENT: CreateEventValues = {
  name: "",
  category: "",
  date: "",
  time: "",
  goal: "",
  minSupport: "",
  goalPercentage: "100",
  imageUrl: "",
  isTicketed: false,
  description: "",
  venueName: "",
  city: "",
  uf: "",
};

/**
 * Converts the form to what `events:create` takes and checks it with the server's own rule
 * (validateEventInput). Null means "Por favor, preencha todos os campos corretamente.".
 */
export function toEventInput(values: CreateEventValues, now: number): ValidEventInput | null {
  const startsAt = parseDateTimeInputs(values.date, values.time);
  const goalCents = parseBRL(values.goal);
  const minSupportCents = parseBRL(values.minSupport);
  const percentText = values.goalPercentage.trim();
  if (startsAt === null || goalCents === null || minSupportCents === null || !/^\d{1,3}$/.test(percentText)) {
    return null;
  }
  const input: EventInput = {
    name: values.name,
    category: values.category,
    startsAt,
    goalCents,
    minSupportCents,
    goalPercentage: Number(percentText),
    isTicketed: values.isTicketed,
    ...(values.imageUrl.trim() === "" ? {} : { imageUrl: values.imageUrl.trim() }),
  };
  return validateEventInput(input, now);
}

/**
 * "Sobre o evento" and the place, checked with the server's rule: what `events:create` and
 * `events:update` take, or the message saying what is wrong.
 */
export function toEventDetails(values: CreateEventValues): { details: SentDetails } | { message: string } {
  const checked = validateEventDetails(values);
  if ("message" in checked) return checked;
  const { description, venueName, city, uf } = checked.details;
  return { details: { ...(description === undefined ? {} : { description }), venueName, city, uf } };
}

export type SentDetails = Omit<ValidEventDetails, "cityKey">;

/** 150050 → "1500,50", as the money fields take it. */
function centsToInput(cents: number): string {
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The form filled with an event as it is, for "Editar evento" (the image field starts empty: kept). */
export function valuesOfEvent(event: {
  name: string;
  category: string;
  startsAt: number;
  goalCents: number;
  minSupportCents: number;
  goalPercentage: number;
  isTicketed: boolean;
  description: string | null;
  venueName: string | null;
  city: string | null;
  uf: string | null;
}): CreateEventValues {
  const date = new Date(event.startsAt);
  return {
    name: event.name,
    category: event.category,
    date: `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`,
    time: `${pad(date.getHours())}:${pad(date.getMinutes())}`,
    goal: centsToInput(event.goalCents),
    minSupport: centsToInput(event.minSupportCents),
    goalPercentage: String(event.goalPercentage),
    imageUrl: "",
    isTicketed: event.isTicketed,
    description: event.description ?? "",
    venueName: event.venueName ?? "",
    city: event.city ?? "",
    uf: event.uf ?? "",
  };
}
