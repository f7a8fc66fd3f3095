import type { EventDetail } from "../../../lib/api-types";

/** "São Paulo/SP" (the UF is absent only on events from before places existed). */
export function cityText({ city, uf }: Pick<EventDetail, "city" | "uf">): string {
  if (city === null) return "";
  return uf === null ? city : `${city}/${uf}`;
}

/** "Teatro Municipal · São Paulo/SP". */
export function placeText(event: Pick<EventDetail, "venueName" | "city" | "uf">): string {
  return [event.venueName, cityText(event)].filter((part) => part !== null && part !== "").join(" · ");
}
