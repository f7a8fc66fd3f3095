import { CONCURRENT_SUPPORTS, type AckLatency } from "./ack-latency";
import { describeSpread } from "./ack-spread";
import { FIRST_LOAD_JS_TARGETS, ROUTES, type BundleSizes, type RouteWeight, type Weight } from "./bundle-size";
import { FILTERS, type FilterName } from "./dataset";
import { bytes, cost, count, ms } from "./format";
import type { FunctionCost } from "./function-cost";
import type { HotEvent } from "./hot-event";
import { hotEventRows } from "./hot-event-report";
import type { TicketRush } from "./ticket-rush";
import { ticketRushRows } from "./ticket-rush-report";
import { QUIET_GAP_MS, type LiveLatency } from "./latency";
import type { OwnBar } from "./own-bar";
import type { LighthouseResult } from "./lighthouse";
import type { PersistedSupport } from "./persisted-support";
import { pixDepositRows, type PixDeposit } from "./pix-deposit";
import { saveToBrowserRows, type SaveToBrowser } from "./save-to-browser";
import { startUpRows, type StartUp } from "./start-up";
import { PAGE_SIZE, type ListCost } from "./list-cost";
import type { NotificationCost } from "./notification-cost";
import type { SessionCheckCost } from "./session-check";
import type { SettlementCost } from "./settlement-cost";
import type { Row, Status } from "./table";
import { QUEUE_SETTLE_MS } from "../../convex/model/supportQueue";
// events:timeline: bounded whatever the number of supports, by the model's own limit.
import { MAX_TIMELINE_POINTS } from "../../convex/model/timeline";

/** The targets. */
const MAX_PAGE_DOCS = 2 * PAGE_SIZE;
const NAME_TARGET_EVENTS = 50_000;
const MAX_NAME_PAGE_DOCS = 500;
const MAX_SUPPORT_DOCS = 10;
const MAX_TIMELINE_DOCS = 2;
const LATENCY_TARGET_SUBSCRIBERS = 10;
/**
 * On a busy event a support shows on other pages once its event's queue worker applies it, and
 * the worker waits QUEUE_SETTLE_MS on purpose (so it never conflicts with supports still
 * committing: convex/model/supportQueue.ts). The latency targets are what the backend may add on
 * top. A quiet event's support is applied as it is taken: its target has no settle in it.
 */
const MAX_P95_MS = QUEUE_SETTLE_MS + 50;
const MAX_QUIET_P95_MS = 30;
/** The supporter's own click → bar moved: 0.1 s is the limit for "instant". */
const MAX_OWN_BAR_P95_MS = 100;
// Lighthouse, mobile, on every route: the median of its runs.
const MIN_PERFORMANCE = 95;
/** A quarter of a second frozen on a phone is felt; 0.1 s is the limit for "instant". */
const MAX_TBT_MS = 100;
const LIGHTHOUSE_TARGET = `median perf ≥ ${MIN_PERFORMANCE}, TBT ≤ ${MAX_TBT_MS} ms, others 100`;

/** A part that could not run (say, the local backend failed to start), with why. */
export type NotMeasured = { notMeasured: string };

export type Results = {
  listCosts: ListCost[];
  functionCosts: FunctionCost[];
  sessionCheck: SessionCheckCost | null;
  latency: LiveLatency | NotMeasured;
  ownBar: OwnBar | NotMeasured;
  settlement: SettlementCost | NotMeasured;
  ackLatency: AckLatency[] | NotMeasured;
  persistedSupport: PersistedSupport | NotMeasured;
  bundle: BundleSizes | NotMeasured;
  lighthouse: LighthouseResult[] | NotMeasured;
  hotEvent: HotEvent | NotMeasured;
  notifications: NotificationCost | NotMeasured;
  saveToBrowser: SaveToBrowser | NotMeasured;
  startUp: StartUp | NotMeasured;
  pixDeposit: PixDeposit | NotMeasured;
  ticketRush: TicketRush | NotMeasured;
};

