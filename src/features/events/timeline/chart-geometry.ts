import type { TimelinePoint } from "../../../lib/api-types";
import { formatDateTime } from "../../../lib/dates";
import { axisTicks, timeWindow, xOf, type AxisTick } from "./time-axis";

/** Where things sit in the plot, in percent of its width (x) and height (y, 0 = top). */
export type ChartGeometry = {
  /** The raised total as steps: it holds between supports and jumps at each one. */
  line: string;
  /** The same, closed down to the baseline, for the shaded area. */
  area: string;
  goalY: number;
  last: { x: number; y: number };
  /** Labels under the plot; one (the creation) while nobody has supported. */
  ticks: AxisTick[];
};

/** Headroom above the higher of the goal and the total, so neither touches the top. */
const HEADROOM = 1.15;

/**
 * The chart of a timeline in a 100×100 box (the SVG stretches it to any width): time on x over
 * the points' window (at least a minute wide, see time-axis.ts), cents from 0 to a bit above the
 * goal or the total on y.
 */
export function chartGeometry(points: TimelinePoint[], goalCents: number): ChartGeometry {
  const first = points[0];
  if (first === undefined) throw new Error("a timeline always has its creation point");
  const top = Math.max(goalCents, ...points.map((p) => p.raisedCents), 1) * HEADROOM;
  const y = (cents: number) => round(100 - (cents / top) * 100);
  // With no support yet the line still spans the plot: nothing raised, all along.
  if (points.length === 1) {
    const line = `M0 ${y(first.raisedCents)} H100`;
    return {
      line,
      area: `${line} V100 H0 Z`,
      goalY: y(goalCents),
      last: { x: 100, y: y(first.raisedCents) },
      ticks: [{ x: 0, label: formatDateTime(first.at) }],
    };
  }
  const lastPoint = points[points.length - 1]!;
  const window = timeWindow(first.at, lastPoint.at);
  const x = (at: number) => xOf(window, at);
  let line = `M${x(first.at)} ${y(first.raisedCents)}`;
  for (const point of points.slice(1)) line += ` H${x(point.at)} V${y(point.raisedCents)}`;
  return {
    line,
    area: `${line} V100 H${x(first.at)} Z`,
    goalY: y(goalCents),
    last: { x: x(lastPoint.at), y: y(lastPoint.raisedCents) },
    ticks: axisTicks(window),
  };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
