/**
 * A big on-sale through the `Sala de espera`: `buyers` accounts sign in and join the room before
 * the opening, the sale opens (the draw in scheduled batches), everyone is let in at the room's
 * ceiling, and each buys one ticket of `capacity`, 50 in flight. 50 open pages of signed-in
 * buyers watch the room (`waitingRoom:status` and their own `waitingRoom:mine`). The backend runs
 * in its own process. Measured: how long the joins took, tickets issued (exactly `capacity`),
 * purchases decided per second (first purchase sent to the last one decided) and tickets sold
 * per second (to the last ticket issued), how long a counter change takes to reach the watching
 * pages (the step's own time, written with it, to the page's update), the CPU time a join and a
 * purchase cost the backend and the bench's own clients (process-meter.ts: CPU time does not
 * stretch with the machine's load as wall time does), the backend's memory (RSS, and its live
 * heap after a full collection) as the room reaches each size in `milestones`, the outflow's and
 * the draw's steps with the most documents one read, and (room-cost.ts) the documents a step and
 * a waiting page read in rooms of each milestone's size.
 *
 * Signing in (the backend signs a token per buyer) and opening clients are what a buyer's
 * browser does before it joins, so they happen before the joining clock starts.
 */
import fs from "node:fs";
import { ConvexHttpClient } from "convex/browser";
import { api } from "../../convex/_generated/api";
import { eventInput } from "../../test-kit/event-input";
import { localSignInToken } from "../../test-kit/local-sign-in";
import { followFunctionLog, type FunctionReads } from "./function-log";
import { inParallel } from "./hot-event";
import { openClient, percentiles, signIn } from "./latency";
import { startLocalBackendProcess } from "./local-backend-process";
import { measureRoomCost, type RoomCost } from "./room-cost";
import { collectLimitReports } from "./limit-shares";
import { heapMeterEnv, liveHeapMb, ownCpuSeconds, processCpuSeconds, rssMb } from "./process-meter";
import { transactionLimit } from "../../local-backend/index.ts";

export const ON_SALE_BUYERS = 20_000;
export const ON_SALE_CAPACITY = 5_000;
export const ON_SALE_MILESTONES = [2_000, 10_000, 20_000];
const WATCHERS = 50;
const IN_FLIGHT = 50;
const PARALLEL_SIGN_INS = 16;
const DOCUMENTS_READ_LIMIT = transactionLimit("documentsRead").limit;

/** Scheduled steps of one kind in a run: how many, and the most documents one read. */
export type StepReads = { runs: number; maxDocumentsRead: number };

/** CPU milliseconds per operation: the backend process's, and the bench's own clients'. */
export type CpuShare = { backend: number; clients: number };

export type OnSale = {
  buyers: number;
  capacity: number;
  joinSeconds: number;
  issued: number;
  decidedPerSecond: number;
  /** Tickets issued per second, from the first purchase sent to the last ticket issued (absent in older runs). */
  soldPerSecond?: number;
  placeUpdate: { p50: number; p95: number; samples: number };
  /** Backend RSS in MB when the room held each milestone's entries, and its live heap after a full collection. */
  memoryMb: { entries: number; rssMb: number; heapMb?: number }[];
  /** CPU per join, and per purchase decided (its queue's decision and the outflow included); absent in older runs. */
  cpuMs?: { join: CpuShare; purchase: CpuShare };
  /**
   * From the opening on: how many outflow steps and draw steps ran (the backend's function log),
   * and the most documents one of them read (its limit meter; the log shows no figures for scheduled jobs).
   */
  tick: StepReads;
  draw: StepReads;
  /** What a step and a waiting page read, in rooms of each milestone's size (room-cost.ts). */
  roomCost: RoomCost[];
};

/**
 * A call whose connection failed (`fetch failed`: a socket reset on the loaded machine) is sent
 * again, as a browser's Convex client resends after reconnecting; a refusal is an answer and is
 * not. A resent join that had committed is refused as already in the room, which counts as joined.
 */