const FILTER_LABELS: Record<FilterName, string> = {
  none: "no filter",
  category: `category "${FILTERS.category.args.category}"`,
  date: "30-day range",
  name: `name "${FILTERS.name.args.name}"`,
  city: `city "${FILTERS.city.args.city}"`,
  cityCategory: `city "${FILTERS.city.args.city}" + category "${FILTERS.category.args.category}"`,
  cityDate: `city "${FILTERS.city.args.city}" + 30-day range`,
  cityName: `city "${FILTERS.city.args.city}" + name "${FILTERS.name.args.name}"`,
};

/** One row per figure, with the target and PASS/FAIL where the issue sets one. */
export function reportRows(results: Results): Row[] {
  return [
    ...listRows(results.listCosts),
    ...functionRows(results.functionCosts),
    ...sessionCheckRows(results.sessionCheck),
    ...settlementRows(results.settlement),
    ...notificationRows(results.notifications),
    ...ownBarRows(results.ownBar),
    ...latencyRows(results.latency),
    ...ackLatencyRows(results.ackLatency),
    ...persistedSupportRows(results.persistedSupport),
    ...bundleRows(results.bundle),
    ...lighthouseRows(results.lighthouse),
    ...("notMeasured" in results.hotEvent
      ? [{ section: "hot" as const, measure: "hot event", result: `not measured: ${results.hotEvent.notMeasured}` }]
      : hotEventRows(results.hotEvent)),
    ...saveToBrowserRows(results.saveToBrowser),
    ...startUpRows(results.startUp),
    ...pixDepositRows(results.pixDeposit),
    ...ticketRushRows(results.ticketRush),
  ];
}

function listRows(costs: ListCost[]): Row[] {
  return costs.map((entry) => {
    const docs = entry.cost.documentsRead;
    const row: Row = {
      section: "list",
      measure: `${count(entry.events)} events, ${FILTER_LABELS[entry.filter]} (${count(entry.matches)} match)`,
      result: cost(entry.cost),
      original: cost(entry.original),
    };
    // A name search reads a counter per piece of the name, then its rows: its own target.
    if (!("name" in FILTERS[entry.filter].args)) return { ...row, target: `≤ ${MAX_PAGE_DOCS} docs`, status: check(docs <= MAX_PAGE_DOCS) };
    if (entry.events !== NAME_TARGET_EVENTS) return row;
    return { ...row, target: `≤ ${MAX_NAME_PAGE_DOCS} docs`, status: check(docs <= MAX_NAME_PAGE_DOCS) };
  });
}

function functionRows(costs: FunctionCost[]): Row[] {
  return costs.map(({ name, detail, cost: read, points, queued }) => {
    const row: Row = { section: "functions", measure: `${name}, ${detail}`, result: cost(read) };
    if (name === "events:timeline") {
      const ok = read.documentsRead <= MAX_TIMELINE_DOCS && (points ?? Infinity) <= MAX_TIMELINE_POINTS;
      return { ...row, target: `≤ ${MAX_TIMELINE_POINTS} points, ≤ ${MAX_TIMELINE_DOCS} docs`, status: check(ok) };
    }
    if (queued !== true) return row;
    return { ...row, target: `≤ ${MAX_SUPPORT_DOCS} docs`, status: check(read.documentsRead <= MAX_SUPPORT_DOCS) };
  });
}

/** The session check may add one document read (one indexed get) to a signed-in call, no more. */
const MAX_SESSION_CHECK_DOCS = 1;

function sessionCheckRows(sessionCheck: SessionCheckCost | null): Row[] {
  if (sessionCheck === null) return [];
  const { withCheck, withoutCheck } = sessionCheck;
  const extraDocs = withCheck.cost.documentsRead - withoutCheck.cost.documentsRead;
  const micros = (n: number) => `${n.toFixed(1)} µs`;
  return [
    {
      section: "functions",
      measure: "caller lookup of a signed-in call, with vs without the session check",
      // Medians of session-check.ts's SESSION_CHECK_CALLS calls.
      result:
        `${withCheck.cost.documentsRead} vs ${withoutCheck.cost.documentsRead} docs; ` +
        `${micros(withCheck.medianMicros)} vs ${micros(withoutCheck.medianMicros)} per call`,
      target: `+ ≤ ${MAX_SESSION_CHECK_DOCS} doc`,
      status: check(extraDocs <= MAX_SESSION_CHECK_DOCS),
    },
  ];
}

