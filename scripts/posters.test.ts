import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Link previews name the JPEG twin of a shipped SVG poster (convex/model/shared/eventPreview.ts):
// it must exist, be a real JPEG of the poster's size, and stay small for crawlers.
const POSTERS = fileURLToPath(new URL("../public/images/events/", import.meta.url));
const MAX_JPEG_BYTES = 60_000;

/** Width and height from a JPEG's start-of-frame segment, or null when the file is no JPEG. */
function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    const length = bytes.readUInt16BE(offset + 2);
    // SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC), carry the frame's size.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

describe("the demo posters", () => {
  const svgs = readdirSync(POSTERS).filter((name) => name.endsWith(".svg"));

  it("exist", () => {
    expect(svgs.length).toBeGreaterThanOrEqual(10);
  });

  it.each(svgs)("%s has a small JPEG twin of its size (scripts/render-posters.ts)", (svg) => {
    const jpeg = join(POSTERS, svg.replace(/\.svg$/, ".jpg"));
    const [, width, height] = /viewBox="0 0 (\d+) (\d+)"/.exec(readFileSync(join(POSTERS, svg), "utf8")) ?? [];
    expect(jpegSize(readFileSync(jpeg))).toEqual({ width: Number(width), height: Number(height) });
    expect(statSync(jpeg).size).toBeLessThanOrEqual(MAX_JPEG_BYTES);
  });
});
