import { describe, expect, it } from "vitest";
import { endOfDateInput, formatDateTime, parseDateTimeInputs, startOfDateInput } from "./dates";

describe("dates", () => {
  it("parses date and time inputs as local time and formats them back as dd/mm/aaaa HH:mm", () => {
    const ms = parseDateTimeInputs("2026-03-14", "19:30");
    expect(ms).toBe(new Date(2026, 2, 14, 19, 30).getTime());
    expect(formatDateTime(ms!)).toBe("14/03/2026 19:30");
  });

  it("pads single digits and shows midnight as 00:00", () => {
    expect(formatDateTime(new Date(2027, 0, 5, 0, 7).getTime())).toBe("05/01/2027 00:07");
  });

  it("rejects missing or impossible dates and times", () => {
    expect(parseDateTimeInputs("", "10:00")).toBeNull();
    expect(parseDateTimeInputs("2026-03-14", "")).toBeNull();
    expect(parseDateTimeInputs("2026-02-30", "10:00")).toBeNull();
    expect(parseDateTimeInputs("2026-03-14", "24:00")).toBeNull();
    expect(parseDateTimeInputs("14/03/2026", "10:00")).toBeNull();
  });

  it("spans a whole day for the date filters (inclusive)", () => {
    const start = startOfDateInput("2026-03-14")!;
    const end = endOfDateInput("2026-03-14")!;
    expect(start).toBe(new Date(2026, 2, 14).getTime());
    expect(end).toBe(new Date(2026, 2, 15).getTime() - 1);
  });
});
