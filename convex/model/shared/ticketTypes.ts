/**
 * Ingressos: ticket types sold in lotes, inteira or meia-entrada. The rules here are pure and
 * shared with the forms and the `Ingressos` block, so the browser checks and shows exactly what
 * the server decides.
 *
 * - A type has a quantity (1..100.000) and sells through its lotes in order: the current lote is
 *   the first whose end (a date, or its own quantity sold) has not come.
 * - Meia-entrada (Lei 12.933/2013, Decreto 8.537/2015): each type reserves `meiaQuantity` of its
 *   units for meia (half the lote's price); the rest sells as inteira. A Música, Esporte or
 *   Entretenimento event must offer at least 40% of all its tickets as meia; the two availabilities are kept and shown apart, and
 *   lotes ending by quantity never swallow the meia reserve (see availabilityOf).
 */
import { MAX_AMOUNT_CENTS } from "./money";
import { cleanText, hasVisibleText } from "./cleanText";
import { isWithinRawLimit } from "./limits";

export const MAX_TICKET_TYPES = 10;
export const MAX_LOTES_PER_TYPE = 5;
export const MAX_TYPE_QUANTITY = 100_000;
export const MAX_TYPE_NAME_LENGTH = 60;
/** At most this many units in one purchase, each its own ticket. */
export const MAX_UNITS_PER_PURCHASE = 4;
/** The law's share of an event's tickets offered as meia-entrada, in percent. */
export const MEIA_MIN_PERCENT = 40;
/**
 * The categories the meia-entrada law covers (artistic-cultural and sports events); an event of
 * another category (a Tecnologia workshop) may sell its types without meia.
 */
export const MEIA_LAW_CATEGORIES: readonly string[] = ["Música", "Esporte", "Entretenimento"];

export function meiaLawApplies(category: string): boolean {
  return MEIA_LAW_CATEGORIES.includes(category);
}

const count = new Intl.NumberFormat("pt-BR");

/** The editor's summary line: the event's share of meia and whether the law's minimum applies to its category ("" = not chosen yet). */
export function meiaShareSummary(meia: number, total: number, category: string): string {
  const share = `Meia-entrada: ${count.format(meia)} de ${count.format(total)} ingressos (${Math.floor((meia * 100) / total)}%).`;
  if (category === "") return `${share} Para Música, Esporte e Entretenimento, a lei pede pelo menos ${MEIA_MIN_PERCENT}%.`;
  if (!meiaLawApplies(category)) return `${share} A lei da meia-entrada não se aplica a eventos de ${category}.`;
  return `${share} Para ${category}, a lei pede pelo menos ${MEIA_MIN_PERCENT}%.`;
}

/** Who may buy meia-entrada, as the buyer declares it; shown on the ticket and checked at the door. */
export const MEIA_CATEGORIES = ["estudante", "pcd", "jovemBaixaRenda", "idoso"] as const;
export type MeiaCategory = (typeof MEIA_CATEGORIES)[number];
export const MEIA_CATEGORY_LABELS: Record<MeiaCategory, string> = {
  estudante: "estudante",
  pcd: "pessoa com deficiência e acompanhante",
  jovemBaixaRenda: "jovem de baixa renda",
  idoso: "pessoa idosa",
};

export function isMeiaCategory(value: string): value is MeiaCategory {
  return (MEIA_CATEGORIES as readonly string[]).includes(value);
}

/** "Meia-entrada (estudante)", as the ticket says; "Inteira" for a full-price ticket. */
export function ticketKindLabel(meiaCategory: MeiaCategory | null | undefined): string {
  return meiaCategory == null ? "Inteira" : `Meia-entrada (${MEIA_CATEGORY_LABELS[meiaCategory]})`;
}

/** What the door is told about a meia ticket. */
export const MEIA_CHECK_IN_NOTE = "Meia-entrada: conferir documento";

