/**
 * A Chromium performance profile of a page of the production build, as a phone would load it
 * (CPU 4× slower, Lighthouse's own mobile factor): the main thread's long tasks and, for the
 * time spent in them, the functions that ran (self time, grouped by script).
 *
 *   npx tsx scripts/bench/profile-page.ts [--page event|chat] [--runs 1] [--out /tmp/trace.json]
 * (the full trace, when --out is given, is written for Chrome DevTools' Performance panel)
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import puppeteer from "puppeteer-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../chromium";
import { supporterWithMessages } from "./lighthouse";
import { withDemoApp } from "./production-app";

const { values } = parseArgs({
  options: { page: { type: "string", default: "event" }, out: { type: "string", default: "" }, runs: { type: "string", default: "1" } },
  strict: true,
});

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: Record<string, unknown>;
  cat?: string;
};
type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; parent?: number };

const CPU_SLOWDOWN = 4;
/** A task longer than this blocks (the CPU is slowed down for real here, so Lighthouse's 50 ms applies as is). */
const LONG_TASK_MS = 50;

await withDemoApp(async ({ convexUrl, appUrl }) => {
  const { eventId, tokens } = await supporterWithMessages(convexUrl);
  const path = values.page === "chat" ? `/chat/${eventId}` : `/event/${eventId}`;
  const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, args: ["--headless=new", ...CHROMIUM_FLAGS] });
  try {
    for (let run = 0; run < Number(values.runs); run++) {
      const tab = await browser.newPage();
      await tab.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
      if (values.page === "chat") {
        await tab.goto(`${appUrl}/favicon.svg`);
        const suffix = convexUrl.replace(/[^a-zA-Z0-9]/g, "");
        await tab.evaluate(
          (entries: Record<string, string>) => {
            for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
          },
          { [`__convexAuthJWT_${suffix}`]: tokens.token, [`__convexAuthRefreshToken_${suffix}`]: tokens.refreshToken },
        );
      }
      const cdp = await tab.createCDPSession();
      await cdp.send("Network.clearBrowserCache");
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
      await tab.tracing.start({
        categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "disabled-by-default-v8.cpu_profiler"],
      });
      await tab.goto(`${appUrl}${path}`, { waitUntil: "networkidle0" });
      // Live updates and lazily loaded parts settle after the network goes quiet.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const trace = JSON.parse(new TextDecoder().decode(await tab.tracing.stop())) as { traceEvents: TraceEvent[] };
      if (values.out !== "") writeFileSync(values.out, JSON.stringify(trace));
      report(trace.traceEvents);
      await tab.close();
    }
  } finally {
    await browser.close();
  }
});

function report(events: TraceEvent[]): void {
  const start = events.find((event) => event.name === "TracingStartedInBrowser")?.ts ?? 0;
  // The page's renderer: of the renderer main threads (the browser has its own pages too), the busiest.
  const busiest = new Map<string, number>();
  for (const event of events) {
    if (event.name === "RunTask" && event.ph === "X")
      busiest.set(`${event.pid}:${event.tid}`, (busiest.get(`${event.pid}:${event.tid}`) ?? 0) + (event.dur ?? 0));
  }
  const mainThread = events
    .filter((event) => event.name === "thread_name" && event.args?.name === "CrRendererMain")
    .sort((a, b) => (busiest.get(`${b.pid}:${b.tid}`) ?? 0) - (busiest.get(`${a.pid}:${a.tid}`) ?? 0))[0];
  const onMain = events.filter((event) => event.tid === mainThread?.tid && event.pid === mainThread?.pid);
  const tasks = onMain.filter((event) => event.name === "RunTask" && event.ph === "X" && (event.dur ?? 0) / 1000 >= LONG_TASK_MS);
  const blocking = tasks.reduce((sum, task) => sum + Math.max(0, (task.dur ?? 0) / 1000 - LONG_TASK_MS), 0);
  console.log(`${tasks.length} long tasks (≥ ${LONG_TASK_MS} ms at ${CPU_SLOWDOWN}× slowdown), ${Math.round(blocking)} ms blocking in all`);
  for (const task of tasks) {
    const inside = onMain.filter(
      (event) => event.ts >= task.ts && event.ts < task.ts + (task.dur ?? 0) && event.ph === "X" && event !== task,
    );
    const names = inside
      .filter((event) => (event.dur ?? 0) > 2000)
      .map(
        (event) =>
          `${event.name}${event.args?.data && typeof event.args.data === "object" ? describe(event.args.data as Record<string, unknown>) : ""} ${((event.dur ?? 0) / 1000).toFixed(0)}ms`,
      )
      .slice(0, 8);
    console.log(`  at ${((task.ts - start) / 1000).toFixed(0)} ms: ${((task.dur ?? 0) / 1000).toFixed(1)} ms  ${names.join(" | ")}`);
  }
  selfTimes(events, mainThread?.pid, tasks);
}

function describe(data: Record<string, unknown>): string {
  const url = typeof data.url === "string" ? data.url.replace(/^https?:\/\/[^/]+/, "") : "";
  const fn = typeof data.functionName === "string" ? data.functionName : "";
  const type = typeof data.type === "string" ? data.type : "";
  const text = [type, fn, url].filter(Boolean).join(" ");
  return text === "" ? "" : `(${text})`;
}

/** The CPU profile's samples inside long tasks, by function (self time). */
function selfTimes(events: TraceEvent[], pid: number | undefined, tasks: TraceEvent[]): void {
  const nodes = new Map<number, ProfileNode>();
  const samples: { node: number; ts: number }[] = [];
  let ts = events.find((event) => event.name === "Profile" && event.pid === pid)?.ts ?? 0;
  for (const event of events) {
    if (event.name !== "ProfileChunk" || event.pid !== pid) continue;
    const data = (event.args?.data ?? {}) as { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] };
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const ids = data.cpuProfile?.samples ?? [];
    ids.forEach((id, index) => {
      ts += data.timeDeltas?.[index] ?? 0;
      samples.push({ node: id, ts });
    });
  }
  const inLong = (time: number) => tasks.some((task) => time >= task.ts && time < task.ts + (task.dur ?? 0));
  const byFunction = new Map<string, number>();
  const byScript = new Map<string, number>();
  for (let i = 1; i < samples.length; i++) {
    const sample = samples[i - 1]!;
    if (!inLong(sample.ts)) continue;
    const node = nodes.get(sample.node);
    if (node === undefined) continue;
    const us = samples[i]!.ts - sample.ts;
    const script = (node.callFrame.url ?? "").replace(/^https?:\/\/[^/]+/, "") || "(native)";
    const key = `${node.callFrame.functionName || "(anonymous)"} ${script}:${node.callFrame.lineNumber}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    byScript.set(script, (byScript.get(script) ?? 0) + us);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, us]) => `    ${(us / 1000).toFixed(1)} ms  ${key}`)
      .join("\n");
  console.log(`  inside long tasks, by script:\n${top(byScript, 8)}\n  by function (self):\n${top(byFunction, 20)}`);
}
