/** The on-sale room (scripts/bench/on-sale.ts): 20,000 buyers through the `Sala de espera` for 5,000 tickets, in "A hot event". */
import { ms } from "../format";
import { measureOnSale, type OnSale } from "../on-sale";
import { benchPart, check, isNotMeasured, type NotMeasured } from "../part";
import type { Row } from "../table";

/** Big Brazilian on-sales sell about 200 tickets a second. */
export const MIN_DECIDED_PER_SECOND = 200;
export const MAX_PLACE_UPDATE_P95_MS = 2_000;
export const MAX_JOIN_SECONDS = 60;

const measure = "on-sale room";

export const onSalePart = benchPart<OnSale>({
  name: "on-sale",
  measure: ({ log }) => measureOnSale(log, Number(process.env.ON_SALE_BUYERS ?? "") || undefined),
  rows: onSaleRows,
});

function onSaleRows(sale: OnSale | NotMeasured): Row[] {
  if (isNotMeasured(sale)) return [{ section: "hot", measure, result: `not measured: ${sale.notMeasured}` }];
  const name = `${measure}: ${sale.buyers.toLocaleString("en")} buyers for ${sale.capacity.toLocaleString("en")} tickets`;
  return [
    {
      section: "hot",
      measure: `${name}: joining (50 in flight)`,
      result: `${sale.joinSeconds.toFixed(1)} s`,
      target: `≤ ${MAX_JOIN_SECONDS} s`,
      status: check(sale.joinSeconds <= MAX_JOIN_SECONDS),
    },
    {
      section: "hot",
      measure: `${name}: tickets issued`,
      result: String(sale.issued),
      target: `exactly ${sale.capacity}`,
      status: check(sale.issued === sale.capacity),
    },
    {
      section: "hot",
      measure: `${name}: purchases decided`,
      result: `${sale.decidedPerSecond} per second`,
      target: `≥ ${MIN_DECIDED_PER_SECOND} per second`,
      status: check(sale.decidedPerSecond >= MIN_DECIDED_PER_SECOND),
    },
    ...(sale.soldPerSecond === undefined
      ? []
      : [
          {
            section: "hot" as const,
            measure: `${name}: tickets sold (first purchase to last ticket issued)`,
            result: `${sale.soldPerSecond} per second`,
          },
        ]),
    ...cpuRows(name, sale),
    {
      section: "hot",
      measure: `${name}: a counter change reaching 50 open pages`,
      result: `p50 ${ms(sale.placeUpdate.p50)}, p95 ${ms(sale.placeUpdate.p95)} (${sale.placeUpdate.samples} updates)`,
      target: `p95 ≤ ${ms(MAX_PLACE_UPDATE_P95_MS)}`,
      status: check(sale.placeUpdate.p95 <= MAX_PLACE_UPDATE_P95_MS),
    },
    {
      section: "hot",
      measure: `${name}: backend memory by room size (RSS; live heap after a full collection)`,
      result: sale.memoryMb
        .map(
          ({ entries, rssMb, heapMb }) =>
            `${entries.toLocaleString("en")}: RSS ${rssMb} MB${heapMb === undefined ? "" : `, heap ${heapMb} MB`}`,
        )
        .join(", "),
    },
    ...readRows(name, sale),
  ];
}

const en = (n: number) => n.toLocaleString("en");

/** CPU time per join and per purchase decided: the backend's, and the bench's own clients' (CPU time, unlike wall time, does not stretch with the machine's load). */
function cpuRows(name: string, sale: OnSale): Row[] {
  if (sale.cpuMs === undefined) return [];
  const { join, purchase } = sale.cpuMs;
  return [
    {
      section: "hot",
      measure: `${name}: CPU per join; per purchase decided (its queue's decision and the outflow included)`,
      result: `backend ${join.backend} ms, bench clients ${join.clients} ms; backend ${purchase.backend} ms, bench clients ${purchase.clients} ms`,
    },
  ];
}

/** Documents read: per outflow step and per waiting page, by room size (room-cost.ts), and the run's own steps (its function log). */
function readRows(name: string, sale: OnSale): Row[] {
  const bySize = (show: (cost: OnSale["roomCost"][number]) => string) =>
    sale.roomCost.map((cost) => `${en(cost.entries)}: ${show(cost)}`).join("; ");
  return [
    {
      section: "hot",
      measure: `${measure}: documents a waiting page reads per place update, by room size`,
      result: bySize((cost) => `${cost.page.status} (the room's counter; its own place, ${cost.page.mine}, only when it changes)`),
    },
    {
      section: "hot",
      measure: `${measure}: one outflow step (lets ${en(sale.roomCost[0]?.step.letIn ?? 0)} in), by room size`,
      result: bySize((cost) => `${en(cost.step.documentsRead)} read, ${en(cost.step.documentsWritten)} written`),
    },
    {
      section: "hot",
      measure: `${name}: outflow steps and the draw, documents read by one`,
      result: `${sale.tick.runs} steps, at most ${en(sale.tick.maxDocumentsRead)} read; the draw: ${sale.draw.runs} steps, at most ${en(sale.draw.maxDocumentsRead)}`,
    },
  ];
}
