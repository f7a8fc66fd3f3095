/** Stored values written back into form fields, as people type them (for the edit forms). */

/** 150050 → "1500,50", as the money fields take it. */
export function centsToInput(cents: number): string {
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A moment as an <input type="date"> value in the viewer's time zone: "2026-03-14". */
export function dateInputOf(ms: number): string {
  const date = new Date(ms);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A moment as an <input type="time"> value in the viewer's time zone: "19:30". */
export function timeInputOf(ms: number): string {
  const date = new Date(ms);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
