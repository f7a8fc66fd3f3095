/** The local backend's start on a data folder of 50,000 events, never migrated and migrated before. */
import { count } from "../format";
import { benchPart, check, isNotMeasured, type NotMeasured } from "../part";
import { measureStartUp, START_UP_EVENTS, type StartRun, type StartUp } from "../start-up";
import type { Row } from "../table";

export const startUpPart = benchPart<StartUp>({
  name: "start-up",
  measure: () => measureStartUp(),
  rows: startUpRows,
});

/**
 * A folder from an older version of the app must serve within MAX_START_UP_MS while its
 * migrations walk it in the background (minutes at this size); a migrated folder must be
 * ready, serving and have nothing left to migrate within it. Memory stays under the cap throughout.
 */
const MAX_START_UP_MS = 10_000;
const MAX_PEAK_RSS_BYTES = 1.5 * 2 ** 30;
/** Measured on this machine before the piecewise reader and the Map of documents (quiet, load average ~1). */
const BEFORE = {
  neverMigrated: "13.0 s / 135.5 s, 1933 MB (served not measured)",
  migrated: "14.4 s / 14.5 s, 1167 MB (served not measured)",
};

function startUpRows(result: StartUp | NotMeasured): Row[] {
  const section = "dev";
  const rows = [
    {
      measure: `local backend start, ${count(START_UP_EVENTS)} events, never migrated: ready / served / migrations done, peak memory`,
      original: BEFORE.neverMigrated,
      target: `served ≤ ${MAX_START_UP_MS / 1000} s, ≤ ${MAX_PEAK_RSS_BYTES / 2 ** 30} GB`,
      met: (run: StartRun) => run.servedMs <= MAX_START_UP_MS && run.peakRssBytes <= MAX_PEAK_RSS_BYTES,
    },
    {
      measure: `local backend start, ${count(START_UP_EVENTS)} events, migrated before: ready / served / migrations done, peak memory`,
      original: BEFORE.migrated,
      target: `served and migrated ≤ ${MAX_START_UP_MS / 1000} s, ≤ ${MAX_PEAK_RSS_BYTES / 2 ** 30} GB`,
      met: (run: StartRun) => Math.max(run.servedMs, run.migratedMs) <= MAX_START_UP_MS && run.peakRssBytes <= MAX_PEAK_RSS_BYTES,
    },
  ];
  if (isNotMeasured(result))
    return rows.map(({ measure, target }) => ({ section, measure, result: `not measured: ${result.notMeasured}`, target }));
  const seconds = (n: number) => `${(n / 1000).toFixed(1)} s`;
  return [result.first, result.second].map((run, i) => {
    const { measure, original, target, met } = rows[i]!;
    return {
      section,
      measure,
      result: `${seconds(run.readyMs)} / ${seconds(run.servedMs)} / ${seconds(run.migratedMs)}, ${(run.peakRssBytes / 2 ** 20).toFixed(0)} MB`,
      original,
      target,
      status: check(met(run)),
    };
  });
}
