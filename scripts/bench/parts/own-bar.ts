/** The supporter's own click → their progress bar moved, in Chromium. */
import { ms } from "../format";
import { measureOwnBar, type OwnBar } from "../own-bar";
import { benchPart, check, isNotMeasured, type NotMeasured } from "../part";
import type { Row } from "../table";

/** The supporter's own click → bar moved: 0.1 s is the limit for "instant". */
const MAX_OWN_BAR_P95_MS = 100;

export const ownBarPart = benchPart<OwnBar>({
  name: "own-bar",
  measure: ({ log }) => measureOwnBar(log),
  rows: ownBarRows,
});

function ownBarRows(ownBar: OwnBar | NotMeasured): Row[] {
  const measure = "click APOIE → own progress bar moved (Chromium, production build, local backend; optimistic update)";
  const target = `p95 ≤ ${MAX_OWN_BAR_P95_MS} ms`;
  if (isNotMeasured(ownBar)) return [{ section: "live", measure, result: `not measured: ${ownBar.notMeasured}`, target }];
  return [
    {
      section: "live",
      measure,
      result: `p50 ${ms(ownBar.p50)}, p95 ${ms(ownBar.p95)}, p99 ${ms(ownBar.p99)} (${ownBar.samples} supports)`,
      target,
      status: check(ownBar.p95 <= MAX_OWN_BAR_P95_MS),
    },
  ];
}
