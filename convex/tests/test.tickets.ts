/**
 * Setup the ticket suites share (buying, cancelling, transferring, the waiting list, the
 * per-person limit): a ticketed event, a purchase at the price the page shows, a support's ticket.
 */
import type { FunctionArgs } from "convex/server";
import { api } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import { unitPriceCents, type TicketTypeInput } from "../model/shared/ticketTypes";
import {
  applyQueue,
  createEvent,
  DAY,
  newBackend,
  signedInUser,
  supportNow,
  type Backend,
  type Caller,
  type CreateEventArgs,
} from "./test.helpers";

/**
 * A ticketed event selling `types` (none: each support gives one ticket), created by the
 * Organizadora on a fresh backend: 20 days ahead, goal R$ 10.000,00, unless `overrides` says
 * otherwise. Its types' ids, in order.
 */
export async function ticketedEvent(types: TicketTypeInput[], overrides: Partial<CreateEventArgs> = {}) {
  const t = newBackend();
  const creator = await signedInUser(t, { name: "Organizadora" });
  const eventId = (await createEvent(creator.as, {
    isTicketed: true,
    goalCents: 1_000_000,
    startsAt: Date.now() + 20 * DAY,
    ...(types.length === 0 ? {} : { ticketTypes: types }),
    ...overrides,
  })) as Id<"events">;
  const typeIds = (await t.query(api.ticketTypes.forEvent, { eventId })).map((type) => type._id as string);
  return { t, creator, eventId, typeIds };
}

type EventUpdate = FunctionArgs<typeof api.events.update>;

/** `events:update`'s arguments that keep the event as created (at `eventInput`'s place) but for its ticket types. */
export async function ticketTypesEdit(creator: Caller, eventId: string, ticketTypes: EventUpdate["ticketTypes"]): Promise<EventUpdate> {
  const event = (await creator.query(api.events.get, { id: eventId }))!;
  return {
    id: eventId,
    name: event.name,
    category: event.category,
    startsAt: event.startsAt,
    goalCents: event.goalCents,
    minSupportCents: event.minSupportCents,
    goalPercentage: event.goalPercentage,
    isTicketed: true,
    venueName: "Teatro Municipal",
    city: "São Paulo",
    uf: "SP",
    ticketTypes,
  };
}

export type BuyOptions = {
  units?: number;
  /** Meia-entrada, as `estudante`. */
  meia?: boolean;
  /** The waiting-list hold the purchase is made with. */
  holdId?: string;
  /** Another price than the one shown (a stale page). */
  unitPriceCents?: number;
};

/** `ticketPurchases:buy` of the type's first lote at the price the page shows for it now. */
export async function buy(
  caller: Caller,
  eventId: string,
  typeId: string,
  { units = 1, meia = false, holdId, unitPriceCents: price }: BuyOptions = {},
) {
  const shown = (await caller.query(api.ticketTypes.forEvent, { eventId })).find((type) => type._id === typeId)?.lotes[0];
  return caller.mutation(api.ticketPurchases.buy, {
    eventId,
    typeId,
    loteIndex: 0,
    unitPriceCents: price ?? (shown === undefined ? 0 : unitPriceCents(shown, meia)),
    units,
    meia,
    ...(meia ? { meiaCategory: "estudante" } : {}),
    ...(holdId === undefined ? {} : { holdId }),
  });
}

/** A purchase as its buyer lives it: paid, then decided by the event's queue. Its id. */
export async function buyNow(t: Backend, caller: Caller, eventId: Id<"events">, typeId: string, options: BuyOptions = {}) {
  const { purchaseId } = await buy(caller, eventId, typeId, options);
  await applyQueue(t, eventId);
  return purchaseId;
}

/** A support of a ticketed event without types, and the ticket it gave (the supporter's only one). */
export async function supportTicket(t: Backend, caller: Caller, eventId: Id<"events">, amountCents: number) {
  await supportNow(t, caller, { eventId, amountCents });
  const [ticket] = await caller.query(api.tickets.mine, {});
  return ticket!;
}
