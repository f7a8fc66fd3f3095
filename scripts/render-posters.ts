/**
 * `npx tsx scripts/render-posters.ts`: renders each demo poster (public/images/events/*.svg)
 * to a JPEG beside it. The app shows the SVG; link previews need the JPEG, because WhatsApp
 * and Facebook draw no SVG (see convex/model/shared/eventPreview.ts). Run it after changing
 * or adding a poster, and commit both files.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium";

const POSTERS = fileURLToPath(new URL("../public/images/events/", import.meta.url));
/** Good enough for a phone-sized preview, small enough (about 30 kB) for a crawler to fetch quickly. */
const QUALITY = 80;

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  for (const file of readdirSync(POSTERS).filter((name) => name.endsWith(".svg"))) {
    const svg = readFileSync(join(POSTERS, file), "utf8");
    const [, width, height] = /viewBox="0 0 (\d+) (\d+)"/.exec(svg) ?? [];
    if (width === undefined || height === undefined) throw new Error(`${file}: no viewBox "0 0 <width> <height>"`);
    const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
    await page.setContent(`<style>html,body{margin:0}svg{display:block;width:100vw;height:100vh}</style>${svg}`);
    const jpeg = join(POSTERS, file.replace(/\.svg$/, ".jpg"));
    writeFileSync(jpeg, await page.screenshot({ type: "jpeg", quality: QUALITY }));
    await page.close();
    process.stdout.write(`${jpeg}: ${statSync(jpeg).size} bytes\n`);
  }
} finally {
  await browser.close();
}
