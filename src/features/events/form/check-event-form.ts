import { startsInFuture, type ValidEventInput } from "@convex/model/shared/eventInput";
import type { RewardInput } from "@convex/model/shared/rewards";
import { MESSAGES } from "@convex/model/shared/texts";
import type { TicketTypeInput } from "@convex/model/shared/ticketTypes";
import { toTicketTypes, type PerPersonLimit } from "../ticket-types/ticket-types-form";
import { toEventDetails, toEventInput, type CreateEventValues, type SentDetails } from "./create-event-form";
import { toRewards } from "./rewards/rewards-form";

export type CheckedEventForm =
  | {
      ok: true;
      input: ValidEventInput;
      details: SentDetails;
      ticketTypes: TicketTypeInput[];
      /** `Máximo por pessoa` across the types, when one was set. */
      perPersonLimit: PerPersonLimit;
      rewards: RewardInput[];
    }
  | { ok: false; message: string };

type CheckOptions = {
  /** Criar Evento refuses a date in the past; Editar evento leaves that to the server's own rules. */
  mustStartInFuture: boolean;
  /** Editing: lote ends already stored, kept even when they have passed. */
  keepEnds?: Set<number>;
};

/**
 * Criar Evento's and Editar evento's form checked with the server's own rules, the first
 * problem in the order the form reads (the event, its place, its date, ticket types, rewards),
 * or what to send.
 */
export function checkEventForm(values: CreateEventValues, now: number, { mustStartInFuture, keepEnds }: CheckOptions): CheckedEventForm {
  const input = toEventInput(values, now);
  if (input === null) return { ok: false, message: MESSAGES.invalidEventInput };
  const details = toEventDetails(values);
  if ("message" in details) return { ok: false, message: details.message };
  if (mustStartInFuture && !startsInFuture(input, now)) return { ok: false, message: MESSAGES.eventInPast };
  const types = toTicketTypes(values.ticketTypes, input, now, { keepEnds, maxPerPerson: values.maxPerPerson });
  if ("message" in types) return { ok: false, message: types.message };
  const rewards = toRewards(values.rewards, input.goalCents);
  if ("message" in rewards) return { ok: false, message: rewards.message };
  return { ok: true, input, details: details.details, ticketTypes: types.types, perPersonLimit: types.limit, rewards: rewards.rewards };
}
