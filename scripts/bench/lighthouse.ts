import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ConvexHttpClient } from "convex/browser";
import lighthouse from "lighthouse";
import puppeteer, { type Browser } from "puppeteer-core";
import { api } from "../../convex/_generated/api";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../chromium";
import { withDemoApp } from "./production-app";

const CHROME = CHROMIUM_PATH;
const CHROME_ARGS = ["--headless=new", ...CHROMIUM_FLAGS];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];

export type LighthouseResult = {
  route: string;
  path: string;
  runs: number;
  /** Runs on a host too slow by Lighthouse's own measure; they count only if no run was faster. */
  slowHostRuns: number;
  /** Lighthouse's measure of the host's speed during the kept run (it warns below 1000). */
  benchmarkIndex: number;
  /** Scores 0–100 of the median run (by performance score). */
  scores: Record<Category, number>;
  /** The median of the kept runs, each figure on its own (so one odd run moves none of them). */
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Every kept run's performance score and total blocking time, in run order. */
  perRun: { performance: number; tbtMs: number }[];
  /** Audits below full marks in the categories that count, to say what to fix. */
  failing: string[];
  /** What held the main thread in the median run: the scripts costing most (bootup-time) and the work by kind. */
  mainThread: {
    totalMs: number;
    scripts: { url: string; scriptingMs: number; parseMs: number }[];
    byKind: Record<string, number>;
    /** The longest tasks (as Lighthouse simulates them on a phone), with the script it blames. */
    longTasks: { url: string; startMs: number; durationMs: number }[];
  };
};

type Page = { route: string; path: string; signedIn: boolean };

/**
 * Lighthouse (mobile form factor, its default simulated throttling) on a production build
 * served by `vite preview`, against the local backend with its demo data. Each page is run
 * `runs` times, in rounds over all pages so a burst of load on the shared machine hits every
 * page alike, and the median run by performance score is kept, as Lighthouse advises for
 * noisy machines. Runs on a host Lighthouse itself calls too slow for reliable performance
 * figures (benchmarkIndex below SLOW_HOST) count only if no run was faster. The chat is measured twice: signed out (what a visitor following a link
 * sees) and as a signed-in supporter with messages (the chat itself).
 */
export async function measureLighthouse(runs = 3): Promise<LighthouseResult[]> {
  return withDemoApp(async ({ convexUrl, appUrl }) => {
    const { eventId, tokens } = await supporterWithMessages(convexUrl);
    const pages: Page[] = [
      { route: "/", path: "/", signedIn: false },
      { route: "/event/:id", path: `/event/${eventId}`, signedIn: false },
      { route: "/chat/:id, signed out", path: `/chat/${eventId}`, signedIn: false },
      { route: "/chat/:id, supporter", path: `/chat/${eventId}`, signedIn: true },
    ];
    const browser = await puppeteer.launch({ executablePath: CHROME, args: CHROME_ARGS });
    try {
      const reports: Report[][] = pages.map(() => []);
      for (let run = 0; run < runs; run++) {
        for (const [index, page] of pages.entries()) {
          reports[index]?.push(await audit(browser, appUrl, page, page.signedIn ? { convexUrl, ...tokens } : null));
        }
      }
      return pages.map((page, index) => summarize(page, reports[index] ?? []));
    } finally {
      await browser.close();
    }
  });
}

type Tokens = { token: string; refreshToken: string };
type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

/** The first event on the home page still open for support, and a supporter of it who has written in its chat. */
export async function supporterWithMessages(convexUrl: string): Promise<{ eventId: string; tokens: Tokens }> {
  const client = new ConvexHttpClient(convexUrl);
  const { page } = await client.query(api.events.list, { paginationOpts: { numItems: 24, cursor: null } });
  // Demo data starts with events already past their date (settled): pick one still open.
  const now = Date.now();
  const event = page.find((c) => c.status !== "Concluído" && c.settlement === null && c.startsAt > now);
  if (!event) throw new Error("the demo data has no event open for support");
  const result = await client.action(api.auth.signIn, {
    provider: "local",
    params: { name: "Bia Lighthouse", email: "bia@bench.example" },
  });
  const tokens = result.tokens;
  if (!tokens?.token || !tokens.refreshToken) throw new Error("local sign-in returned no tokens");
  client.setAuth(tokens.token);
  const detail = await client.query(api.events.get, { id: event._id });
  await client.mutation(api.supports.support, { eventId: event._id, amountCents: detail?.minSupportCents ?? 500 });
  // A support is applied by the event's queue a moment later; the chat opens to supporters only.
  await waitFor(async () => (await client.query(api.supports.mine, { eventId: event._id })).supported, "the support to be applied");
  for (const body of ["Oi, gente! Alguém vai de bicicleta?", "Eu vou! Saio do centro às 7h.", "Levo água para quem precisar."]) {
    await client.mutation(api.chat.send, { eventId: event._id, body });
  }
  return { eventId: event._id, tokens: { token: tokens.token, refreshToken: tokens.refreshToken } };
}

