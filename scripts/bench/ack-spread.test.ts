import { expect, it } from "vitest";
import { ackSpread, describeSpread } from "./ack-spread.ts";

it("reads about 10 % in every tenth when acknowledgements arrive evenly", () => {
  const even = Array.from({ length: 1_000 }, (_, i) => (i + 1) * 3);
  const spread = ackSpread(even);
  expect(spread.stormMs).toBe(3_000);
  expect(spread.shares).toHaveLength(10);
  expect(spread.shares.every((share) => share >= 9 && share <= 11)).toBe(true);
  expect(spread.largest).toBeLessThanOrEqual(11);
  expect(spread.last).toBeLessThanOrEqual(11);
});

it("puts a storm's bunched acknowledgements in its last tenth", () => {
  // The old engine's storm: 808 of 1,000 in the last tenth of 7.7 s, the rest spread before it.
  const early = Array.from({ length: 192 }, (_, i) => (i * 6_900) / 192);
  const late = Array.from({ length: 808 }, (_, i) => 6_930 + (i * 770) / 807);
  const spread = ackSpread([...early, ...late]);
  expect(spread.last).toBe(81);
  expect(spread.largest).toBe(81);
  expect(spread.shares.slice(0, 9).every((share) => share <= 3)).toBe(true);
});

it("counts the last acknowledgement in the last tenth and a boundary in the later tenth", () => {
  expect(ackSpread([0, 50, 100]).shares).toEqual([33, 0, 0, 0, 0, 33, 0, 0, 0, 33]);
});

it("describes the spread as a row shows it", () => {
  expect(describeSpread(ackSpread([0, 50, 100]))).toBe("over 0.1 s, per tenth 33 0 0 0 0 33 0 0 0 33 %, largest 33 %");
});
