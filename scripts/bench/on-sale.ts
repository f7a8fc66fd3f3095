/**
 * A big on-sale through the `Sala de espera`: `buyers` accounts sign in and join the room before
 * the opening, the sale opens (the draw in scheduled batches), everyone is let in at the room's
 * ceiling, and each buys one ticket of `capacity`, 50 in flight. 50 open pages of signed-in
 * buyers watch the room (`waitingRoom:status` and their own `waitingRoom:mine`). The backend runs
 * in its own process. Measured: how long the joins took, tickets issued (exactly `capacity`),
 * purchases decided per second (first purchase sent to the last one decided), how long a counter
 * change takes to reach the watching pages (the step's own time, written with it, to the page's
 * update), the backend's memory (RSS) as the room reaches each size in `milestones`, the outflow's
 * and the draw's steps with the most documents one read, and (room-cost.ts) the documents a step
 * and a waiting page read in rooms of each milestone's size.
 */
import { readFileSync } from "node:fs";
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

export type OnSale = {
  buyers: number;
  capacity: number;
  joinSeconds: number;
  issued: number;
  decidedPerSecond: number;
  placeUpdate: { p50: number; p95: number; samples: number };
  /** Backend RSS in MB when the room held each milestone's entries. */
  memoryMb: { entries: number; rssMb: number }[];
  /**
   * From the opening on: how many outflow steps and draw steps ran (the backend's function log),
   * and the most documents one of them read (its limit meter; the log shows no figures for scheduled jobs).
   */
  tick: StepReads;
  draw: StepReads;
  /** What a step and a waiting page read, in rooms of each milestone's size (room-cost.ts). */
  roomCost: RoomCost[];
};

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((row) => row.startsWith("VmRSS:"));
  return Math.round(Number(line?.split(/\s+/)[1] ?? Number.NaN) / 1024);
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

type Run = { log: (message: string) => void; url: string; adminKey: string; pid: number; buyers: number; capacity: number };

/** `buyers` other than ON_SALE_BUYERS only for a quick try of the bench itself. */
export async function measureOnSale(log: (message: string) => void = () => {}, buyers = ON_SALE_BUYERS): Promise<OnSale> {
  const backend = await startLocalBackendProcess({ startTimeoutMs: 120_000 });
  let sale: Omit<OnSale, "roomCost" | "tick" | "draw">;
  let runs: Map<string, FunctionReads>;
  try {
    const capacity = Math.round((buyers * ON_SALE_CAPACITY) / ON_SALE_BUYERS);
    ({ runs, ...sale } = await onSaleRun({ log, url: backend.url, adminKey: backend.adminKey, pid: backend.pid, buyers, capacity }));
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
  for (const entries of ON_SALE_MILESTONES) roomCost.push(await measureRoomCost(entries));
  return {
    ...sale,
    tick: stepReads(["waitingRoom:tick"]),
    draw: stepReads(["waitingRoom:open", "waitingRoom:drawKeys", "waitingRoom:drawPlaces"]),
    roomCost,
  };
}

type RunResult = Omit<OnSale, "roomCost" | "tick" | "draw"> & { runs: Map<string, FunctionReads> };

async function onSaleRun({ log, url, adminKey, pid, buyers: count, capacity }: Run): Promise<RunResult> {
  const organizer = await signedIn(url, 0);
  const eventId = await organizer.mutation(api.events.create, {
    ...eventInput({ name: "Grande estreia", category: "Tecnologia", isTicketed: true, goalCents: 100_000_000 }),
    ticketTypes: [{ name: "Pista", quantity: capacity, meiaQuantity: 0, lotes: [{ priceCents: 100 }] }],
  });
  const [type] = await organizer.query(api.ticketTypes.forEvent, { eventId });
  await organizer.mutation(api.waitingRoom.configure, { eventId, opensAt: Date.now() + 6 * 3_600_000, perMinute: 60_000 });
  log(`on-sale: ${count} buyers sign in`);
  const buyers = await inParallel(count, PARALLEL_SIGN_INS, (i) => signedIn(url, i + 1));
  const memoryMb: OnSale["memoryMb"] = [];
  log(`on-sale: ${count} buyers join`);
  let joined = 0;
  const joinStart = performance.now();
  await inParallel(count, IN_FLIGHT, async (i) => {
    await buyers[i]!.mutation(api.waitingRoom.join, { eventId });
    joined += 1;
    if (ON_SALE_MILESTONES.includes(joined)) memoryMb.push({ entries: joined, rssMb: rssMb(pid) });
  });
  const joinSeconds = (performance.now() - joinStart) / 1000;

  const watch = await watchRoom(url, eventId);
  const functionLog = followFunctionLog(url, adminKey);
  await organizer.mutation(api.waitingRoom.configure, { eventId, opensAt: Date.now() + 1_000, perMinute: 60_000 });
  log("on-sale: the draw and the outflow");
  const purchase = { eventId, typeId: type!._id, loteIndex: 0, unitPriceCents: 100, units: 1, meia: false };
  const decided = await buyAsLetIn(organizer, buyers, eventId, purchase);
  const [after] = await organizer.query(api.ticketTypes.forEvent, { eventId });
  await watch.close();
  const runs = functionLog.readsSince();
  functionLog.stop();
  const late = percentiles(watch.samples);
  return {
    buyers: count,
    capacity,
    joinSeconds,
    issued: after!.sales.inteiraSold,
    decidedPerSecond: decided,
    placeUpdate: { p50: late.p50, p95: late.p95, samples: watch.samples.length },
    memoryMb,
    runs,
  };
}

type Purchase = { eventId: string; typeId: string; loteIndex: number; unitPriceCents: number; units: number; meia: boolean };

/**
 * Follows the counter and has every buyer let
 * in buy once; returns purchases decided per second (refusals at the door count as decided).
 */
async function buyAsLetIn(organizer: ConvexHttpClient, buyers: ConvexHttpClient[], eventId: string, purchase: Purchase): Promise<number> {
  const places = new Map<number, number>();
  let bought = 0;
  let first = Number.NaN;
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
      if (Number.isNaN(first)) first = performance.now();
      const through = room.admittedThrough;
      await inParallel(through - bought, IN_FLIGHT, async (k) => {
        const buyer = buyers[places.get(bought + k + 1)!]!;
        await buyer.mutation(api.ticketPurchases.buy, purchase).catch(() => undefined);
      });
      bought = through;
      if (bought >= buyers.length) break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // Decided: the queue has issued or refunded every purchase paid (its counts stop moving).
  let sold = -1;
  for (;;) {
    const [type] = await organizer.query(api.ticketTypes.forEvent, { eventId });
    if (type!.sales.inteiraSold === sold) break;
    sold = type!.sales.inteiraSold;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return Math.round(bought / ((performance.now() - first - 1_000) / 1000));
}
