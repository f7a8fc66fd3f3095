import type { ConvexReactClient } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "@convex/_generated/api";
import { supporterCsv, supporterCsvFileName, type SupporterRow } from "@convex/model/shared/supporterCsv";

/** Rows per request: the server's largest page. */
const PAGE_SIZE = 100;

/** Reads the whole list of supporters page by page (the server answers the organizer only) and saves it as a CSV file. */
export async function downloadSupporters(convex: ConvexReactClient, eventId: string, eventName: string): Promise<void> {
  const rows: SupporterRow[] = [];
  let cursor: string | null = null;
  for (;;) {
    const result: FunctionReturnType<typeof api.rewards.supporters> = await convex.query(api.rewards.supporters, {
      eventId,
      paginationOpts: { numItems: PAGE_SIZE, cursor },
    });
    rows.push(...result.page);
    if (result.isDone) break;
    cursor = result.continueCursor;
  }
  const file = new Blob([supporterCsv(rows)], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(file);
  const link = document.createElement("a");
  link.href = url;
  link.download = supporterCsvFileName(eventName);
  link.click();
  // Let the browser start the download before the URL goes.
  window.setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
