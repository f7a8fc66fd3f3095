import { describe, expect, test } from "vitest";
import { defaultPerMinute, drawOrder, opensInSentence, placeSentence } from "./waitingRoom";

/** mulberry32: a small seeded generator, so the many draws below are the same on every run. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const seedFrom = (random: () => number) =>
  Array.from({ length: 4 }, () =>
    Math.floor(random() * 2 ** 32)
      .toString(16)
      .padStart(8, "0"),
  ).join("");

describe("the draw", () => {
  test("every early arrival has the same chance of every place: 6,000 draws of 6 entries, chi-square at p < 1e-6", () => {
    // Ids as Convex writes them, in arrival order: arriving first must not matter.
    const ids = ["k57a1bq3", "k57a1bq4", "k57a1bq5", "k57a1bq6", "k57a1bq7", "k57a1bq8"].map((id) => `${id}x9y8z7w6v5u4t3s2r1q0`);
    const random = seededRandom(20_260_529);
    const draws = 6_000;
    const counts = ids.map(() => ids.map(() => 0));
    for (let draw = 0; draw < draws; draw += 1) {
      drawOrder(seedFrom(random), ids).forEach((id, place) => (counts[ids.indexOf(id)]![place]! += 1));
    }
    const expected = draws / ids.length;
    const chiSquare = counts.flat().reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    // 25 degrees of freedom ((6 - 1)²): the chance of a fair draw passing 72 is below one in a million.
    expect(chiSquare).toBeLessThan(72);
    // The first to arrive is first as often as anyone else (within 5 standard deviations).
    const sd = Math.sqrt(draws * (1 / 6) * (5 / 6));
    for (const row of counts) expect(Math.abs(row[0]! - expected)).toBeLessThan(5 * sd);
  });

  test("the seed alone fixes the order: the same seed gives the same order, another seed another", () => {
    const ids = Array.from({ length: 50 }, (_, i) => `entry${i}`);
    expect(drawOrder("abc", ids)).toEqual(drawOrder("abc", [...ids].reverse()));
    expect(drawOrder("abc", ids)).not.toEqual(drawOrder("abd", ids));
    expect([...drawOrder("abc", ids)].sort()).toEqual([...ids].sort());
  });
});

describe("the room's sentences", () => {
  test("place, estimate, countdown and the default outflow", () => {
    expect(placeSentence(1_234, 34, 200)).toBe("Você é o Nº 1.234 · cerca de 6 min");
    expect(placeSentence(5, 4, 200)).toBe("Você é o Nº 5 · cerca de 1 min");
    expect(opensInSentence(65_000)).toBe("As vendas abrem em 01:05");
    expect(opensInSentence(3 * 3_600_000 + 4 * 60_000 + 5_000)).toBe("As vendas abrem em 03:04:05");
    expect(opensInSentence(2 * 86_400_000 + 1_000)).toBe("As vendas abrem em 2 d 00:00:01");
    expect(defaultPerMinute(5_000)).toBe(500);
    expect(defaultPerMinute(20)).toBe(10);
  });
});