/** Polls `check` until it holds, for at most ten seconds. */
async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One Lighthouse run in a fresh tab; a signed-in run first stores the session as Convex Auth does. */
async function audit(browser: Browser, origin: string, page: Page, session: ({ convexUrl: string } & Tokens) | null): Promise<Report> {
  const tab = await browser.newPage();
  try {
    if (session) {
      // Any static file of the origin will do: localStorage belongs to the origin.
      await tab.goto(`${origin}/favicon.svg`);
      // Convex Auth keeps its tokens under keys suffixed with the deployment address, alphanumerics only.
      const suffix = session.convexUrl.replace(/[^a-zA-Z0-9]/g, "");
      await tab.evaluate(
        (entries: Record<string, string>) => {
          for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
        },
        { [`__convexAuthJWT_${suffix}`]: session.token, [`__convexAuthRefreshToken_${suffix}`]: session.refreshToken },
      );
    }
    // Lighthouse keeps the HTTP cache too when told to keep storage: empty it, so the
    // supporter's page loads cold like the others.
    if (session) await (await tab.createCDPSession()).send("Network.clearBrowserCache");
    const result = await lighthouse(
      `${origin}${page.path}`,
      { onlyCategories: [...CATEGORIES], formFactor: "mobile", disableStorageReset: session !== null, logLevel: "error" },
      undefined,
      tab,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
    saveReport(page, result.lhr);
    return result.lhr;
  } finally {
    await tab.close();
  }
}

/**
 * With BENCH_LIGHTHOUSE_REPORTS=<folder>, every run's full report is written there as JSON (open
 * it in Lighthouse's viewer to see each long task and what it ran).
 */
function saveReport(page: Page, report: Report): void {
  const folder = process.env.BENCH_LIGHTHOUSE_REPORTS;
  if (folder === undefined || folder === "") return;
  mkdirSync(folder, { recursive: true });
  const name = `${page.route.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home"}-${Date.now()}.json`;
  writeFileSync(join(folder, name), JSON.stringify(report));
}

/** Lighthouse warns that performance figures are unreliable on a host benchmarking below this. */
const SLOW_HOST = 1000;

function median(reports: Report[]): Report {
  const fastEnough = reports.filter((report) => report.environment.benchmarkIndex >= SLOW_HOST);
  const sorted = [...(fastEnough.length > 0 ? fastEnough : reports)].sort(
    (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
  );
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error("no Lighthouse runs");
  return middle;
}

/** The middle value (the lower middle of an even count). */
function middleOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

type Item = Record<string, unknown>;
const itemsOf = (report: Report, id: string): Item[] => {
  const details = report.audits[id]?.details as { items?: Item[] } | undefined;
  return details?.items ?? [];
};

/** Lighthouse's bootup-time and mainthread-work-breakdown audits, trimmed to what says where the time went. */
function mainThreadOf(report: Report): LighthouseResult["mainThread"] {
  const byKind = Object.fromEntries(
    itemsOf(report, "mainthread-work-breakdown").map((item) => [String(item.groupLabel ?? item.group), Math.round(Number(item.duration))]),
  );
  const scripts = itemsOf(report, "bootup-time")
    .slice(0, 6)
    .map((item) => ({
      url: String(item.url).replace(/^https?:\/\/[^/]+/, ""),
      scriptingMs: Math.round(Number(item.scripting)),
      parseMs: Math.round(Number(item.scriptParseCompile)),
    }));
  const longTasks = itemsOf(report, "long-tasks")
    .slice(0, 6)
    .map((item) => ({
      url: String(item.url).replace(/^https?:\/\/[^/]+/, ""),
      startMs: Math.round(Number(item.startTime)),
      durationMs: Math.round(Number(item.duration)),
    }));
  return { totalMs: Math.round(report.audits["mainthread-work-breakdown"]?.numericValue ?? Number.NaN), scripts, byKind, longTasks };
}

function summarize(page: Page, reports: Report[]): LighthouseResult {
  const report = median(reports);
  const fastEnough = reports.filter((run) => run.environment.benchmarkIndex >= SLOW_HOST);
  const kept = fastEnough.length > 0 ? fastEnough : reports;
  const medianOf = (id: string) => middleOf(kept.map((run) => run.audits[id]?.numericValue ?? Number.NaN));
  const score = (category: Category) => Math.round((report.categories[category]?.score ?? 0) * 100);
  const failing = CATEGORIES.flatMap((category) =>
    (report.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (report.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${category}: ${ref.id} (${report.audits[ref.id]?.displayValue ?? report.audits[ref.id]?.score})`),
  );
  return {
    route: page.route,
    path: page.path,
    runs: reports.length,
    slowHostRuns: reports.filter((run) => run.environment.benchmarkIndex < SLOW_HOST).length,
    benchmarkIndex: Math.round(report.environment.benchmarkIndex),
    scores: Object.fromEntries(CATEGORIES.map((category) => [category, score(category)])) as Record<Category, number>,
    lcpMs: medianOf("largest-contentful-paint"),
    tbtMs: medianOf("total-blocking-time"),
    cls: medianOf("cumulative-layout-shift"),
    perRun: kept.map((run) => ({
      performance: Math.round((run.categories.performance?.score ?? 0) * 100),
      tbtMs: Math.round(run.audits["total-blocking-time"]?.numericValue ?? Number.NaN),
    })),
    failing,
    mainThread: mainThreadOf(report),
  };
}