export const TICKET_MESSAGES = {
  invalidTypeName: "Dê um nome a cada tipo de ingresso (até 60 caracteres).",
  invalidQuantity: "A quantidade de cada tipo de ingresso deve ser um número inteiro de 1 a 100.000.",
  invalidPrice: "O preço de cada lote deve ser um valor em reais, zero ou mais, com até dois decimais.",
  noLotes: "Cada tipo de ingresso precisa de pelo menos um lote (e no máximo 5).",
  tooManyTypes: "Um evento pode ter no máximo 10 tipos de ingresso.",
  loteAfterEvent: "Um lote não pode terminar depois do início do evento.",
  loteInPast: "O fim de um lote deve ser no futuro.",
  loteOrder: "Os lotes devem terminar em ordem: cada data depois da anterior.",
  loteEndMissing: "Só o último lote pode ficar sem fim: informe a data ou a quantidade de cada lote anterior.",
  invalidLoteQuantity: "A quantidade dos lotes deve ser um número inteiro e, somada, não passar a do tipo.",
  invalidMeiaQuantity: "A meia-entrada de um tipo deve ser um número inteiro entre zero e a quantidade do tipo.",
  meiaBelowMinimum: "Ofereça pelo menos 40% dos ingressos como meia-entrada.",
  typesNeedTickets: "Tipos de ingresso só valem para eventos com ingresso: marque Evento com ingresso.",
  typeFrozen: "Este tipo de ingresso já foi vendido: o nome, o preço e a quantidade do que foi vendido não podem mudar.",
  typeNotFound: "Tipo de ingresso não encontrado para este evento.",
  invalidUnits: "Escolha de 1 a 4 ingressos por compra.",
  notSignedInToBuy: "Você precisa estar logado para comprar ingressos.",
  meiaWithoutCategory: "Informe a categoria da meia-entrada.",
  soldOut: "Ingressos esgotados para este tipo.",
  meiaSoldOut: "Meia-entrada esgotada para este tipo.",
  inteiraSoldOut: "Inteira esgotada para este tipo; ainda há meia-entrada.",
  salesEnded: "As vendas deste tipo de ingresso foram encerradas.",
  notEnough: (left: number) => `Restam apenas ${left} ${left === 1 ? "ingresso" : "ingressos"} deste tipo. Escolha uma quantidade menor.`,
  notEnoughInLote: (left: number) =>
    `Restam apenas ${left} ${left === 1 ? "ingresso" : "ingressos"} neste lote. Escolha uma quantidade menor.`,
  loteChanged: "O lote mudou antes da sua compra. Confira o novo preço e compre de novo.",
  priceChanged: "O preço deste ingresso mudou. Confira o novo valor.",
  /** Said at purchase (LGPD): what the organizer receives of the buyer. */
  attendeeDataNotice: "O organizador do evento recebe seu nome e e-mail na lista de participantes.",
} as const;

export type Lote = { priceCents: number; endsAt?: number; quantity?: number };
export type TicketTypeRules = { name: string; quantity: number; meiaQuantity: number; lotes: Lote[] };
/** A type as a form or `events:create` sends it; `id` names an existing type when editing. */
export type TicketTypeInput = TicketTypeRules & { id?: string };

/** Counts of what a type sold: inteira and meia apart, and per lote. */
export type TicketSales = { inteiraSold: number; meiaSold: number; loteSold: number[] };

export const NO_SALES: TicketSales = { inteiraSold: 0, meiaSold: 0, loteSold: [] };

const isCount = (n: number, min: number, max: number) => Number.isSafeInteger(n) && n >= min && n <= max;

/** The fewest meia tickets the law asks for among `total` tickets (40%, rounded up). */
export function minimumMeia(total: number): number {
  return Math.ceil((total * MEIA_MIN_PERCENT) / 100);
}

/** Half the lote's price, rounded down (the buyer never pays more than half). */
export function unitPriceCents(lote: Pick<Lote, "priceCents">, meia: boolean): number {
  return meia ? Math.floor(lote.priceCents / 2) : lote.priceCents;
}

function checkLotes(lotes: Lote[], quantity: number, startsAt: number): string | null {
  if (lotes.length < 1 || lotes.length > MAX_LOTES_PER_TYPE) return TICKET_MESSAGES.noLotes;
  let lastEnd = -Infinity;
  let loteUnits = 0;
  for (const [index, lote] of lotes.entries()) {
    if (!isCount(lote.priceCents, 0, MAX_AMOUNT_CENTS)) return TICKET_MESSAGES.invalidPrice;
    if (lote.quantity !== undefined) {
      if (!isCount(lote.quantity, 1, quantity)) return TICKET_MESSAGES.invalidLoteQuantity;
      loteUnits += lote.quantity;
    }
    if (lote.endsAt !== undefined) {
      if (!Number.isSafeInteger(lote.endsAt)) return TICKET_MESSAGES.loteOrder;
      if (lote.endsAt > startsAt) return TICKET_MESSAGES.loteAfterEvent;
      if (lote.endsAt <= lastEnd) return TICKET_MESSAGES.loteOrder;
      lastEnd = lote.endsAt;
    }
    const last = index === lotes.length - 1;
    if (!last && lote.endsAt === undefined && lote.quantity === undefined) return TICKET_MESSAGES.loteEndMissing;
  }
  if (loteUnits > quantity) return TICKET_MESSAGES.invalidLoteQuantity;
  return null;
}

