import { CATEGORIES, type Category } from "../../convex/model/shared/categories";
import type { ValidEventInput } from "../../convex/model/shared/eventInput";
import { foldText } from "../../convex/model/shared/text";
import { DAY } from "../../test-kit/time";

/**
 * The synthetic catalogue: deterministic, so every run and every scale measures the same
 * shape of data. Names look like the seed's ("Festival de Jazz em Recife"), categories
 * rotate through all four, start times spread evenly over one year.
 */

const YEAR_START = Date.UTC(2027, 0, 1);

const KINDS = ["Show", "Festival", "Encontro", "Oficina", "Feira", "Corrida", "Torneio", "Meetup", "Sarau", "Mostra"];
const TOPICS = ["Jazz", "Samba", "Forró", "Xadrez", "Futsal", "Robótica", "Games", "Teatro", "Dança", "Cinema", "Python"];
const CITIES = ["Recife", "Salvador", "Belém", "Curitiba", "Natal", "Manaus", "Olinda", "Niterói", "Campinas"];

/** One event in 100 is a "Quadrilha"; some of its pieces ("uad", "dri") appear in no other name. */
const RARE_WORD = "Quadrilha";
const RARE_EVERY = 100;

/** 30 days: about 8% of events, so even 1,000 events fill a 24-card page. */
const RANGE_FROM = YEAR_START + 150 * DAY;
const RANGE_TO = YEAR_START + 180 * DAY;

/** What someone types to find the 1%: matched anywhere in the folded name, like the app does. */
const NAME_QUERY = "quadrilha";

/** How many events the one measured creator owns (the `events:mine` row). */
export const OWNER_EVENT_COUNT = 200;

/** Other creators the remaining events are spread over. */
export const CREATOR_COUNT = 100;

/** Filters measured on `events:list`, each with the predicate that says which events match. */
export const FILTERS = {
  none: { args: {}, matches: () => true },
  category: { args: { category: "Tecnologia" }, matches: (e: Listed) => e.category === "Tecnologia" },
  date: { args: { from: RANGE_FROM, to: RANGE_TO }, matches: (e: Listed) => e.startsAt >= RANGE_FROM && e.startsAt <= RANGE_TO },
  name: { args: { name: NAME_QUERY }, matches: (e: Listed) => foldText(e.name).includes(NAME_QUERY) },
} as const;

export type FilterName = keyof typeof FILTERS;

/** The fields a filter looks at, present both in a spec and in a listed event summary. */
type Listed = Pick<EventSpec, "name" | "category" | "startsAt">;

export type EventSpec = {
  name: string;
  category: Category;
  startsAt: number;
  goalCents: number;
  minSupportCents: number;
  goalPercentage: number;
  imageUrl: string;
  isTicketed: boolean;
  /** Index into the creators, or "owner" for the creator measured by `events:mine`. */
  creator: number | "owner";
};

/** Event `i` of a catalogue of `total` events. */
export function eventSpec(i: number, total: number): EventSpec {
  const kind = i % RARE_EVERY === RARE_EVERY / 2 ? RARE_WORD : pick(KINDS, i);
  const name = `${kind} de ${pick(TOPICS, i * 7 + 3)} em ${pick(CITIES, i * 13 + 5)}`;
  return {
    name,
    category: pick(CATEGORIES, i),
    // A stride coprime with the count (7919 is prime) visits every slot once: even yet unordered dates.
    startsAt: YEAR_START + Math.floor((((i * 7919) % total) / total) * 365 * DAY),
    goalCents: 100_000,
    minSupportCents: 100,
    goalPercentage: 100,
    imageUrl: `https://images.apoie.example/eventos/${i}.jpg`,
    isTicketed: i % 3 === 0,
    creator: i % Math.floor(total / OWNER_EVENT_COUNT) === 0 ? "owner" : i % CREATOR_COUNT,
  };
}

/** What the app stores for the event, without who creates it. */
export function inputOf({ creator: _creator, ...input }: EventSpec): ValidEventInput {
  return input;
}

function pick<T>(items: readonly T[], i: number): T {
  return items[i % items.length] as T;
}
