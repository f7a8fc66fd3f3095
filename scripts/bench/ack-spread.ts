/** How many equal slices of the storm the spread is counted in. */
export const SPREAD_PARTS = 10;

/**
 * How acknowledgements spread over a storm. `shares` are whole percentages, one per tenth of the
 * storm, first to last; `largest` is the largest of them and `last` the last one (bunching at the
 * end shows there).
 */
export type AckSpread = { stormMs: number; shares: number[]; largest: number; last: number };

/**
 * The share of acknowledgements in each tenth of the storm. `ackTimes` are each acknowledgement's
 * milliseconds since the first call was sent; the storm ends at the last acknowledgement, so it
 * lands in the last tenth and an even spread reads about 10 % everywhere.
 */
export function ackSpread(ackTimes: number[]): AckSpread {
  if (ackTimes.length === 0) throw new Error("ackSpread: no acknowledgements");
  const stormMs = Math.max(...ackTimes);
  const counts = new Array<number>(SPREAD_PARTS).fill(0);
  for (const time of ackTimes) {
    const part = stormMs === 0 ? SPREAD_PARTS - 1 : Math.min(SPREAD_PARTS - 1, Math.floor((time / stormMs) * SPREAD_PARTS));
    counts[part] = (counts[part] ?? 0) + 1;
  }
  const shares = counts.map((n) => Math.round((100 * n) / ackTimes.length));
  return { stormMs, shares, largest: Math.max(...shares), last: shares[SPREAD_PARTS - 1] ?? 0 };
}

/** "over 3.3 s, per tenth 12 9 10 … %, largest 12 %", as a bench row shows it. */
export function describeSpread(spread: AckSpread): string {
  return `over ${(spread.stormMs / 1000).toFixed(1)} s, per tenth ${spread.shares.join(" ")} %, largest ${spread.largest} %`;
}