/** Convex's per-transaction read limit, which every settlement transaction must stay within. */
const MAX_TRANSACTION_DOCS = 32_000;
/** Convex's per-transaction write limit. */
const MAX_TRANSACTION_WRITES = 16_000;

function settlementRows(settlement: SettlementCost | NotMeasured): Row[] {
  const section = "batches";
  const measure = "settlement at the date: refund of 10,000 contributions (ticketed)";
  const target = `≤ ${count(MAX_TRANSACTION_DOCS)} docs each`;
  if ("notMeasured" in settlement) return [{ section, measure, result: `not measured: ${settlement.notMeasured}`, target }];
  const { transactions, totalMs, documentsRead, maxDocumentsReadPerTransaction, bytesRead } = settlement;
  return [
    {
      section,
      measure,
      result: `${count(transactions)} transactions, ${ms(totalMs)}; ${count(documentsRead)} docs (${bytes(bytesRead)}) read, ≤ ${count(maxDocumentsReadPerTransaction)} each`,
      target,
      status: check(maxDocumentsReadPerTransaction <= MAX_TRANSACTION_DOCS),
    },
  ];
}

/** The bell reads the caller's session and one small inbox document, whatever they were told. */
const MAX_UNREAD_COUNT_DOCS = 2;

function notificationRows(notifications: NotificationCost | NotMeasured): Row[] {
  const fanOut = "fan-out of a Novidade to 10,000 supporters";
  const bell = "notifications:unreadCount, one of 10,000 supporters told";
  const target = `≤ ${count(MAX_TRANSACTION_DOCS)} read, ≤ ${count(MAX_TRANSACTION_WRITES)} written each`;
  if ("notMeasured" in notifications) {
    return [
      { section: "batches", measure: fanOut, result: `not measured: ${notifications.notMeasured}`, target },
      {
        section: "functions",
        measure: bell,
        result: `not measured: ${notifications.notMeasured}`,
        target: `≤ ${MAX_UNREAD_COUNT_DOCS} docs`,
      },
    ];
  }
  const { transactions, totalMs, maxDocumentsReadPerTransaction: read, maxDocumentsWrittenPerTransaction: written } = notifications;
  return [
    {
      section: "batches",
      measure: fanOut,
      result: `${count(transactions)} transactions, ${(totalMs / 1000).toFixed(1)} s; ≤ ${count(read)} docs read, ≤ ${count(written)} written each`,
      target,
      status: check(read <= MAX_TRANSACTION_DOCS && written <= MAX_TRANSACTION_WRITES),
    },
    {
      section: "functions",
      measure: bell,
      result: cost(notifications.unreadCount),
      target: `≤ ${MAX_UNREAD_COUNT_DOCS} docs`,
      status: check(notifications.unreadCount.documentsRead <= MAX_UNREAD_COUNT_DOCS),
    },
  ];
}

function ownBarRows(ownBar: OwnBar | NotMeasured): Row[] {
  const measure = "click APOIE → own progress bar moved (Chromium, production build, local backend; optimistic update)";
  const target = `p95 ≤ ${MAX_OWN_BAR_P95_MS} ms`;
  if ("notMeasured" in ownBar) return [{ section: "live", measure, result: `not measured: ${ownBar.notMeasured}`, target }];
  return [
    {
      section: "live",
      measure,
      result: `p50 ${ms(ownBar.p50)}, p95 ${ms(ownBar.p95)}, p99 ${ms(ownBar.p99)} (${ownBar.samples} supports)`,
      target,
      status: check(ownBar.p95 <= MAX_OWN_BAR_P95_MS),
    },
  ];
}

