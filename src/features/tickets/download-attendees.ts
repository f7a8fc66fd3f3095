import type { ConvexReactClient } from "convex/react";
import { api } from "@convex/_generated/api";
import { attendeeCsv, attendeeCsvFileName } from "@convex/model/shared/attendeeCsv";
import { allRowsOf } from "@convex/model/shared/spreadsheetCsv";
import { saveCsvFile } from "../../lib/save-csv-file";

/** Rows per request: the server's largest page. */
const PAGE_SIZE = 100;

/** Reads the whole attendee list page by page and saves it as a CSV file named after the event. */
export async function downloadAttendees(convex: ConvexReactClient, eventId: string, eventName: string): Promise<void> {
  const rows = await allRowsOf((cursor) => convex.query(api.attendees.page, { eventId, paginationOpts: { numItems: PAGE_SIZE, cursor } }));
  saveCsvFile(attendeeCsv(rows), attendeeCsvFileName(eventName));
}
