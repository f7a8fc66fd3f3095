import type { ConvexReactClient } from "convex/react";
import { api } from "@convex/_generated/api";
import { allRowsOf } from "@convex/model/shared/spreadsheetCsv";
import { supporterCsv, supporterCsvFileName } from "@convex/model/shared/supporterCsv";
import { saveCsvFile } from "../../lib/save-csv-file";

/** Rows per request: the server's largest page. */
const PAGE_SIZE = 100;

/** Reads the whole list of supporters page by page (the server answers the organizer only) and saves it as a CSV file. */
export async function downloadSupporters(convex: ConvexReactClient, eventId: string, eventName: string): Promise<void> {
  const rows = await allRowsOf((cursor) =>
    convex.query(api.rewards.supporters, { eventId, paginationOpts: { numItems: PAGE_SIZE, cursor } }),
  );
  saveCsvFile(supporterCsv(rows), supporterCsvFileName(eventName));
}
