/**
 * A ticket code's QR Code as a PNG, in Convex's default runtime (no Node, no canvas): uqr gives
 * the modules, and the image is written by hand as a 1-bit grayscale PNG whose pixels sit in
 * stored (uncompressed) deflate blocks. At 6 px a module a ticket's QR is ~200 px wide and
 * ~6 kB: mail clients show PNG inline (many block SVG and data: URLs), so the e-mail attaches
 * it and points at it with `cid:`.
 */
import { encode } from "uqr";

const MODULE_PIXELS = 6;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (const byte of bytes) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

function u32(value: number): number[] {
  return [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
}

function chunk(type: string, data: Uint8Array): number[] {
  const body = new Uint8Array([...type].map((c) => c.charCodeAt(0)).concat([...data]));
  return [...u32(data.length), ...body, ...u32(crc32(body))];
}

/** zlib data of `raw` in stored deflate blocks (≤ 65,535 bytes each). */
function storedZlib(raw: Uint8Array): Uint8Array {
  const out: number[] = [0x78, 0x01];
  for (let start = 0; start < raw.length || start === 0; start += 65535) {
    const block = raw.subarray(start, start + 65535);
    const last = start + 65535 >= raw.length ? 1 : 0;
    out.push(last, block.length & 0xff, block.length >>> 8, ~block.length & 0xff, (~block.length >>> 8) & 0xff, ...block);
    if (last) break;
  }
  return new Uint8Array([...out, ...u32(adler32(raw))]);
}

/** The pixels: one filter byte (none) per row, then 1 bit per pixel, 1 = white. */
function pixelRows(modules: boolean[][], width: number): Uint8Array {
  const rowBytes = Math.ceil(width / 8);
  const raw = new Uint8Array((rowBytes + 1) * width);
  for (let y = 0; y < width; y++) {
    const row = modules[Math.floor(y / MODULE_PIXELS)]!;
    for (let x = 0; x < width; x++) {
      if (row[Math.floor(x / MODULE_PIXELS)]) continue;
      raw[y * (rowBytes + 1) + 1 + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  return raw;
}

/** The PNG bytes of `text`'s QR Code (error correction M, a 4-module quiet zone). */
export function qrPng(text: string): Uint8Array {
  const { data, size } = encode(text, { ecc: "M", border: 4 });
  const width = size * MODULE_PIXELS;
  const header = new Uint8Array([...u32(width), ...u32(width), 1, 0, 0, 0, 0]);
  return new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...chunk("IHDR", header),
    ...chunk("IDAT", storedZlib(pixelRows(data, width))),
    ...chunk("IEND", new Uint8Array()),
  ]);
}

/** Base64 of bytes, without Node's Buffer. */
export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
