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

it("refuses a second spelling of an id: a longer table number, padding bits that are not zero", () => {
  const internalId = randomBytes(16);
  const base32 = (bytes: number[]) => {
    const alphabet = "0123456789abcdefghjkmnpqrstvwxyz";
    let [text, buffer, bits] = ["", 0, 0];
    for (const byte of bytes) {
      [buffer, bits] = [((buffer << 8) | byte) & 0xffff, bits + 8];
      for (; bits >= 5; bits -= 5) text += alphabet[(buffer >> (bits - 5)) & 31];
    }
    return bits > 0 ? text + alphabet[(buffer << (5 - bits)) & 31] : text;
  };
  const withFooter = (body: number[]) => {
    let [c0, c1] = [0, 0];
    for (const byte of body) [c0, c1] = [(c0 + byte) & 0xff, (c1 + ((c0 + byte) & 0xff)) & 0xff];
    return [...body, c0, c1];
  };
  // Table 1 as the two-byte VInt 0x81 0x00, checksum right: still not Convex's spelling of it.
  expect(decodeConvexId(base32(withFooter([0x81, 0x00, ...internalId])))).toBeNull();
  expect(decodeConvexId(base32(withFooter([0x01, ...internalId])))).toEqual({ tableNumber: 1, internalId: new Uint8Array(internalId) });
  // 19 bytes leave 3 padding bits in the last character: the encoder writes them as zero.
  const id = encodeConvexId(1, internalId);
  const last = "0123456789abcdefghjkmnpqrstvwxyz".indexOf(id.at(-1)!);
  expect(decodeConvexId(id.slice(0, -1) + "0123456789abcdefghjkmnpqrstvwxyz"[last | 1])).toBeNull();
});
