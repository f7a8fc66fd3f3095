/**
 * `Sala de espera`: the numbers and sentences of a big on-sale, pure and shared with the event
 * page, which shows exactly what the server decides.
 *
 * - Before `Abertura das vendas`, people join the room. At the opening a fresh seed orders them
 *   at random (each entry's key is `drawKey(seed, entryId)`, places follow the keys), so joining
 *   earlier gives no advantage and anyone holding the seed and the entries can check the order.
 *   Later arrivals get the next places in arrival order.
 * - The room lets in `perMinute` places a minute (a tick every TICK_MS); a place let in has a turn
 *   of TURN_MS for one purchase. A turn not used ends, and the outflow goes on to the next places.
 */
export const TURN_MS = 10 * 60 * 1000;

/** How often the outflow moves the "now entering" counter: the page's place updates this often. */
export const TICK_MS = 5_000;

/** The most places a draw step handles in one transaction (Convex: 16,000 writes, 32,000 reads). */
export const ROOM_BATCH = 1_000;

/**
 * The most places one step of the outflow numbers, and the most turns it gives: a tick owing more
 * goes on in a next step at once. Small steps keep the counter's every move a short transaction,
 * so it reaches the open pages quickly, and a tick stays far inside Convex's limits.
 */
export const OUTFLOW_BATCH = 500;

/** The most turns one tick gives (800 a second): the outflow's ceiling, however high `perMinute` is. */
export const TURNS_PER_TICK = 4_000;

/** What the outflow lets in per tick at `perMinute`: the first tick after the opening (or an idle spell) gives it at once. */
export function oneTickOfTurns(perMinute: number): number {
  return Math.min(TURNS_PER_TICK, (perMinute * TICK_MS) / 60_000);
}

export const PER_MINUTE_MIN = 1;
export const PER_MINUTE_MAX = 60_000;

export const WAITING_ROOM_MESSAGES = {
  notYourTurn: "Aguarde sua vez na sala de espera.",
  turnUsed: "Você já fez a compra da sua vez na sala de espera.",
  alreadyIn: "Você já está na sala de espera.",
  saleEnded: "As vendas deste evento terminaram.",
  soldOut: "Esgotado",
  notSignedIn: "Entre na sua conta para entrar na sala de espera.",
  notTheOrganizer: "Apenas o organizador pode definir a abertura das vendas.",
  noRoom: "Este evento não tem sala de espera.",
  notTicketTypes: "A sala de espera é para eventos com tipos de ingresso.",
  opensInPast: "A abertura das vendas deve ser no futuro e antes do evento.",
  alreadyOpened: "As vendas já abriram: a abertura não pode mais mudar.",
  invalidPerMinute: `As entradas por minuto devem ser um número inteiro de ${PER_MINUTE_MIN} a ${PER_MINUTE_MAX.toLocaleString("pt-BR")}.`,
} as const;

/**
 * Buyers let in per minute when the organizer sets none: a tenth of the capacity (everyone
 * buying one ticket, the room empties into the capacity in about ten minutes, one turn), at
 * least 10 a minute.
 */
export function defaultPerMinute(capacity: number): number {
  return Math.min(PER_MINUTE_MAX, Math.max(10, Math.ceil(capacity / 10)));
}

export function isValidPerMinute(perMinute: number): boolean {
  return Number.isSafeInteger(perMinute) && perMinute >= PER_MINUTE_MIN && perMinute <= PER_MINUTE_MAX;
}

/**
 * An early entry's key in the draw: a 53-bit hash of the seed and the entry's id (cyrb53), so
 * the order is fixed by the seed alone and can be recomputed from it. Places follow the keys.
 */
export function drawKey(seed: string, entryId: string): number {
  const text = `${seed}:${entryId}`;
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** The order a draw gives: the ids sorted by their keys (ties, which a 53-bit key all but never has, by id). */
export function drawOrder(seed: string, entryIds: readonly string[]): string[] {
  const keyed = entryIds.map((id) => ({ id, key: drawKey(seed, id) }));
  keyed.sort((a, b) => a.key - b.key || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return keyed.map(({ id }) => id);
}

/** Minutes until a place is let in at the room's outflow (at least 1 while it waits). */
export function minutesUntil(place: number, admittedThrough: number, perMinute: number): number {
  return Math.max(1, Math.ceil((place - admittedThrough) / perMinute));
}

/** "Você é o Nº 1.234 · cerca de 6 min". */
export function placeSentence(place: number, admittedThrough: number, perMinute: number): string {
  return `Você é o Nº ${place.toLocaleString("pt-BR")} · cerca de ${minutesUntil(place, admittedThrough, perMinute)} min`;
}

const two = (n: number) => String(n).padStart(2, "0");

/** "Sua vez! Você pode comprar até 20:10" (the time on the reader's clock). */
export function turnSentence(turnEndsAt: number): string {
  const end = new Date(turnEndsAt);
  return `Sua vez! Você pode comprar até ${two(end.getHours())}:${two(end.getMinutes())}`;
}

/** "As vendas abrem em 2 d 03:04:05" / "03:04:05" / "04:05". */
export function opensInSentence(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3_600);
  const clock = `${two(Math.floor((total % 3_600) / 60))}:${two(total % 60)}`;
  const time = days > 0 ? `${days} d ${two(hours)}:${clock}` : hours > 0 ? `${two(hours)}:${clock}` : clock;
  return `As vendas abrem em ${time}`;
}
