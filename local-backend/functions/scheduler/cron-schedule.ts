/**
 * Five-field cron expressions (minute hour day-of-month month day-of-week, UTC) as Convex's
 * `crons.cron()` takes them: numbers, `*`, ranges `a-b`, lists `a,b` and steps `x/n`.
 */

const FIELDS = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12 },
  { min: 0, max: 6 },
] as const;
/** Four years of minutes: any valid expression matches within that (29 February included). */
const SEARCH_LIMIT_MINUTES = 4 * 366 * 24 * 60;

function parseField(text: string, { min, max }: { min: number; max: number }): Set<number> {
  const values = new Set<number>();
  for (const part of text.split(",")) {
    const [range = "", stepText] = part.split("/");
    const step = stepText === undefined ? 1 : Number(stepText);
    const [from, end] = range === "*" ? [min, max] : range.split("-").map(Number);
    if (from === undefined || Number.isNaN(from)) throw new Error(`bad cron field "${text}"`);
    const to = end ?? (stepText === undefined ? from : max);
    if (!Number.isInteger(step) || step < 1 || from < min || to > max + (max === 6 ? 1 : 0)) {
      throw new Error(`bad cron field "${text}"`);
    }
    // 7 is Sunday too.
    for (let value = from; value <= to; value += step) values.add(max === 6 ? value % 7 : value);
  }
  return values;
}

/** The first whole UTC minute after `after` (ms) that the expression matches. */
export function nextCronTime(expression: string, after: number): number {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`cron expression "${expression}" needs five fields`);
  const [minutes, hours, days, months, weekdays] = parts.map((part, index) => parseField(part, FIELDS[index]!));
  // Standard cron: when both day fields are restricted, either may match.
  const dayRestricted = parts[2] !== "*";
  const weekdayRestricted = parts[4] !== "*";
  const time = new Date(Math.floor(after / 60_000) * 60_000 + 60_000);
  for (let i = 0; i < SEARCH_LIMIT_MINUTES; i++, time.setTime(time.getTime() + 60_000)) {
    const dayMatches = days!.has(time.getUTCDate());
    const weekdayMatches = weekdays!.has(time.getUTCDay());
    const day = dayRestricted && weekdayRestricted ? dayMatches || weekdayMatches : dayRestricted ? dayMatches : weekdayMatches;
    if (day && months!.has(time.getUTCMonth() + 1) && hours!.has(time.getUTCHours()) && minutes!.has(time.getUTCMinutes())) {
      return time.getTime();
    }
  }
  throw new Error(`cron expression "${expression}" never matches`);
}
