/** The ticket rush (scripts/bench/ticket-rush.ts): thousands of purchases of a type with few tickets left, in "A hot event". */
import { ms } from "../format";
import { benchPart, check, isNotMeasured, type NotMeasured } from "../part";
import type { Row } from "../table";
import { measureTicketRush, type TicketRush } from "../ticket-rush";

/** A buyer waits at most a second for an answer, even at the opening of sales. */
export const MAX_RUSH_P99_MS = 1_000;

const measure = "ticket rush: 2,000 purchases (200 buyers), one type with 100 tickets left (40 meia)";

export const ticketRushPart = benchPart<TicketRush>({
  name: "ticket-rush",
  measure: ({ log }) => measureTicketRush(log),
  rows: ticketRushRows,
});

function ticketRushRows(rush: TicketRush | NotMeasured): Row[] {
  if (isNotMeasured(rush)) return [{ section: "hot", measure, result: `not measured: ${rush.notMeasured}` }];
  const exact = check(rush.ticketsSold === rush.units);
  return [
    {
      section: "hot",
      measure: `${measure}: tickets sold`,
      result: `${rush.ticketsSold} (${rush.meiaSold} meia); ${rush.refundedByQueue} paid then refunded, ${rush.refusedAtDoor} refused before paying`,
      target: `exactly ${rush.units}`,
      status: exact,
    },
    {
      section: "hot",
      measure: `${measure}: buyer's answer (50 in flight)`,
      result: `p50 ${ms(rush.answer.p50)}, p99 ${ms(rush.answer.p99)}`,
      target: `p99 ≤ ${ms(MAX_RUSH_P99_MS)}`,
      status: check(rush.answer.p99 <= MAX_RUSH_P99_MS),
    },
    {
      section: "hot",
      measure: `${measure}: until all ${rush.watchers} watching pages show Esgotado`,
      result: ms(rush.esgotadoSeenByAllMs),
    },
  ];
}
