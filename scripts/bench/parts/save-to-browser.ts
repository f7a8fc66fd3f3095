/** `npm run dev`: a save in convex/ → an open client sees it, and the CLI's push. */
import { benchPart, check, isNotMeasured, type NotMeasured } from "../part";
import { measureSaveToBrowser, type SaveToBrowser } from "../save-to-browser";
import type { Row } from "../table";

export const saveToBrowserPart = benchPart<SaveToBrowser>({
  name: "save-to-browser",
  measure: ({ log }) => measureSaveToBrowser(log),
  rows: saveToBrowserRows,
});

/** Save → browser within this many ms (median) on this machine. */
const MAX_SAVE_TO_BROWSER_MS = 3_000;

function saveToBrowserRows(result: SaveToBrowser | NotMeasured): Row[] {
  const section = "dev";
  const measure = "save in convex/ → an open client sees it (`npm run dev`)";
  const target = `median ≤ ${MAX_SAVE_TO_BROWSER_MS / 1000} s`;
  if (isNotMeasured(result)) return [{ section, measure, result: `not measured: ${result.notMeasured}`, target }];
  const seconds = (n: number) => `${(n / 1000).toFixed(1)} s`;
  return [
    {
      section,
      measure,
      result: `median ${seconds(result.medianMs)}, max ${seconds(result.maxMs)} (${result.samplesMs.length} saves)`,
      target,
      status: check(result.medianMs <= MAX_SAVE_TO_BROWSER_MS),
    },
    {
      section,
      measure: "npx convex dev --once, cold / unchanged (CLI start included)",
      result: `${result.coldPushSeconds.toFixed(1)} s / ${result.unchangedPushSeconds.toFixed(1)} s`,
    },
  ];
}
