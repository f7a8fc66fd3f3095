import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
// Our own output folder, so the bench never overwrites a dist/ someone is serving.
const OUT_DIR = join(ROOT, "node_modules", ".bench-dist");
const VITE = join(ROOT, "node_modules", "vite", "bin", "vite.js");

/**
 * The lazily loaded screen each route renders first (see src/app/router.tsx). The browser
 * fetches it right after the entry, so it counts towards what the route loads first.
 */
const ROUTE_MODULES = {
  "/": "src/app/routes/home.tsx",
  "/event/:id": "src/app/routes/event.tsx",
  "/chat/:id": "src/app/routes/chat.tsx",
} as const;

/**
 * The most JavaScript (gzip) each route may load first; `npm test` fails above it
 * (bundle-size.test.ts). react + react-dom + convex + Convex Auth + react-router-dom alone weigh
 * ~103 kB, and the entry adds the app's shell (header, router, sign-in). Each target leaves a few
 * kB for ordinary growth (the shared Portuguese texts and rules grow with every feature) and still
 * fails on a heavy import reaching a first load (a library such as the QR scanner adds ~100 kB).
 */
export const FIRST_LOAD_JS_TARGETS: Record<Route, number> = {
  "/": 122_000,
  "/event/:id": 140_000,
  "/chat/:id": 125_000,
};

/** "Evolução dos apoios": its own chunk, loaded when the chart nears the screen. */
const EVENT_CHART_MODULE = "src/features/events/timeline/support-timeline-chart.tsx";

export type Route = keyof typeof ROUTE_MODULES;
/** Every route whose first load is weighed, in the order the report lists them. */
export const ROUTES = Object.keys(ROUTE_MODULES) as Route[];
export type Weight = { js: number; css: number };
/** A route's first load, and how much of its JS is the lazily loaded screen chunk. */
export type RouteWeight = Weight & { screenJs: number };
/** `eventWithChart`: /event/:id's first load plus the chart's chunk, as a visitor who scrolls loads. */
export type BundleSizes = { routes: Record<Route, RouteWeight>; eventWithChart: RouteWeight & { chartJs: number }; total: Weight };

type ManifestChunk = { file: string; css?: string[]; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** Builds the app for production and weighs, gzipped, what each route loads first and the whole build. */
export function measureBundle(): BundleSizes {
  const build = spawnSync(process.execPath, [VITE, "build", "--manifest", "--outDir", OUT_DIR, "--emptyOutDir", "--logLevel", "warn"], {
    cwd: ROOT,
    // Any address will do; without one the build drops the app for the setup notice. Under
    // Vitest NODE_ENV is "test", which would build React's development version.
    env: { ...process.env, VITE_CONVEX_URL: "http://127.0.0.1:3210", NODE_ENV: "production" },
    encoding: "utf8",
  });
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}${build.stderr}`);

  const manifest = JSON.parse(readFileSync(join(OUT_DIR, ".vite", "manifest.json"), "utf8")) as Manifest;
  const html = readFileSync(join(OUT_DIR, "index.html"), "utf8");
  const routes = Object.fromEntries(
    Object.entries(ROUTE_MODULES).map(([route, module]) => {
      const { page, screen } = firstLoad(html, manifest, module);
      return [route, { ...weigh(new Set([...page, ...screen])), screenJs: weigh(screen).js }];
    }),
  ) as Record<Route, RouteWeight>;
  const event = firstLoad(html, manifest, ROUTE_MODULES["/event/:id"]);
  const chart = chunkWithImports(manifest, EVENT_CHART_MODULE, new Set([...event.page, ...event.screen]));
  if (chart.size === 0) throw new Error(`${EVENT_CHART_MODULE} is not a chunk of its own`);
  const eventWithChart = {
    ...weigh(new Set([...event.page, ...event.screen, ...chart])),
    screenJs: weigh(event.screen).js,
    chartJs: weigh(chart).js,
  };
  return { routes, eventWithChart, total: weigh(allAssets()) };
}

/**
 * The files a route needs before it shows anything: what index.html references (entry
 * script, its preloaded imports, stylesheets) plus the route's own chunk with its static
 * imports and CSS. A screen bundled into the entry has no chunk of its own and adds nothing.
 */
function firstLoad(html: string, manifest: Manifest, routeModule: string): { page: Set<string>; screen: Set<string> } {
  const page = new Set<string>();
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/([^"]+\.(?:js|css))"/g)) {
    if (match[1]) page.add(match[1]);
  }
  return { page, screen: chunkWithImports(manifest, routeModule, page) };
}

/** A module's chunk with its CSS and static imports, minus files already `loaded`. */
function chunkWithImports(manifest: Manifest, module: string, loaded: Set<string>): Set<string> {
  const files = new Set<string>();
  const addChunk = (key: string) => {
    const chunk = manifest[key];
    if (chunk === undefined || loaded.has(chunk.file) || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) addChunk(imported);
  };
  addChunk(module);
  return files;
}

function allAssets(): Set<string> {
  const assets = readdirSync(join(OUT_DIR, "assets")).filter((file) => /\.(js|css)$/.test(file));
  return new Set(assets.map((file) => `assets/${file}`));
}

/** Gzipped bytes at zlib's default level, about what a static host serves. */
function weigh(files: Set<string>): Weight {
  const weight: Weight = { js: 0, css: 0 };
  for (const file of files) {
    const size = gzipSync(readFileSync(join(OUT_DIR, file))).length;
    if (file.endsWith(".css")) weight.css += size;
    else weight.js += size;
  }
  return weight;
}