function latencyRows(latency: LiveLatency | NotMeasured): Row[] {
  const quietMeasure = `quiet event (supports ${QUIET_GAP_MS} ms apart), support → another open page`;
  if ("notMeasured" in latency) {
    return [
      {
        section: "live",
        measure: "support → other client",
        result: `not measured: ${latency.notMeasured}`,
        target: latencyTarget(MAX_P95_MS),
      },
      { section: "live", measure: quietMeasure, result: `not measured: ${latency.notMeasured}`, target: `p95 ≤ ${MAX_QUIET_P95_MS} ms` },
    ];
  }
  const { quiet } = latency;
  return [
    ...latency.steady.map((entry) => {
      const row: Row = {
        section: "live",
        measure: `support → other client, ${entry.otherSubscribers} other ${entry.otherSubscribers === 1 ? "subscriber" : "subscribers"}`,
        result: `p50 ${ms(entry.p50)}, p95 ${ms(entry.p95)}, p99 ${ms(entry.p99)} (${entry.samples} supports)`,
      };
      if (entry.otherSubscribers !== LATENCY_TARGET_SUBSCRIBERS) return row;
      return { ...row, target: latencyTarget(MAX_P95_MS), status: check(entry.p95 < MAX_P95_MS) };
    }),
    {
      section: "live",
      measure: `${quietMeasure}, ${quiet.otherSubscribers} other subscribers`,
      result: `p50 ${ms(quiet.p50)}, p95 ${ms(quiet.p95)}, p99 ${ms(quiet.p99)} (${quiet.samples} supports)`,
      target: `p95 ≤ ${MAX_QUIET_P95_MS} ms`,
      status: check(quiet.p95 <= MAX_QUIET_P95_MS),
    },
  ];
}

function latencyTarget(maxP95Ms: number): string {
  return `p95 < ${maxP95Ms} ms (queue settle ${QUEUE_SETTLE_MS} + ${maxP95Ms - QUEUE_SETTLE_MS})`;
}

/** With a data folder, p99 within this factor of the in-memory p99. */
const MAX_ACK_P99_FACTOR = 2;
/**
 * Not bunched at the end: the last tenth of the storm holds at most this share of its
 * acknowledgements (the engine that starved Transitions put about 81 % there).
 */
const MAX_ACK_LAST_TENTH_PERCENT = 30;

function ackLatencyRows(latency: AckLatency[] | NotMeasured): Row[] {
  const measure = `acknowledgement, ${count(CONCURRENT_SUPPORTS)} concurrent supports`;
  const target = `data folder p99 ≤ ${MAX_ACK_P99_FACTOR}× in memory, last tenth ≤ ${MAX_ACK_LAST_TENTH_PERCENT} %`;
  if ("notMeasured" in latency) return [{ section: "live", measure, result: `not measured: ${latency.notMeasured}`, target }];
  const inMemory = latency.find((entry) => entry.storage === "in memory");
  return latency.map((entry) => {
    const row: Row = {
      section: "live",
      measure: `${measure}, ${entry.storage}`,
      result: `p50 ${ms(entry.p50)}, p95 ${ms(entry.p95)}, p99 ${ms(entry.p99)}; ${describeSpread(entry.spread)}`,
    };
    if (entry.storage !== "data folder" || inMemory === undefined) return row;
    const spreadOut = entry.spread.last <= MAX_ACK_LAST_TENTH_PERCENT;
    return { ...row, target, status: check(entry.p99 <= MAX_ACK_P99_FACTOR * inMemory.p99 && spreadOut) };
  });
}

/** The largest catalogue's support p95 within this factor of the smallest's. */
const MAX_SUPPORT_P95_FACTOR = 1.5;
/** Each of the 500 pages' supports is its event's first: a quiet event's, applied as it is taken. */
const MAX_PAGE_UPDATE_P95_MS = MAX_QUIET_P95_MS;