async function retryLostCall<T>(call: () => Promise<T>): Promise<T | null> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      const lost = error instanceof TypeError && error.message === "fetch failed";
      if (lost && attempt < 3) continue;
      if (attempt > 1 && (error as { data?: { code?: string } }).data?.code === "ALREADY_IN_ROOM") return null;
      throw error;
    }
  }
}

/** CPU time of the backend and of this process from now on, per operation counted at `per`. */
function cpuMeter(pid: number) {
  const [backend, clients] = [processCpuSeconds(pid), ownCpuSeconds()];
  return (operations: number): CpuShare => ({
    backend: Math.round((100_000 * (processCpuSeconds(pid) - backend)) / operations) / 100,
    clients: Math.round((100_000 * (ownCpuSeconds() - clients)) / operations) / 100,
  });
}

async function signedIn(url: string, n: number): Promise<ConvexHttpClient> {
  const client = new ConvexHttpClient(url, { logger: false });
  client.setAuth(await localSignInToken(client, `Comprador ${n}`, `comprador-${n}@bench.example`));
  return client;
}

/**
 * Pages of buyers in the room (the first WATCHERS, signed in, each with the room and its own
 * place, as the event page subscribes): each update of the counter, timed from the step that
 * moved it (server time, same machine).
 */
async function watchRoom(url: string, eventId: string) {
  const samples: number[] = [];
  const clients = Array.from({ length: WATCHERS }, () => openClient(url));
  await Promise.all(clients.map((client, i) => signIn(client, `Comprador ${i + 1}`, `comprador-${i + 1}@bench.example`)));
  for (const client of clients) {
    client.onUpdate(api.waitingRoom.status, { eventId }, (room) => {
      if (room?.status === "open" && room.movedAt !== null) samples.push(Date.now() - room.movedAt);
    });
    client.onUpdate(api.waitingRoom.mine, { eventId }, () => {});
  }
  return { samples, close: () => Promise.all(clients.map((client) => client.close())) };
}

type Run = {
  log: (message: string) => void;
  url: string;
  adminKey: string;
  pid: number;
  heapFile: string;
  buyers: number;
  capacity: number;
};

/** `buyers` other than ON_SALE_BUYERS only for a quick try of the bench itself. */
export async function measureOnSale(log: (message: string) => void = () => {}, buyers = ON_SALE_BUYERS): Promise<OnSale> {
  const heap = heapMeterEnv();
  // The heap meter's preload goes to the process, not to the deployment's variables.
  const backend = await startLocalBackendProcess({ startTimeoutMs: 120_000, processEnv: heap.env });
  let sale: Omit<OnSale, "roomCost" | "tick" | "draw">;
  let runs: Map<string, FunctionReads>;
  try {
    const capacity = Math.round((buyers * ON_SALE_CAPACITY) / ON_SALE_BUYERS);
    const run = { log, url: backend.url, adminKey: backend.adminKey, pid: backend.pid, heapFile: heap.file, buyers, capacity };
    ({ runs, ...sale } = await onSaleRun(run));
  } finally {
    await backend.stopped();
  }
  // The backend's meter, written as it exited, before this process's own convex-test runs below add theirs.
  const { peaks } = collectLimitReports();
  const stepReads = (names: string[]): StepReads => ({
    runs: names.reduce((sum, name) => sum + (runs.get(name)?.runs ?? 0), 0),
    maxDocumentsRead: Math.max(0, ...names.map((name) => Math.round((peaks[name]?.documentsRead ?? 0) * DOCUMENTS_READ_LIMIT))),
  });
  log("on-sale: documents read by room size");
  const roomCost: RoomCost[] = [];
  await withNodeCloseSync(async () => {
    for (const entries of ON_SALE_MILESTONES) roomCost.push(await measureRoomCost(entries));
  });
  return {
    ...sale,
    tick: stepReads(["waitingRoom:tick"]),
    draw: stepReads(["waitingRoom:open", "waitingRoom:drawKeys", "waitingRoom:drawPlaces"]),
    roomCost,
  };
}

