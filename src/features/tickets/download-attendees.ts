import type { ConvexReactClient } from "convex/react";
import { api } from "@convex/_generated/api";
import { allAttendeeRows, attendeeCsv, attendeeCsvFileName } from "@convex/model/shared/attendeeCsv";

/** Rows per request: the server's largest page. */
const PAGE_SIZE = 100;

/** Reads the whole attendee list page by page and saves it as a CSV file named after the event. */
export async function downloadAttendees(convex: ConvexReactClient, eventId: string, eventName: string): Promise<void> {
  const rows = await allAttendeeRows((cursor) =>
    convex.query(api.attendees.page, { eventId, paginationOpts: { numItems: PAGE_SIZE, cursor } }),
  );
  const file = new Blob([attendeeCsv(rows)], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(file);
  const link = document.createElement("a");
  link.href = url;
  link.download = attendeeCsvFileName(eventName);
  link.click();
  // Let the browser start the download before the URL goes.
  window.setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
