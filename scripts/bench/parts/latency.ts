/** A support → another client's page, on a busy event (by subscribers) and on a quiet one. */
import { QUEUE_SETTLE_MS } from "../../../convex/model/supports/queue";
import { ms } from "../format";
import { measureLiveLatency, QUIET_GAP_MS, type LiveLatency } from "../latency";
import { benchPart, check, isNotMeasured, type NotMeasured } from "../part";
import type { Row } from "../table";
import { MAX_P95_MS, MAX_QUIET_P95_MS } from "../targets";

const LATENCY_TARGET_SUBSCRIBERS = 10;

export const latencyPart = benchPart<LiveLatency>({
  name: "latency",
  measure: () => measureLiveLatency(),
  rows: latencyRows,
});

function latencyRows(latency: LiveLatency | NotMeasured): Row[] {
  const quietMeasure = `quiet event (supports ${QUIET_GAP_MS} ms apart), support → another open page`;
  if (isNotMeasured(latency)) {
    return [
      {
        section: "live",
        measure: "support → other client",
        result: `not measured: ${latency.notMeasured}`,
        target: latencyTarget(MAX_P95_MS),
      },
      { section: "live", measure: quietMeasure, result: `not measured: ${latency.notMeasured}`, target: `p95 ≤ ${MAX_QUIET_P95_MS} ms` },
    ];
  }
  const { quiet } = latency;
  return [
    ...latency.steady.map((entry) => {
      const row: Row = {
        section: "live",
        measure: `support → other client, ${entry.otherSubscribers} other ${entry.otherSubscribers === 1 ? "subscriber" : "subscribers"}`,
        result: `p50 ${ms(entry.p50)}, p95 ${ms(entry.p95)}, p99 ${ms(entry.p99)} (${entry.samples} supports)`,
      };
      if (entry.otherSubscribers !== LATENCY_TARGET_SUBSCRIBERS) return row;
      return { ...row, target: latencyTarget(MAX_P95_MS), status: check(entry.p95 < MAX_P95_MS) };
    }),
    {
      section: "live",
      measure: `${quietMeasure}, ${quiet.otherSubscribers} other subscribers`,
      result: `p50 ${ms(quiet.p50)}, p95 ${ms(quiet.p95)}, p99 ${ms(quiet.p99)} (${quiet.samples} supports)`,
      target: `p95 ≤ ${MAX_QUIET_P95_MS} ms`,
      status: check(quiet.p95 <= MAX_QUIET_P95_MS),
    },
  ];
}

function latencyTarget(maxP95Ms: number): string {
  return `p95 < ${maxP95Ms} ms (queue settle ${QUEUE_SETTLE_MS} + ${maxP95Ms - QUEUE_SETTLE_MS})`;
}
