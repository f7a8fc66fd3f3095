import { describe, expect, test } from "vitest";
import { chartGeometry } from "./chart-geometry";

describe("chartGeometry", () => {
  test("steps through each support, with the goal line below the top", () => {
    const geometry = chartGeometry(
      [
        { at: 0, raisedCents: 0 },
        { at: 50, raisedCents: 1_150 },
        { at: 100, raisedCents: 2_300 },
      ],
      2_000,
    );
    // Top of the scale: 2,300 × 1.15 = 2,645 cents.
    expect(geometry.line).toBe("M0 100 H50 V56.52 H100 V13.04");
    expect(geometry.area).toBe("M0 100 H50 V56.52 H100 V13.04 V100 H0 Z");
    expect(geometry.goalY).toBe(24.39);
    expect(geometry.last).toEqual({ x: 100, y: 13.04 });
  });

  test("with no support yet: a flat line at zero across the plot, the goal near the top", () => {
    const geometry = chartGeometry([{ at: 1_000, raisedCents: 0 }], 5_000);
    expect(geometry.line).toBe("M0 100 H100");
    expect(geometry.goalY).toBe(13.04);
    expect(geometry.last).toEqual({ x: 100, y: 100 });
  });
});
