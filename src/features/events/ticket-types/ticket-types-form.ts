/**
 * The ticket-type editor's raw values (as typed) and their conversion to what `events:create`
 * and `events:update` take, checked with the server's own rule (validateTicketTypes).
 */
import { parseBRL } from "@convex/model/shared/money";
import { minimumMeia, validateTicketTypes, type Lote, type TicketTypeInput } from "@convex/model/shared/ticketTypes";
import { isValidPerPersonLimit, WAITING_LIST_MESSAGES } from "@convex/model/shared/waitingList";
import { parseDateTimeInputs } from "../../../lib/dates";
import { centsToInput, dateInputOf, timeInputOf } from "../../../lib/form-values";

export type LoteValues = { price: string; endDate: string; endTime: string; quantity: string };
export type TicketTypeValues = {
  /** React's key for the row. */
  key: string;
  /** The stored type's id when editing. */
  id?: string;
  name: string;
  quantity: string;
  /** Empty = 40% of the quantity, rounded up. */
  meiaQuantity: string;
  lotes: LoteValues[];
  /** Someone bought it: its name and lotes stay as they are (new lotes may follow), its quantity and meia may only grow. */
  frozenLotes: number;
};

const EMPTY_LOTE: LoteValues = { price: "", endDate: "", endTime: "", quantity: "" };
let nextKey = 0;
const newKey = () => `type-${(nextKey += 1)}`;

export function emptyTicketType(): TicketTypeValues {
  return { key: newKey(), name: "", quantity: "", meiaQuantity: "", lotes: [{ ...EMPTY_LOTE }], frozenLotes: 0 };
}

export function emptyLote(): LoteValues {
  return { ...EMPTY_LOTE };
}

/** "0", "0,00" (free) or any amount parseBRL takes; null otherwise. */
function parsePrice(text: string): number | null {
  return /^\s*(R\$)?\s*0+([.,]0{1,2})?\s*$/.test(text) ? 0 : parseBRL(text);
}

/** A whole number as people type it: "1000" or "1.000" (pt-BR thousands); null otherwise. */
export function parseCount(text: string): number | null {
  const trimmed = text.trim().replace(/\./g, "");
  return /^\d{1,6}$/.test(trimmed) ? Number(trimmed) : null;
}

/** The meia a type reserves: what was typed, or by default the law's 40% of its quantity. */
export function meiaOf(values: Pick<TicketTypeValues, "quantity" | "meiaQuantity">): number | null {
  if (values.meiaQuantity.trim() !== "") return parseCount(values.meiaQuantity);
  const quantity = parseCount(values.quantity);
  return quantity === null ? null : minimumMeia(quantity);
}

function toLote(values: LoteValues): Lote | null {
  const priceCents = parsePrice(values.price);
  if (priceCents === null) return null;
  const hasDate = values.endDate.trim() !== "" || values.endTime.trim() !== "";
  const endsAt = hasDate ? parseDateTimeInputs(values.endDate, values.endTime) : undefined;
  const quantity = values.quantity.trim() === "" ? undefined : parseCount(values.quantity);
  if (endsAt === null || quantity === null) return null;
  return { priceCents, ...(endsAt === undefined ? {} : { endsAt }), ...(quantity === undefined ? {} : { quantity }) };
}

/** A price, a quantity or a date that cannot be read at all. */
export const UNREADABLE_TICKET_TYPES = "Confira os tipos de ingresso: preços em reais, quantidades em números inteiros e datas completas.";

/** The event's `Máximo por pessoa` as the server takes it: empty is no limit. */
export type PerPersonLimit = { maxTicketsPerPerson?: number };

function toLimit(text: string): PerPersonLimit | null {
  if (text.trim() === "") return {};
  const limit = parseCount(text);
  return limit !== null && isValidPerPersonLimit(limit) ? { maxTicketsPerPerson: limit } : null;
}

/**
 * The types as the server takes them, with the event's `Máximo por pessoa` (`maxPerPerson`, as
 * typed), or the message saying what is wrong. `startsAt` is the event's (a lote may not end
 * after it); null while the event's date is not readable yet.
 */
export function toTicketTypes(
  rows: TicketTypeValues[],
  event: { isTicketed: boolean; startsAt: number; category: string },
  now: number,
  { keepEnds, maxPerPerson = "" }: { keepEnds?: Set<number>; maxPerPerson?: string } = {},
): { types: TicketTypeInput[]; limit: PerPersonLimit } | { message: string } {
  if (!event.isTicketed) return { types: [], limit: {} };
  const limit = rows.length === 0 ? {} : toLimit(maxPerPerson);
  if (limit === null) return { message: WAITING_LIST_MESSAGES.invalidLimit };
  const types: TicketTypeInput[] = [];
  for (const row of rows) {
    const quantity = parseCount(row.quantity);
    const meiaQuantity = meiaOf(row);
    const lotes = row.lotes.map(toLote);
    if (quantity === null || meiaQuantity === null || lotes.some((lote) => lote === null)) return { message: UNREADABLE_TICKET_TYPES };
    types.push({ ...(row.id === undefined ? {} : { id: row.id }), name: row.name, quantity, meiaQuantity, lotes: lotes as Lote[] });
  }
  const checked = validateTicketTypes(types, event, now, { keepEnds });
  return "message" in checked ? checked : { types: checked.types, limit };
}

/** The editor's `Máximo por pessoa` for an event's stored types (each keeps the event's). */
export function maxPerPersonValue(types: { maxPerPerson: number | null }[]): string {
  const limit = types[0]?.maxPerPerson;
  return limit == null ? "" : String(limit);
}

/** The editor filled with an event's stored types, for "Editar evento". */
export function valuesOfTypes(
  types: { _id: string; name: string; quantity: number; meiaQuantity: number; lotes: Lote[]; purchased: boolean }[],
): TicketTypeValues[] {
  return types.map((type) => ({
    key: newKey(),
    id: type._id,
    name: type.name,
    quantity: String(type.quantity),
    meiaQuantity: String(type.meiaQuantity),
    lotes: type.lotes.map((lote) => ({
      price: centsToInput(lote.priceCents),
      endDate: lote.endsAt === undefined ? "" : dateInputOf(lote.endsAt),
      endTime: lote.endsAt === undefined ? "" : timeInputOf(lote.endsAt),
      quantity: lote.quantity === undefined ? "" : String(lote.quantity),
    })),
    frozenLotes: type.purchased ? type.lotes.length : 0,
  }));
}

/** Lote ends already stored: an edit may keep them even once they have passed. */
export function storedEnds(types: { lotes: Lote[] }[]): Set<number> {
  return new Set(types.flatMap((type) => type.lotes.flatMap((lote) => (lote.endsAt === undefined ? [] : [lote.endsAt]))));
}
