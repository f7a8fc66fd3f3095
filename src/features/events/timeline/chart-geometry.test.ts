import { describe, expect, test } from "vitest";
import { chartGeometry } from "./chart-geometry";

const MINUTE = 60_000;
/** 25/11/2026 at the given local time. */
const at = (hour: number, minute: number, second = 0, day = 25) => new Date(2026, 10, day, hour, minute, second).getTime();

describe("chartGeometry", () => {
  test("steps through each support, with the goal line below the top", () => {
    const start = at(19, 0);
    const geometry = chartGeometry(
      [
        { at: start, raisedCents: 0 },
        { at: start + 5 * MINUTE, raisedCents: 1_150 },
        { at: start + 10 * MINUTE, raisedCents: 2_300 },
      ],
      2_000,
    );
    // Top of the scale: 2,300 × 1.15 = 2,645 cents.
    expect(geometry.line).toBe("M0 100 H50 V56.52 H100 V13.04");
    expect(geometry.area).toBe("M0 100 H50 V56.52 H100 V13.04 V100 H0 Z");
    expect(geometry.goalY).toBe(24.39);
    expect(geometry.last).toEqual({ x: 100, y: 13.04 });
    expect(geometry.ticks).toEqual([
      { x: 0, label: "19:00" },
      { x: 50, label: "19:05" },
      { x: 100, label: "19:10" },
    ]);
  });

  test("supports seconds apart spread over the plot, with labels to the second", () => {
    const geometry = chartGeometry(
      [
        { at: at(19, 30, 10), raisedCents: 0 },
        { at: at(19, 30, 12), raisedCents: 1_000 },
        { at: at(19, 30, 16), raisedCents: 3_000 },
      ],
      10_000,
    );
    // 6 s of points, widened by 2 s each side to the narrowest window: 19:30:08 to 19:30:18.
    expect(geometry.line).toBe("M20 100 H40 V91.3 H80 V73.91");
    expect(geometry.area).toBe("M20 100 H40 V91.3 H80 V73.91 V100 H20 Z");
    expect(geometry.last).toEqual({ x: 80, y: 73.91 });
    expect(geometry.ticks.map((tick) => tick.label)).toEqual(["19:30:08", "19:30:13", "19:30:18"]);
  });

  test("a burst over half a minute fills the plot, still to the second", () => {
    const geometry = chartGeometry(
      [
        { at: at(19, 30, 10), raisedCents: 0 },
        { at: at(19, 30, 40), raisedCents: 1_000 },
      ],
      1_000,
    );
    expect(geometry.line).toBe("M0 100 H100 V13.04");
    expect(geometry.ticks.map((tick) => tick.label)).toEqual(["19:30:10", "19:30:25", "19:30:40"]);
  });

  test("supports at one instant still leave the line a width to step in", () => {
    const moment = at(8, 0);
    const geometry = chartGeometry(
      [
        { at: moment, raisedCents: 0 },
        { at: moment, raisedCents: 5_000 },
      ],
      5_000,
    );
    expect(geometry.line).toBe("M50 100 H50 V13.04");
    expect(new Set(geometry.ticks.map((tick) => tick.label)).size).toBe(3);
  });

  test("supports days apart keep their true proportions and read as dates", () => {
    const geometry = chartGeometry(
      [
        { at: at(9, 0, 0, 20), raisedCents: 0 },
        { at: at(9, 0, 0, 21), raisedCents: 2_000 },
        { at: at(9, 0, 0, 24), raisedCents: 4_000 },
      ],
      8_000,
    );
    expect(geometry.line).toBe("M0 100 H25 V78.26 H100 V56.52");
    expect(geometry.ticks.map((tick) => tick.label)).toEqual(["20/11 09:00", "22/11 09:00", "24/11 09:00"]);
  });

  test("with no support yet: a flat line at zero across the plot, the goal near the top", () => {
    const geometry = chartGeometry([{ at: at(10, 0), raisedCents: 0 }], 5_000);
    expect(geometry.line).toBe("M0 100 H100");
    expect(geometry.goalY).toBe(13.04);
    expect(geometry.last).toEqual({ x: 100, y: 100 });
    expect(geometry.ticks).toEqual([{ x: 0, label: "25/11/2026 10:00" }]);
  });
});
