import { randomBytes } from "node:crypto";
import { expect, it } from "vitest";
import { decodeConvexId, encodeConvexId, tableNumberPrefix } from "./convex-id.ts";

it("encodes and decodes ids of every table number size, 31 to 37 characters, as Convex writes them", () => {
  // 10001 is a deployment's first table: its ids start "j57", as every Convex developer has seen.
  expect(encodeConvexId(10_001, new Uint8Array(16))).toMatch(/^j57/);
  for (const [number, length] of [
    [1, 31],
    [127, 31],
    [128, 32],
    [10_001, 32],
    [2 ** 21 - 1, 34],
    [2 ** 21, 36],
    [2 ** 32 - 1, 37],
  ] as const) {
    const internalId = randomBytes(16);
    const id = encodeConvexId(number, internalId);
    expect(id).toHaveLength(length);
    expect(decodeConvexId(id)).toEqual({ tableNumber: number, internalId: new Uint8Array(internalId) });
    expect(tableNumberPrefix(id)).toBe(number);
  }
});

it("refuses a changed character, a wrong length, letters outside the alphabet and table number 0", () => {
  const id = encodeConvexId(10_001, randomBytes(16));
  for (let position = 0; position < id.length; position++) {
    const other = id[position] === "a" ? "b" : "a";
    expect(decodeConvexId(id.slice(0, position) + other + id.slice(position + 1))).toBeNull();
  }
  expect(decodeConvexId(id.slice(1))).toBeNull();
  expect(decodeConvexId(`${id}0`)).toBeNull();
  expect(decodeConvexId(id.replace(/.$/, "u"))).toBeNull();
  expect(decodeConvexId("00000000000000000000010582events")).toBeNull();
  expect(tableNumberPrefix("00000000000000000000010582events")).toBeNull();
});
