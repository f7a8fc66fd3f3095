/** The other functions' documents read at the largest catalogue, events:timeline at 10,000 supports and the session check. */
import type { Id } from "../../../convex/_generated/dataModel";
// events:timeline: bounded whatever the number of supports, by the model's own limit.
import { MAX_TIMELINE_POINTS } from "../../../convex/model/events/timeline";
import { cost } from "../format";
import { measureFunctionCosts, type FunctionCost } from "../function-cost";
import { benchPart, check, isNotMeasured } from "../part";
import { measureSessionCheck, type SessionCheckCost } from "../session-check";
import type { Row } from "../table";
import { measureTimelineCost } from "../timeline-cost";

const MAX_SUPPORT_DOCS = 10;
const MAX_TIMELINE_DOCS = 2;

type FunctionCosts = { functionCosts: FunctionCost[]; sessionCheck: SessionCheckCost };

export const functionsPart = benchPart<FunctionCosts>({
  name: "functions",
  async measure({ scales, log, filledCatalogue }) {
    const largest = Math.max(...scales);
    const { t, catalogue } = await filledCatalogue(largest);
    log(`measuring the other functions at ${largest.toLocaleString("en")} events`);
    const functionCosts = await measureFunctionCosts(t, catalogue);
    log("measuring events:timeline at 10,000 supports");
    functionCosts.push(await measureTimelineCost(t, catalogue.eventIds[1] as Id<"events">));
    log("measuring the session check of every signed-in call");
    return { functionCosts, sessionCheck: await measureSessionCheck(t, catalogue.ownerId) };
  },
  rows: (result) => (isNotMeasured(result) ? [] : [...functionRows(result.functionCosts), ...sessionCheckRows(result.sessionCheck)]),
});

function functionRows(costs: FunctionCost[]): Row[] {
  return costs.map(({ name, detail, cost: read, points, queued }) => {
    const row: Row = { section: "functions", measure: `${name}, ${detail}`, result: cost(read) };
    if (name === "events:timeline") {
      const ok = read.documentsRead <= MAX_TIMELINE_DOCS && (points ?? Infinity) <= MAX_TIMELINE_POINTS;
      return { ...row, target: `≤ ${MAX_TIMELINE_POINTS} points, ≤ ${MAX_TIMELINE_DOCS} docs`, status: check(ok) };
    }
    if (queued !== true) return row;
    return { ...row, target: `≤ ${MAX_SUPPORT_DOCS} docs`, status: check(read.documentsRead <= MAX_SUPPORT_DOCS) };
  });
}

/** The session check may add one document read (one indexed get) to a signed-in call, no more. */
const MAX_SESSION_CHECK_DOCS = 1;

function sessionCheckRows(sessionCheck: SessionCheckCost): Row[] {
  const { withCheck, withoutCheck } = sessionCheck;
  const extraDocs = withCheck.cost.documentsRead - withoutCheck.cost.documentsRead;
  const micros = (n: number) => `${n.toFixed(1)} µs`;
  return [
    {
      section: "functions",
      measure: "caller lookup of a signed-in call, with vs without the session check",
      // Medians of session-check.ts's SESSION_CHECK_CALLS calls.
      result:
        `${withCheck.cost.documentsRead} vs ${withoutCheck.cost.documentsRead} docs; ` +
        `${micros(withCheck.medianMicros)} vs ${micros(withoutCheck.medianMicros)} per call`,
      target: `+ ≤ ${MAX_SESSION_CHECK_DOCS} doc`,
      status: check(extraDocs <= MAX_SESSION_CHECK_DOCS),
    },
  ];
}
