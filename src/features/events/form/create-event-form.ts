import { validateEventDetails } from "@convex/model/shared/eventDetails";
import type { EventInput } from "@convex/model/shared/eventInput";
import { validateEventInput, type ValidEventInput } from "@convex/model/shared/eventInput";
import { parseBRL } from "@convex/model/shared/money";
import { parseDateTimeInputs } from "../../../lib/dates";
import { centsToInput, dateInputOf, timeInputOf } from "../../../lib/form-values";
import type { FundingMode } from "@convex/model/shared/fundingMode";
import type { TicketTypeValues } from "../ticket-types/ticket-types-form";
import type { RewardValues } from "./rewards/rewards-form";

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
  isOnline: boolean;
  onlineUrl: string;
  /** Shown when the event has tickets; none keeps the spec's one ticket per support. */
  ticketTypes: TicketTypeValues[];
  /** `Máximo por pessoa` across the types, as typed ("" = no limit). */
  maxPerPerson: string;
  fundingMode: FundingMode;
  rewards: RewardValues[];
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
  isOnline: false,
  onlineUrl: "",
  ticketTypes: [],
  maxPerPerson: "",
  fundingMode: "allOrNothing",
  rewards: [],
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
  const about = description === undefined ? {} : { description };
  if (checked.details.isOnline === true) return { details: { ...about, isOnline: true, onlineUrl: checked.onlineUrl } };
  return { details: { ...about, venueName, city, uf } };
}

export type SentDetails = {
  description?: string;
  venueName?: string;
  city?: string;
  uf?: string;
  isOnline?: boolean;
  onlineUrl?: string;
};

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
  isOnline: boolean;
  fundingMode: FundingMode;
}): CreateEventValues {
  return {
    name: event.name,
    category: event.category,
    date: dateInputOf(event.startsAt),
    time: timeInputOf(event.startsAt),
    goal: centsToInput(event.goalCents),
    minSupport: centsToInput(event.minSupportCents),
    goalPercentage: String(event.goalPercentage),
    imageUrl: "",
    isTicketed: event.isTicketed,
    description: event.description ?? "",
    venueName: event.venueName ?? "",
    city: event.city ?? "",
    uf: event.uf ?? "",
    isOnline: event.isOnline,
    // The link is read apart (only the creator may) and the types too: the modal fills them in.
    onlineUrl: "",
    ticketTypes: [],
    maxPerPerson: "",
    fundingMode: event.fundingMode,
    rewards: [],
  };
}