/**
 * The room's costs with `fs.closeSync` as Node has it. Other bench parts load playwright-core,
 * whose graceful-fs wraps it with a retry that calls `clearTimeout`; the rate limiter's module is
 * first read inside a transaction of these runs (the on-sale itself ran in the backend's
 * process), and convex-test refuses `clearTimeout` there: the part failed after a 20,000-buyer run.
 */
async function withNodeCloseSync<T>(work: () => Promise<T>): Promise<T> {
  const patched = fs.closeSync;
  const original: unknown = Reflect.get(patched, Symbol.for("graceful-fs.previous"));
  if (typeof original === "function") fs.closeSync = original as typeof fs.closeSync;
  try {
    return await work();
  } finally {
    fs.closeSync = patched;
  }
}

type RunResult = Omit<OnSale, "roomCost" | "tick" | "draw"> & { runs: Map<string, FunctionReads> };

/**
 * Every buyer joins, 50 in flight; at each milestone the backend's RSS and live heap (the
 * collection pauses the backend for a moment, inside the joining clock).
 */
async function joinAll({ pid, heapFile }: Run, buyers: ConvexHttpClient[], eventId: string) {
  const memoryMb: OnSale["memoryMb"] = [];
  let joined = 0;
  const cpu = cpuMeter(pid);
  const joinStart = performance.now();
  await inParallel(buyers.length, IN_FLIGHT, async (i) => {
    await retryLostCall(() => buyers[i]!.mutation(api.waitingRoom.join, { eventId }));
    joined += 1;
    if (ON_SALE_MILESTONES.includes(joined)) memoryMb.push({ entries: joined, rssMb: rssMb(pid), heapMb: await liveHeapMb(pid, heapFile) });
  });
  return { joinSeconds: (performance.now() - joinStart) / 1000, cpu: cpu(buyers.length), memoryMb };
}

async function onSaleRun(run: Run): Promise<RunResult> {
  const { log, url, adminKey, pid, buyers: count, capacity } = run;
  const organizer = await signedIn(url, 0);
  const eventId = await organizer.mutation(api.events.create, {
    ...eventInput({ name: "Grande estreia", category: "Tecnologia", isTicketed: true, goalCents: 100_000_000 }),
    ticketTypes: [{ name: "Pista", quantity: capacity, meiaQuantity: 0, lotes: [{ priceCents: 100 }] }],
  });
  const [type] = await organizer.query(api.ticketTypes.forEvent, { eventId });
  await organizer.mutation(api.waitingRoom.configure, { eventId, opensAt: Date.now() + 6 * 3_600_000, perMinute: 60_000 });
  log(`on-sale: ${count} buyers sign in`);
  const buyers = await inParallel(count, PARALLEL_SIGN_INS, (i) => signedIn(url, i + 1));
  log(`on-sale: ${count} buyers join`);
  const joins = await joinAll(run, buyers, eventId);

  const watch = await watchRoom(url, eventId);
  const functionLog = followFunctionLog(url, adminKey);
  await organizer.mutation(api.waitingRoom.configure, { eventId, opensAt: Date.now() + 1_000, perMinute: 60_000 });
  log("on-sale: the draw and the outflow");
  const purchase = { eventId, typeId: type!._id, loteIndex: 0, unitPriceCents: 100, units: 1, meia: false };
  const sale = await buyAsLetIn({ organizer, buyers, eventId, purchase, capacity, pid });
  const [after] = await organizer.query(api.ticketTypes.forEvent, { eventId });
  await watch.close();
  const runs = functionLog.readsSince();
  functionLog.stop();
  const late = percentiles(watch.samples);
  return {
    buyers: count,
    capacity,
    joinSeconds: joins.joinSeconds,
    issued: after!.sales.inteiraSold,
    decidedPerSecond: sale.decidedPerSecond,
    soldPerSecond: sale.soldPerSecond,
    placeUpdate: { p50: late.p50, p95: late.p95, samples: watch.samples.length },
    memoryMb: joins.memoryMb,
    cpuMs: { join: joins.cpu, purchase: sale.cpu },
    runs,
  };
}

