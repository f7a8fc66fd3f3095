import { describe, expect, test } from "vitest";
import { goalReached, percentLabel, percentRaised, progressValue, statusOf } from "./eventRules";

const funding = (raisedCents: number, goalCents = 10_000, goalPercentage = 100) => ({
  raisedCents,
  goalCents,
  goalPercentage,
});

describe("status", () => {
  test("'Não Iniciado' when nothing raised", () => {
    expect(statusOf(funding(0))).toBe("Não Iniciado");
  });
  test("'Em Progresso' when raised is above 0 and below goal", () => {
    expect(statusOf(funding(1))).toBe("Em Progresso");
    expect(statusOf(funding(9_999))).toBe("Em Progresso");
  });
  test("'Concluído' when raised reaches goal", () => {
    expect(statusOf(funding(10_000))).toBe("Concluído");
    expect(statusOf(funding(15_000))).toBe("Concluído");
  });
  test("'Concluído' when percent raised reaches goalPercentage", () => {
    expect(statusOf(funding(7_999, 10_000, 80))).toBe("Em Progresso");
    expect(statusOf(funding(8_000, 10_000, 80))).toBe("Concluído");
  });
  test("goal percentage is compared exactly, not after rounding", () => {
    // 1 of 3 cents is 33.33…%: below a 34% threshold, at or above 33%.
    expect(statusOf(funding(1, 3, 34))).toBe("Em Progresso");
    expect(statusOf(funding(1, 3, 33))).toBe("Concluído");
  });
});

describe("progress", () => {
  test("percent is floored so 99.99% never reads as 100%", () => {
    expect(percentRaised(funding(9_999))).toBe(99);
  });
  test("the bar is capped at 100% while the percent may exceed it", () => {
    expect(percentRaised(funding(25_000))).toBe(250);
    expect(progressValue(funding(25_000))).toBe(100);
  });
  test("a support below 1% reads '< 1%', never '0%'; nothing raised reads '0%'", () => {
    const label = (raisedCents: number, goalCents: number) =>
      percentLabel({ raisedCents, percent: percentRaised(funding(raisedCents, goalCents)) });
    expect(label(1_000, 123_450)).toBe("< 1%");
    expect(label(1, 10_000)).toBe("< 1%");
    expect(label(0, 10_000)).toBe("0%");
    expect(label(100, 10_000)).toBe("1%");
    expect(label(25_000, 10_000)).toBe("250%");
  });
  test("goal reached only at 100% of the goal", () => {
    expect(goalReached(funding(9_999))).toBe(false);
    expect(goalReached(funding(10_000))).toBe(true);
  });
});
