/** The acknowledgement of concurrent supports, in memory and with a data folder. */
import { CONCURRENT_SUPPORTS, measureAckLatency, type AckLatency } from "../ack-latency";
import { describeSpread } from "../ack-spread";
import { count, ms } from "../format";
import { benchPart, check, isNotMeasured, type NotMeasured } from "../part";
import type { Row } from "../table";

export const ackLatencyPart = benchPart<AckLatency[]>({
  name: "ack-latency",
  measure: () => measureAckLatency(),
  rows: ackLatencyRows,
});

/** With a data folder, p99 within this factor of the in-memory p99. */
const MAX_ACK_P99_FACTOR = 2;
/**
 * Not bunched at the end: the last tenth of the storm holds at most this share of its
 * acknowledgements (the engine that starved Transitions put about 81 % there).
 */
const MAX_ACK_LAST_TENTH_PERCENT = 30;

function ackLatencyRows(latency: AckLatency[] | NotMeasured): Row[] {
  const measure = `acknowledgement, ${count(CONCURRENT_SUPPORTS)} concurrent supports`;
  const target = `data folder p99 ≤ ${MAX_ACK_P99_FACTOR}× in memory, last tenth ≤ ${MAX_ACK_LAST_TENTH_PERCENT} %`;
  if (isNotMeasured(latency)) return [{ section: "live", measure, result: `not measured: ${latency.notMeasured}`, target }];
  const inMemory = latency.find((entry) => entry.storage === "in memory");
  return latency.map((entry) => {
    const row: Row = {
      section: "live",
      measure: `${measure}, ${entry.storage}`,
      result: `p50 ${ms(entry.p50)}, p95 ${ms(entry.p95)}, p99 ${ms(entry.p99)}; ${describeSpread(entry.spread)}`,
    };
    if (entry.storage !== "data folder" || inMemory === undefined) return row;
    const spreadOut = entry.spread.last <= MAX_ACK_LAST_TENTH_PERCENT;
    return { ...row, target, status: check(entry.p99 <= MAX_ACK_P99_FACTOR * inMemory.p99 && spreadOut) };
  });
}
