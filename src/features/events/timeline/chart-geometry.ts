import type { TimelinePoint } from "../../../lib/api-types";

/** Where things sit in the plot, in percent of its width (x) and height (y, 0 = top). */
export type ChartGeometry = {
  /** The raised total as steps: it holds between supports and jumps at each one. */
  line: string;
  /** The same, closed down to the baseline, for the shaded area. */
  area: string;
  goalY: number;
  last: { x: number; y: number };
};

/** Headroom above the higher of the goal and the total, so neither touches the top. */
const HEADROOM = 1.15;

/**
 * The chart of a timeline in a 100×100 box (the SVG stretches it to any width): time from
 * the first point to the last on x, cents from 0 to a bit above the goal or the total on y.
 */
export function chartGeometry(points: TimelinePoint[], goalCents: number): ChartGeometry {
  const first = points[0];
  if (first === undefined) throw new Error("a timeline always has its creation point");
  const lastPoint = points[points.length - 1] ?? first;
  const span = Math.max(lastPoint.at - first.at, 1);
  const top = Math.max(goalCents, ...points.map((p) => p.raisedCents), 1) * HEADROOM;
  const x = (at: number) => round(((at - first.at) / span) * 100);
  const y = (cents: number) => round(100 - (cents / top) * 100);

  let line = `M0 ${y(first.raisedCents)}`;
  for (const point of points.slice(1)) line += ` H${x(point.at)} V${y(point.raisedCents)}`;
  // With no support yet the line still spans the plot: nothing raised, all along.
  if (points.length === 1) line += " H100";
  const right = points.length === 1 ? 100 : x(lastPoint.at);
  return {
    line,
    area: `${line} V100 H0 Z`,
    goalY: y(goalCents),
    last: { x: right, y: y(lastPoint.raisedCents) },
  };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
