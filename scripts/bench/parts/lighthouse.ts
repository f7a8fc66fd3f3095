/** Lighthouse (mobile) on every page: the median of its runs. */
import { measureLighthouse, type LighthouseResult } from "../lighthouse";
import { benchPart, check, isNotMeasured, type NotMeasured } from "../part";
import type { Row } from "../table";

const MIN_PERFORMANCE = 95;
/** A quarter of a second frozen on a phone is felt; 0.1 s is the limit for "instant". */
const MAX_TBT_MS = 100;
const LIGHTHOUSE_TARGET = `median perf ≥ ${MIN_PERFORMANCE}, TBT ≤ ${MAX_TBT_MS} ms, others 100`;

export const lighthousePart = benchPart<LighthouseResult[]>({
  name: "lighthouse",
  measure: ({ lighthouseRuns }) => measureLighthouse(lighthouseRuns),
  rows: lighthouseRows,
});

function lighthouseRows(lighthouse: LighthouseResult[] | NotMeasured): Row[] {
  if (isNotMeasured(lighthouse)) {
    return [{ section: "lighthouse", measure: "every page", result: `not measured: ${lighthouse.notMeasured}`, target: LIGHTHOUSE_TARGET }];
  }
  return lighthouse.map(({ route, scores, lcpMs, tbtMs, cls, perRun }) => ({
    section: "lighthouse",
    measure: route,
    // The host's benchmarkIndex and what held the main thread are in scripts/bench/results.json.
    result:
      `median of ${perRun.length}: perf ${scores.performance} (${perRun.map((run) => run.performance).join(", ")}), ` +
      `TBT ${Math.round(tbtMs)} ms (${perRun.map((run) => run.tbtMs).join(", ")}), LCP ${(lcpMs / 1000).toFixed(1)} s, CLS ${cls.toFixed(3)}; ` +
      `a11y ${scores.accessibility}, best practices ${scores["best-practices"]}, SEO ${scores.seo}`,
    target: LIGHTHOUSE_TARGET,
    status: check(
      scores.performance >= MIN_PERFORMANCE &&
        tbtMs <= MAX_TBT_MS &&
        scores.accessibility === 100 &&
        scores["best-practices"] === 100 &&
        scores.seo === 100,
    ),
  }));
}
