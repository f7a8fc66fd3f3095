/**
 * The chart's time axis: the window of time the plot spans and the labels under it, read at the
 * precision the window needs. Supports seconds apart get a window of at least ten seconds and
 * labels with seconds; supports days apart get dates. Times are the viewer's own zone.
 */

/** The narrowest window drawn: points at one instant (or a second apart) still get a width to step in. */
export const MIN_WINDOW_MS = 10_000;
/** Below this the labels carry seconds: minutes alone would all read the same. */
const SECONDS_BELOW_MS = 10 * 60_000;

export type TimeWindow = { start: number; end: number };
export type AxisTick = { x: number; label: string };

/** From the first point to the last, widened evenly on both sides to at least MIN_WINDOW_MS. */
export function timeWindow(first: number, last: number): TimeWindow {
  const missing = MIN_WINDOW_MS - (last - first);
  if (missing <= 0) return { start: first, end: last };
  return { start: first - missing / 2, end: last + missing / 2 };
}

/** Where `at` falls in the window, in percent of the plot's width. */
export function xOf({ start, end }: TimeWindow, at: number): number {
  return Math.round(((at - start) / (end - start)) * 10_000) / 100;
}

/** Three labels, at the window's start, middle and end. */
export function axisTicks(window: TimeWindow): AxisTick[] {
  const label = timeLabeller(window.end - window.start, window.start, window.end);
  const middle = (window.start + window.end) / 2;
  return [
    { x: 0, label: label(window.start) },
    { x: 50, label: label(middle) },
    { x: 100, label: label(window.end) },
  ];
}

/**
 * How a moment reads in a series spanning `spanMs` from `from` to `to`: "19:30:05" within
 * minutes, "19:30" within one day, "24/11 19:30" across days, "24/11/2026" across a year.
 */
export function timeLabeller(spanMs: number, from: number, to: number): (at: number) => string {
  if (spanMs < SECONDS_BELOW_MS) return (at) => clock(at, true);
  if (sameDay(from, to)) return (at) => clock(at, false);
  if (new Date(from).getFullYear() === new Date(to).getFullYear()) return (at) => `${dayMonth(at)} ${clock(at, false)}`;
  return (at) => `${dayMonth(at)}/${new Date(at).getFullYear()}`;
}

/** The full moment at the series' precision: "25/11/2026 19:30", with ":05" seconds within minutes. */
export function momentLabeller(spanMs: number): (at: number) => string {
  const withSeconds = spanMs < SECONDS_BELOW_MS;
  return (at) => `${dayMonth(at)}/${new Date(at).getFullYear()} ${clock(at, withSeconds)}`;
}

const pad = (n: number) => String(n).padStart(2, "0");

function clock(at: number, withSeconds: boolean): string {
  const d = new Date(at);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}${withSeconds ? `:${pad(d.getSeconds())}` : ""}`;
}

function dayMonth(at: number): string {
  const d = new Date(at);
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}`;
}

function sameDay(a: number, b: number): boolean {
  const [x, y] = [new Date(a), new Date(b)];
  return x.getFullYear() === y.getFullYear() && x.getMonth() === y.getMonth() && x.getDate() === y.getDate();
}