/**
 * Checks an event's ticket types against its date, category and ticketing: names, quantities,
 * prices, lotes (in order, none ending after the event) and, where the law asks for it, the 40%
 * of meia-entrada. Returns the types
 * cleaned, or the Portuguese message saying what is wrong. `now` is passed in so it stays pure;
 * an edit passes the lotes it keeps as they were (see `unchangedLoteEnds`).
 */
export function validateTicketTypes(
  types: TicketTypeInput[],
  event: { isTicketed: boolean; startsAt: number; category: string },
  now: number,
  { keepEnds = new Set<number>() }: { keepEnds?: Set<number> } = {},
): { types: TicketTypeInput[] } | { message: string } {
  if (types.length === 0) return { types: [] };
  if (!event.isTicketed) return { message: TICKET_MESSAGES.typesNeedTickets };
  if (types.length > MAX_TICKET_TYPES) return { message: TICKET_MESSAGES.tooManyTypes };
  const cleaned: TicketTypeInput[] = [];
  for (const type of types) {
    if (!isWithinRawLimit(type.name, MAX_TYPE_NAME_LENGTH)) return { message: TICKET_MESSAGES.invalidTypeName };
    const name = cleanText(type.name).replace(/ {2,}/g, " ");
    if (!hasVisibleText(name) || name.length > MAX_TYPE_NAME_LENGTH) return { message: TICKET_MESSAGES.invalidTypeName };
    if (!isCount(type.quantity, 1, MAX_TYPE_QUANTITY)) return { message: TICKET_MESSAGES.invalidQuantity };
    if (!isCount(type.meiaQuantity, 0, type.quantity)) return { message: TICKET_MESSAGES.invalidMeiaQuantity };
    const loteProblem = checkLotes(type.lotes, type.quantity, event.startsAt);
    if (loteProblem !== null) return { message: loteProblem };
    // A lote ending in the past would never sell. An edit keeps its old ends (which may have passed) as they were.
    if (type.lotes.some((lote) => lote.endsAt !== undefined && lote.endsAt <= now && !keepEnds.has(lote.endsAt))) {
      return { message: TICKET_MESSAGES.loteInPast };
    }
    cleaned.push({
      ...(type.id === undefined ? {} : { id: type.id }),
      name,
      quantity: type.quantity,
      meiaQuantity: type.meiaQuantity,
      lotes: type.lotes.map(({ priceCents, endsAt, quantity }) => ({
        priceCents,
        ...(endsAt === undefined ? {} : { endsAt }),
        ...(quantity === undefined ? {} : { quantity }),
      })),
    });
  }
  const total = cleaned.reduce((sum, type) => sum + type.quantity, 0);
  const meia = cleaned.reduce((sum, type) => sum + type.meiaQuantity, 0);
  if (meiaLawApplies(event.category) && meia < minimumMeia(total)) return { message: TICKET_MESSAGES.meiaBelowMinimum };
  return { types: cleaned };
}

/** The lote on sale at `at`: the first that has neither reached its date nor sold its quantity; null when all ended. */
export function currentLoteIndex(lotes: Lote[], loteSold: number[], at: number): number | null {
  for (const [index, lote] of lotes.entries()) {
    if (lote.endsAt !== undefined && at >= lote.endsAt) continue;
    if (lote.quantity !== undefined && (loteSold[index] ?? 0) >= lote.quantity) continue;
    return index;
  }
  return null;
}

/**
 * What a type has for sale at `at`. `Restam N` (`left`) is what the type itself has left,
 * inteira + meia; the current lote's own remainder (`loteLeft`) bounds one purchase and is said
 * apart when it is smaller.
 *
 * The meia-entrada reserve is never swallowed by the lotes: once every lote has ended by its
 * quantity, the meia left keeps selling at the last lote's meia price (`meiaReserve`) until it
 * sells out, the last lote's date passes, or the event starts. Inteira ends with the lotes.
 */
export type Availability = {
  /** The lote whose price applies now (the last one for the meia reserve); null when nothing sells. */
  loteIndex: number | null;
  inteiraLeft: number;
  meiaLeft: number;
  /** inteira + meia: the type's `Restam N`. */
  left: number;
  /** What the current lote has left of its own quantity; null when it has none (or for the meia reserve). */
  loteLeft: number | null;
  /** Every lote ended by its quantity: only the meia left sells, at the last lote's meia price. */
  meiaReserve: boolean;
  /** Sold out (`Esgotado`) or, when the last lote ended by its date, sales ended. */
  state: "onSale" | "soldOut" | "ended";
};

