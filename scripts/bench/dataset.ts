import { CATEGORIES, type Category } from "../../convex/model/shared/categories";
import { cityKeyOf, type ValidEventDetails } from "../../convex/model/shared/eventDetails";
import type { ValidEventInput } from "../../convex/model/shared/eventInput";
import type { Uf } from "../../convex/model/shared/ufs";
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
/** Each event happens in the city its name says, with that city's UF. */
const CITIES = ["Recife", "Salvador", "Belém", "Curitiba", "Natal", "Manaus", "Olinda", "Niterói", "Campinas"];
const UF_OF: Record<string, Uf> = {
  Recife: "PE",
  Salvador: "BA",
  Belém: "PA",
  Curitiba: "PR",
  Natal: "RN",
  Manaus: "AM",
  Olinda: "PE",
  Niterói: "RJ",
  Campinas: "SP",
};
const VENUES = ["Teatro Municipal", "Centro Cultural", "Praça Central", "Ginásio Poliesportivo", "Parque da Cidade"];

/** The `Cidade` filter as someone types it: one city in nine, any case and accents. */
const CITY_QUERY = "recife";

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
const inCategory = (e: Listed) => e.category === "Tecnologia";
const inRange = (e: Listed) => e.startsAt >= RANGE_FROM && e.startsAt <= RANGE_TO;
const named = (e: Listed) => foldText(e.name).includes(NAME_QUERY);
const inCity = (e: Listed) => e.city !== null && foldText(e.city) === CITY_QUERY;

export const FILTERS = {
  none: { args: {}, matches: () => true },
  category: { args: { category: "Tecnologia" }, matches: inCategory },
  date: { args: { from: RANGE_FROM, to: RANGE_TO }, matches: inRange },
  name: { args: { name: NAME_QUERY }, matches: named },
  city: { args: { city: CITY_QUERY }, matches: inCity },
  cityCategory: { args: { city: CITY_QUERY, category: "Tecnologia" }, matches: (e: Listed) => inCity(e) && inCategory(e) },
  cityDate: { args: { city: CITY_QUERY, from: RANGE_FROM, to: RANGE_TO }, matches: (e: Listed) => inCity(e) && inRange(e) },
  cityName: { args: { city: CITY_QUERY, name: NAME_QUERY }, matches: (e: Listed) => inCity(e) && named(e) },
} as const;

export type FilterName = keyof typeof FILTERS;

/** The fields a filter looks at, present both in a spec and in a listed event summary. */
type Listed = Pick<EventSpec, "name" | "category" | "startsAt"> & { city: string | null };

export type EventSpec = {
  name: string;
  category: Category;
  startsAt: number;
  goalCents: number;
  minSupportCents: number;
  goalPercentage: number;
  imageUrl: string;
  isTicketed: boolean;
  venueName: string;
  city: string;
  uf: Uf;
  /** Index into the creators, or "owner" for the creator measured by `events:mine`. */
  creator: number | "owner";
};

/** Event `i` of a catalogue of `total` events. */
export function eventSpec(i: number, total: number): EventSpec {
  const kind = i % RARE_EVERY === RARE_EVERY / 2 ? RARE_WORD : pick(KINDS, i);
  const city = pick(CITIES, i * 13 + 5);
  const name = `${kind} de ${pick(TOPICS, i * 7 + 3)} em ${city}`;
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
    venueName: pick(VENUES, i * 3 + 1),
    city,
    uf: UF_OF[city] as Uf,
    creator: i % Math.floor(total / OWNER_EVENT_COUNT) === 0 ? "owner" : i % CREATOR_COUNT,
  };
}

/** What the app stores for the event, without who creates it. */
export function inputOf({ creator: _creator, venueName: _venue, city: _city, uf: _uf, ...input }: EventSpec): ValidEventInput {
  return input;
}

/** Its place, as `validateEventDetails` stores it (no description: the form leaves it optional). */
export function detailsOf({ venueName, city, uf }: EventSpec): ValidEventDetails {
  return { venueName, city, cityKey: cityKeyOf(city), uf };
}

function pick<T>(items: readonly T[], i: number): T {
  return items[i % items.length] as T;
}