type Purchase = { eventId: string; typeId: string; loteIndex: number; unitPriceCents: number; units: number; meia: boolean };
type Sale = { organizer: ConvexHttpClient; buyers: ConvexHttpClient[]; eventId: string; purchase: Purchase; capacity: number; pid: number };

/** How long a count has to stand still for the queue to count as done (it moves several times a second while it works). */
const SETTLED_MS = 2_000;
const POLL_MS = 100;

/**
 * Follows the tickets sold (as the organizer's page would), from the first purchase on: when the
 * last ticket was issued, and when the count last moved.
 */
function followSales(organizer: ConvexHttpClient, eventId: string, capacity: number) {
  let soldAt = Number.NaN;
  let movedAt = performance.now();
  let sold = -1;
  let following = true;
  const done = (async () => {
    while (following) {
      const [type] = await organizer.query(api.ticketTypes.forEvent, { eventId });
      const now = performance.now();
      if (type!.sales.inteiraSold !== sold) [sold, movedAt] = [type!.sales.inteiraSold, now];
      if (sold >= capacity && Number.isNaN(soldAt)) soldAt = now;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  })();
  return {
    /** Resolves once the count has stood still for SETTLED_MS after `since`: every purchase paid is decided. */
    async settled(since: number): Promise<{ soldAt: number; decidedAt: number }> {
      while (performance.now() - Math.max(movedAt, since) < SETTLED_MS) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      following = false;
      await done;
      return { soldAt, decidedAt: Math.max(movedAt, since) };
    },
  };
}

/**
 * Follows the counter and has every buyer let in buy once, in place order; returns purchases
 * decided per second (refusals at the door count as decided), tickets sold per second, and the
 * CPU per purchase decided, all from the first purchase sent.
 */
async function buyAsLetIn({ organizer, buyers, eventId, purchase, capacity, pid }: Sale) {
  const places = new Map<number, number>();
  let bought = 0;
  let first = Number.NaN;
  let sales: ReturnType<typeof followSales> | null = null;
  let cpu: ReturnType<typeof cpuMeter> | null = null;
  for (;;) {
    const room = await organizer.query(api.waitingRoom.status, { eventId });
    if (room === null || room.status === "soldOut" || room.status === "closed") break;
    if (room.status === "open" && room.admittedThrough > bought) {
      if (places.size === 0)
        await inParallel(
          buyers.length,
          IN_FLIGHT,
          async (i) => void places.set((await buyers[i]!.query(api.waitingRoom.mine, { eventId }))!.place!, i),
        );
      if (Number.isNaN(first)) [first, sales, cpu] = [performance.now(), followSales(organizer, eventId, capacity), cpuMeter(pid)];
      const through = room.admittedThrough;
      await inParallel(through - bought, IN_FLIGHT, async (k) => {
        const buyer = buyers[places.get(bought + k + 1)!]!;
        await retryLostCall(() => buyer.mutation(api.ticketPurchases.buy, purchase)).catch(() => undefined);
      });
      bought = through;
      if (bought >= buyers.length) break;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  if (sales === null || cpu === null) throw new Error("nobody was let in");
  const { soldAt, decidedAt } = await sales.settled(performance.now());
  return {
    decidedPerSecond: Math.round(bought / ((decidedAt - first) / 1000)),
    soldPerSecond: Math.round(capacity / ((soldAt - first) / 1000)),
    cpu: cpu(bought),
  };
}