export function availabilityOf(type: TicketTypeRules, sales: TicketSales, at: number): Availability {
  const current = currentLoteIndex(type.lotes, sales.loteSold, at);
  const inteiraTotal = Math.max(0, type.quantity - type.meiaQuantity - sales.inteiraSold);
  const meiaTotal = Math.max(0, type.meiaQuantity - sales.meiaSold);
  const lastIndex = type.lotes.length - 1;
  const lastLote = type.lotes[lastIndex];
  const lastEndedByDate = lastLote?.endsAt !== undefined && at >= lastLote.endsAt;
  if (current !== null) {
    const lote = type.lotes[current]!;
    const loteLeft = lote.quantity === undefined ? null : Math.max(0, lote.quantity - (sales.loteSold[current] ?? 0));
    const left = inteiraTotal + meiaTotal;
    return {
      loteIndex: current,
      inteiraLeft: inteiraTotal,
      meiaLeft: meiaTotal,
      left,
      loteLeft,
      meiaReserve: false,
      state: left > 0 ? "onSale" : "soldOut",
    };
  }
  const meiaReserve = meiaTotal > 0 && lastLote !== undefined && !lastEndedByDate;
  if (meiaReserve)
    return { loteIndex: lastIndex, inteiraLeft: 0, meiaLeft: meiaTotal, left: meiaTotal, loteLeft: null, meiaReserve, state: "onSale" };
  const ended = inteiraTotal + meiaTotal > 0 && lastEndedByDate;
  return { loteIndex: null, inteiraLeft: 0, meiaLeft: 0, left: 0, loteLeft: null, meiaReserve, state: ended ? "ended" : "soldOut" };
}

/** How many units of one option (inteira or meia) one purchase may take now: the option's remainder, within the lote's. */
export function buyableNow(available: Availability, meia: boolean): number {
  const option = meia ? available.meiaLeft : available.inteiraLeft;
  return available.loteLeft === null ? option : Math.min(option, available.loteLeft);
}

export type PurchaseRequest = { loteIndex: number; units: number; meia: boolean };

/** Why inteira or meia cannot be bought: the whole type sold out, or only that option (the other is still on sale). */
export function soldOutMessage(meia: boolean, available: Availability): string {
  if (available.left === 0) return TICKET_MESSAGES.soldOut;
  return meia ? TICKET_MESSAGES.meiaSoldOut : TICKET_MESSAGES.inteiraSoldOut;
}

/**
 * Whether a purchase gets its units, decided in the order purchases came (the event's queue),
 * against the exact counts at that point; or the message of its refund. "Restam apenas N deste
 * tipo" is said only when the type itself is short; a lote that is short says so of the lote.
 */
export function decidePurchase(
  type: TicketTypeRules,
  sales: TicketSales,
  request: PurchaseRequest,
  at: number,
): { ok: true } | { ok: false; message: string } {
  const available = availabilityOf(type, sales, at);
  const optionLeft = request.meia ? available.meiaLeft : available.inteiraLeft;
  if (available.state === "ended") return { ok: false, message: TICKET_MESSAGES.salesEnded };
  if (optionLeft === 0) return { ok: false, message: soldOutMessage(request.meia, available) };
  if (available.loteIndex !== request.loteIndex) return { ok: false, message: TICKET_MESSAGES.loteChanged };
  if (optionLeft < request.units) return { ok: false, message: TICKET_MESSAGES.notEnough(optionLeft) };
  if (buyableNow(available, request.meia) < request.units)
    return { ok: false, message: TICKET_MESSAGES.notEnoughInLote(available.loteLeft ?? 0) };
  return { ok: true };
}

/**
 * Whether inteira can never sell again: none left, or the last lote sold its quantity (lotes sell
 * in order, so every lote has ended). Ends by date are the clock's to tell, not a flag's.
 */
export function inteiraGoneForGood(type: TicketTypeRules, sales: TicketSales): boolean {
  if (type.quantity - type.meiaQuantity - sales.inteiraSold <= 0) return true;
  const last = type.lotes.length - 1;
  const lastQuantity = type.lotes[last]?.quantity;
  return lastQuantity !== undefined && (sales.loteSold[last] ?? 0) >= lastQuantity;
}

/** The counts after a purchase of `units` in lote `loteIndex`. */
export function addSale(sales: TicketSales, { loteIndex, units, meia }: PurchaseRequest): TicketSales {
  const loteSold = [...sales.loteSold];
  while (loteSold.length <= loteIndex) loteSold.push(0);
  loteSold[loteIndex] = (loteSold[loteIndex] ?? 0) + units;
  return {
    inteiraSold: sales.inteiraSold + (meia ? 0 : units),
    meiaSold: sales.meiaSold + (meia ? units : 0),
    loteSold,
  };
}

/** "1º lote", "2º lote". */
export function loteLabel(index: number): string {
  return `${index + 1}º lote`;
}
