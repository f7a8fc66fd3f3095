/**
 * Dates and times as people in Brazil read them: dd/mm/aaaa HH:mm, in the viewer's own time
 * zone (the browser's default), and parsing of <input type="date"> / <input type="time">.
 */

const dateTimeFormat = new Intl.DateTimeFormat("pt-BR", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});

const timeFormat = new Intl.DateTimeFormat("pt-BR", { hour: "2-digit", minute: "2-digit", hour12: false });

/** 1767220200000 → "31/12/2025 19:30" (viewer's time zone). */
export function formatDateTime(ms: number): string {
  const parts = dateTimeFormat.formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  const hour = get("hour") === "24" ? "00" : get("hour");
  return `${get("day")}/${get("month")}/${get("year")} ${hour}:${get("minute")}`;
}

/** Only the time, "19:30", for chat messages. */
export function formatTime(ms: number): string {
  return timeFormat.format(new Date(ms));
}

const DATE_INPUT = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_INPUT = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * "2026-03-14" + "19:30" from date/time inputs → ms at that local time, or null when either is
 * missing or not a real calendar date/time (e.g. 2026-02-30).
 */
export function parseDateTimeInputs(date: string, time: string): number | null {
  const d = DATE_INPUT.exec(date.trim());
  const t = TIME_INPUT.exec(time.trim());
  if (!d || !t) return null;
  const [year, month, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  const [hour, minute] = [Number(t[1]), Number(t[2])];
  if (hour > 23 || minute > 59) return null;
  const value = new Date(year, month - 1, day, hour, minute, 0, 0);
  if (value.getFullYear() !== year || value.getMonth() !== month - 1 || value.getDate() !== day) {
    return null;
  }
  return value.getTime();
}

/** Start (00:00:00.000) of a date input's day, local time; null when empty or invalid. */
export function startOfDateInput(date: string): number | null {
  return parseDateTimeInputs(date, "00:00");
}

/** Last millisecond (23:59:59.999) of a date input's day, local time; null when invalid. */
export function endOfDateInput(date: string): number | null {
  const start = parseDateTimeInputs(date, "23:59");
  return start === null ? null : start + 59_999;
}
