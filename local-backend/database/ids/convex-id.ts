/**
 * Document ids in Convex's own form (convex-backend's "id v6"): the table's number as a VInt
 * (1–5 bytes, 7 bits each, low bits first), 16 random bytes, and a 2-byte footer — the
 * Fletcher-16 checksum of everything before it, XOR'd with the format version 0 — written in
 * base32 with the alphabet `0-9a-z` minus i, l, o, u, without padding: 31 to 37 characters.
 * An id of a Convex deployment reads here as it is, and an id minted here reads on Convex.
 */
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const VALUE_OF = new Map([...ALPHABET].map((char, index) => [char, index]));
/** The same by character code (-1: not in the alphabet), for the hot path of tableNumberPrefix. */
const VALUE_OF_CODE = Int8Array.from({ length: 128 }, (_, code) => VALUE_OF.get(String.fromCharCode(code)) ?? -1);
const VERSION = 0;
const INTERNAL_ID_BYTES = 16;
const FOOTER_BYTES = 2;
const MAX_TABLE_NUMBER = 2 ** 32 - 1;

/** Characters `bytes` bytes take in base32 (5 bits a character, the last one padded with zero bits). */
function encodedLength(bytes: number): number {
  return Math.ceil((bytes * 8) / 5);
}
const MIN_LENGTH = encodedLength(1 + INTERNAL_ID_BYTES + FOOTER_BYTES);
const MAX_LENGTH = encodedLength(5 + INTERNAL_ID_BYTES + FOOTER_BYTES);

function base32Encode(bytes: Uint8Array): string {
  let text = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = ((buffer << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      text += ALPHABET[(buffer >> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) text += ALPHABET[(buffer << (5 - bits)) & 31];
  return text;
}

/**
 * The bytes of `text` (whole bytes only), or null when a character is not in the alphabet or
 * the text is not the one base32Encode writes for them (a needless character, padding bits not zero).
 */
function base32Decode(text: string): Uint8Array | null {
  const bytes = new Uint8Array(Math.floor((text.length * 5) / 8));
  if (encodedLength(bytes.length) !== text.length) return null;
  let buffer = 0;
  let bits = 0;
  let position = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const value = code < 128 ? VALUE_OF_CODE[code]! : -1;
    if (value < 0) return null;
    buffer = ((buffer << 5) | value) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes[position++] = (buffer >> bits) & 0xff;
    }
  }
  return (buffer & ((1 << bits) - 1)) === 0 ? bytes : null;
}

function vintEncode(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest & 0x7f) | 0x80);
    rest = Math.floor(rest / 128);
  }
  bytes.push(rest);
  return bytes;
}

/** [value, bytes read], or null when the VInt is cut short or longer than five bytes. */
function vintDecode(bytes: Uint8Array): [number, number] | null {
  let value = 0;
  for (let index = 0; index < 5; index += 1) {
    const byte = bytes[index];
    if (byte === undefined) return null;
    value += (byte & 0x7f) * 2 ** (7 * index);
    if (byte < 0x80) return value > MAX_TABLE_NUMBER ? null : [value, index + 1];
  }
  return null;
}

/** Fletcher-16 with modulus 256 (the sums wrap at a byte), as convex-backend computes it. */
function fletcher16(bytes: Uint8Array): number {
  let c0 = 0;
  let c1 = 0;
  for (const byte of bytes) {
    c0 = (c0 + byte) & 0xff;
    c1 = (c1 + c0) & 0xff;
  }
  return (c1 << 8) | c0;
}

/** The id of the document `internalId` (16 bytes) in the table numbered `tableNumber` (1 to 2^32 − 1). */
export function encodeConvexId(tableNumber: number, internalId: Uint8Array): string {
  if (!Number.isInteger(tableNumber) || tableNumber < 1 || tableNumber > MAX_TABLE_NUMBER) {
    throw new Error(`Invalid table number ${tableNumber}`);
  }
  if (internalId.length !== INTERNAL_ID_BYTES) throw new Error("An internal id has 16 bytes");
  const vint = vintEncode(tableNumber);
  const bytes = new Uint8Array(vint.length + INTERNAL_ID_BYTES + FOOTER_BYTES);
  bytes.set(vint);
  bytes.set(internalId, vint.length);
  const bodyLength = vint.length + INTERNAL_ID_BYTES;
  const footer = fletcher16(bytes.subarray(0, bodyLength)) ^ VERSION;
  bytes[bodyLength] = footer & 0xff;
  bytes[bodyLength + 1] = footer >> 8;
  return base32Encode(bytes);
}

/** The table number and internal id of a well-formed Convex id (checksum and canonical form checked), or null. */
export function decodeConvexId(id: string): { tableNumber: number; internalId: Uint8Array } | null {
  if (id.length < MIN_LENGTH || id.length > MAX_LENGTH) return null;
  const bytes = base32Decode(id);
  if (bytes === null) return null;
  const vint = vintDecode(bytes);
  if (vint === null || vint[0] === 0) return null;
  const [tableNumber, vintLength] = vint;
  const bodyLength = vintLength + INTERNAL_ID_BYTES;
  if (bytes.length !== bodyLength + FOOTER_BYTES) return null;
  const footer = bytes[bodyLength]! | (bytes[bodyLength + 1]! << 8);
  if ((fletcher16(bytes.subarray(0, bodyLength)) ^ VERSION) !== footer) return null;
  // One text per id: base32Decode refused padding bits that are not zero; a VInt must be minimal.
  if (vintLength > 1 && bytes[vintLength - 1] === 0) return null;
  return { tableNumber, internalId: bytes.slice(vintLength, bodyLength) };
}

/**
 * Only the table number, from the first characters, without checking the rest: for ids already
 * stored, whose table is asked for often. Null when they do not start like a Convex id.
 */
export function tableNumberPrefix(id: string): number | null {
  if (id.length < MIN_LENGTH || id.length > MAX_LENGTH) return null;
  // base32Decode and vintDecode in one pass, without allocating: every table scan asks this of every id.
  let value = 0;
  let buffer = 0;
  let bits = 0;
  let byteIndex = 0;
  for (let index = 0; index < 8; index += 1) {
    const code = id.charCodeAt(index);
    const digit = code < 128 ? VALUE_OF_CODE[code]! : -1;
    if (digit < 0) return null;
    buffer = ((buffer << 5) | digit) & 0xffff;
    bits += 5;
    if (bits < 8) continue;
    bits -= 8;
    const byte = (buffer >> bits) & 0xff;
    value += (byte & 0x7f) * 2 ** (7 * byteIndex);
    byteIndex += 1;
    if (byte < 0x80) return value === 0 || value > MAX_TABLE_NUMBER ? null : value;
  }
  return null;
}