function persistedSupportRows(persisted: PersistedSupport | NotMeasured): Row[] {
  const measure = "support → event page, data folder";
  if ("notMeasured" in persisted) return [{ section: "live", measure, result: `not measured: ${persisted.notMeasured}` }];
  const smallest = persisted.support[0];
  const rows: Row[] = persisted.support.map((entry) => {
    const row: Row = {
      section: "live",
      measure: `${measure}, ${count(entry.events)} events`,
      result: `p50 ${ms(entry.p50)}, p95 ${ms(entry.p95)}, p99 ${ms(entry.p99)} (${entry.samples} supports)`,
    };
    if (smallest === undefined || entry === smallest) return row;
    return {
      ...row,
      target: `p95 ≤ ${MAX_SUPPORT_P95_FACTOR}× the ${count(smallest.events)} figure`,
      status: check(entry.p95 <= MAX_SUPPORT_P95_FACTOR * smallest.p95),
    };
  });
  const pages = persisted.pages;
  if (pages === null) return rows;
  const sessions = `${count(pages.sessions)} sessions on ${count(pages.sessions)} event pages`;
  return [
    ...rows,
    {
      section: "live",
      measure: `support → its event page, ${sessions}`,
      result: `p50 ${ms(pages.p50)}, p95 ${ms(pages.p95)}, p99 ${ms(pages.p99)} (${pages.samples} supports)`,
      target: `p95 ≤ ${MAX_PAGE_UPDATE_P95_MS} ms (quiet events)`,
      status: check(pages.p95 <= MAX_PAGE_UPDATE_P95_MS),
    },
    {
      section: "live",
      measure: `query functions re-run per commit, ${sessions} (${count(pages.subscribedQueries)} subscriptions)`,
      result: `mean ${pages.queryRunsPerCommit.mean.toFixed(1)}, max ${pages.queryRunsPerCommit.max}`,
      target: "only the supported page's",
      // The supported page subscribes to 5 queries; fewer re-run (the signed-out ones read nothing a support writes).
      status: check(pages.queryRunsPerCommit.max <= pages.subscribedQueries / pages.sessions),
    },
  ];
}

function bundleRows(bundle: BundleSizes | NotMeasured): Row[] {
  const target = (route: (typeof ROUTES)[number]) => `JS ≤ ${bytes(FIRST_LOAD_JS_TARGETS[route])}`;
  if ("notMeasured" in bundle)
    return ROUTES.map((route) => ({
      section: "weight",
      measure: `first load of ${route}`,
      result: `not measured: ${bundle.notMeasured}`,
      target: target(route),
    }));
  const weight = ({ js, css }: Weight) => `JS ${bytes(js)}, CSS ${bytes(css)}`;
  const routeWeight = (route: RouteWeight) =>
    `${weight(route)} (JS: ${bytes(route.js - route.screenJs)} entry + ${bytes(route.screenJs)} screen)`;
  return [
    ...ROUTES.map((route): Row => ({
      section: "weight",
      measure: `first load of ${route}`,
      result: routeWeight(bundle.routes[route]),
      target: target(route),
      status: check(bundle.routes[route].js <= FIRST_LOAD_JS_TARGETS[route]),
    })),
    {
      section: "weight",
      measure: "/event/:id with Evolução dos apoios (first load + chart chunk)",
      result: `${weight(bundle.eventWithChart)} (chart chunk: JS ${bytes(bundle.eventWithChart.chartJs)})`,
    },
    { section: "weight", measure: "whole build", result: weight(bundle.total) },
  ];
}

function lighthouseRows(lighthouse: LighthouseResult[] | NotMeasured): Row[] {
  if ("notMeasured" in lighthouse) {
    return [{ section: "lighthouse", measure: "every page", result: `not measured: ${lighthouse.notMeasured}`, target: LIGHTHOUSE_TARGET }];
  }
  return lighthouse.map(({ route, scores, lcpMs, tbtMs, cls, perRun }) => ({
    section: "lighthouse",
    measure: route,
    // The host's benchmarkIndex and what held the main thread are in bench/results.json.
    result:
      `median of ${perRun.length}: perf ${scores.performance} (${perRun.map((run) => run.performance).join(", ")}), ` +
      `TBT ${Math.round(tbtMs)} ms (${perRun.map((run) => run.tbtMs).join(", ")}), LCP ${(lcpMs / 1000).toFixed(1)} s, CLS ${cls.toFixed(3)}; ` +
      `a11y ${scores.accessibility}, best practices ${scores["best-practices"]}, SEO ${scores.seo}`,
    target: LIGHTHOUSE_TARGET,
    status: check(
      scores.performance >= MIN_PERFORMANCE &&
        tbtMs <= MAX_TBT_MS &&
        scores.accessibility === 100 &&
        scores["best-practices"] === 100 &&
        scores.seo === 100,
    ),
  }));
}

const check = (ok: boolean): Status => (ok ? "PASS" : "FAIL");
