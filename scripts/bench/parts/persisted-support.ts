/** A support → the event page with a data folder, at the smallest and largest catalogue, and 500 open event pages. */
import { ms, count } from "../format";
import { benchPart, check, isNotMeasured, type NotMeasured } from "../part";
import { measurePersistedSupport, type PersistedSupport } from "../persisted-support";
import type { Row } from "../table";
import { MAX_QUIET_P95_MS } from "../targets";

export const persistedSupportPart = benchPart<PersistedSupport>({
  name: "persisted-support",
  // 1,000 and 50,000 events: the smallest and largest catalogue measured.
  measure: ({ scales }) => measurePersistedSupport([...new Set([Math.min(...scales), Math.max(...scales)])]),
  rows: persistedSupportRows,
});

/** The largest catalogue's support p95 within this factor of the smallest's. */
const MAX_SUPPORT_P95_FACTOR = 1.5;
/** Each of the 500 pages' supports is its event's first: a quiet event's, applied as it is taken. */
const MAX_PAGE_UPDATE_P95_MS = MAX_QUIET_P95_MS;

function persistedSupportRows(persisted: PersistedSupport | NotMeasured): Row[] {
  const measure = "support → event page, data folder";
  if (isNotMeasured(persisted)) return [{ section: "live", measure, result: `not measured: ${persisted.notMeasured}` }];
  const smallest = persisted.support[0];
  const rows: Row[] = persisted.support.map((entry) => {
    const row: Row = {
      section: "live",
      measure: `${measure}, ${count(entry.events)} events`,
      result: `p50 ${ms(entry.p50)}, p95 ${ms(entry.p95)}, p99 ${ms(entry.p99)} (${entry.samples} supports)`,
    };
    if (smallest === undefined || entry === smallest) return row;
    return {
      ...row,
      target: `p95 ≤ ${MAX_SUPPORT_P95_FACTOR}× the ${count(smallest.events)} figure`,
      status: check(entry.p95 <= MAX_SUPPORT_P95_FACTOR * smallest.p95),
    };
  });
  const pages = persisted.pages;
  if (pages === null) return rows;
  const sessions = `${count(pages.sessions)} sessions on ${count(pages.sessions)} event pages`;
  return [
    ...rows,
    {
      section: "live",
      measure: `support → its event page, ${sessions}`,
      result: `p50 ${ms(pages.p50)}, p95 ${ms(pages.p95)}, p99 ${ms(pages.p99)} (${pages.samples} supports)`,
      target: `p95 ≤ ${MAX_PAGE_UPDATE_P95_MS} ms (quiet events)`,
      status: check(pages.p95 <= MAX_PAGE_UPDATE_P95_MS),
    },
    {
      section: "live",
      measure: `query functions re-run per commit, ${sessions} (${count(pages.subscribedQueries)} subscriptions)`,
      result: `mean ${pages.queryRunsPerCommit.mean.toFixed(1)}, max ${pages.queryRunsPerCommit.max}`,
      target: "only the supported page's",
      // The supported page subscribes to 5 queries; fewer re-run (the signed-out ones read nothing a support writes).
      status: check(pages.queryRunsPerCommit.max <= pages.subscribedQueries / pages.sessions),
    },
  ];
}
