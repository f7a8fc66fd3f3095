import type { Id } from "./_generated/dataModel";
import { internalMutation, type MutationCtx } from "./_generated/server";
import type { Category } from "./model/shared/categories";
import type { Settlement } from "./model/shared/lifecycle";
import { insertEvent } from "./model/events";
import { INITIAL_WALLET_CENTS } from "./model/shared/money";
import { cancelEvent, scheduleSettlement, settleAtDate } from "./model/settlement";
import { supportEvent } from "./model/supports";
import { openWallet } from "./model/wallet";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** Demo hours are Brasília time (UTC−3, no daylight saving since 2019). */
const BRASILIA_OFFSET_HOURS = 3;
const DEMO_CREATOR_EMAIL = "demo@apoie.app";

type DemoEvent = {
  name: string;
  /** What the demo shows of the lifecycle; "open" events settle at their date as usual. */
  lifecycle?: Settlement;
  category: Category;
  inDays: number;
  hour: number;
  goal: number;
  min: number;
  goalPercentage: number;
  isTicketed: boolean;
  image: string | null;
};

// prettier-ignore
const EVENTS: DemoEvent[] = [
  { name: "Festival de Jazz na Praça", category: "Música", inDays: 12, hour: 19, goal: 2000, min: 10, goalPercentage: 100, isTicketed: true, image: "jazz" },
  { name: "Noite de Samba no Bar do Zé", category: "Música", inDays: 5, hour: 21, goal: 500, min: 5, goalPercentage: 100, isTicketed: false, image: "samba" },
  { name: "Orquestra Jovem ao Ar Livre", category: "Música", inDays: 30, hour: 17, goal: 1500, min: 20, goalPercentage: 90, isTicketed: true, image: "orquestra" },
  { name: "Corrida Beneficente 10K", category: "Esporte", inDays: 9, hour: 7, goal: 100, min: 5, goalPercentage: 80, isTicketed: false, image: "corrida" },
  { name: "Torneio de Futsal Comunitário", category: "Esporte", inDays: 18, hour: 14, goal: 800, min: 10, goalPercentage: 100, isTicketed: true, image: "futsal" },
  { name: "Aula Aberta de Yoga no Parque", category: "Esporte", inDays: 3, hour: 8, goal: 300, min: 5, goalPercentage: 100, isTicketed: false, image: "yoga" },
  { name: "Hackathon Cidade Inteligente", category: "Tecnologia", inDays: 25, hour: 9, goal: 3000, min: 15, goalPercentage: 100, isTicketed: true, image: "hackathon" },
  { name: "Oficina de Robótica para Crianças", category: "Tecnologia", inDays: 14, hour: 10, goal: 600, min: 10, goalPercentage: 100, isTicketed: false, image: "robotica" },
  { name: "Meetup de Inteligência Artificial", category: "Tecnologia", inDays: 7, hour: 19, goal: 400, min: 5, goalPercentage: 100, isTicketed: true, image: "ia" },
  { name: "Stand-up Comedy: Risadas Garantidas", category: "Entretenimento", inDays: 10, hour: 22, goal: 1200, min: 20, goalPercentage: 100, isTicketed: true, image: "standup" },
  { name: "Cinema ao Ar Livre: Clássicos", category: "Entretenimento", inDays: 4, hour: 20, goal: 60, min: 5, goalPercentage: 100, isTicketed: false, image: "cinema" },
  { name: "Feira de Games Independentes", category: "Entretenimento", inDays: 40, hour: 11, goal: 1000, min: 10, goalPercentage: 100, isTicketed: true, image: null },
  { name: "Sarau de Poesia na Biblioteca", category: "Entretenimento", inDays: -10, hour: 19, goal: 50, min: 5, goalPercentage: 100, isTicketed: false, image: null, lifecycle: "paidOut" },
  { name: "Workshop de Fotografia Urbana", category: "Tecnologia", inDays: -6, hour: 14, goal: 300, min: 5, goalPercentage: 100, isTicketed: true, image: null, lifecycle: "refunded" },
  { name: "Show Acústico no Terraço", category: "Música", inDays: 20, hour: 20, goal: 400, min: 5, goalPercentage: 100, isTicketed: false, image: null, lifecycle: "cancelled" },
];

const SUPPORTERS = [
  "Ana Souza", "Bruno Lima", "Carla Mendes", "Diego Alves", "Elisa Rocha",
  "Fábio Costa", "Gabriela Nunes", "Heitor Martins", "Isabela Ribeiro", "João Pereira",
];

/** [event index, supporter index, reais]: no supporter spends more than their R$ 50,00. */
// prettier-ignore
const SUPPORTS: [number, number, number][] = [
  [0, 0, 30], [0, 1, 25], [1, 1, 20], [1, 2, 40], [1, 3, 15],
  [3, 0, 20], [3, 3, 30], [3, 4, 35], // 85 of 100 with an 80% goal: concluded
  [4, 5, 20], [6, 6, 45], [7, 5, 25], [7, 7, 10], [9, 7, 20],
  [10, 8, 30], [10, 9, 30], // 60 of 60: META ATINGIDA
  [12, 7, 20], [12, 8, 20], [12, 9, 10], // 50 of 50 before its date: paid to the creator
  [13, 9, 10], [13, 4, 15], // 25 of 300 at its date: refunded, its tickets cancelled
  [14, 1, 5], [14, 3, 5], // cancelled by the creator: refunded
];

/**
 * Fills an empty deployment with demo events by a demo creator, some partly funded by demo
 * supporters (through the real support rules, so the ledger invariants hold), one concluded
 * by goal percentage and one at 100%, and one in each settled state: paid out and refunded
 * (dates in the past, supported "the day before" and settled here) and cancelled.
 * Idempotent: does nothing once the demo creator exists.
 */
export const run = internalMutation({
  args: {},
  handler: async (ctx) => {
    const existing = await ctx.db
      .query("users")
      .withIndex("email", (q) => q.eq("email", DEMO_CREATOR_EMAIL))
      .first();
    if (existing !== null) return { created: 0 };

    const creatorId = await insertDemoUser(ctx, "Apoie Demo", DEMO_CREATOR_EMAIL);
    const today = startOfDay(Date.now());
    const eventIds: Id<"events">[] = [];
    const startTimes = EVENTS.map((event) => today + event.inDays * DAY + (event.hour + BRASILIA_OFFSET_HOURS) * HOUR);
    for (const [index, event] of EVENTS.entries()) {
      eventIds.push(
        await insertEvent(ctx, creatorId, {
          name: event.name,
          category: event.category,
          startsAt: startTimes[index]!,
          goalCents: event.goal * 100,
          minSupportCents: event.min * 100,
          goalPercentage: event.goalPercentage,
          isTicketed: event.isTicketed,
          ...(event.image ? { imageUrl: `/images/events/${event.image}.svg` } : {}),
        }),
      );
    }

    const supporterIds: Id<"users">[] = [];
    for (const [index, name] of SUPPORTERS.entries()) {
      supporterIds.push(await insertDemoUser(ctx, name, `apoiador${index + 1}@exemplo.com.br`));
    }
    for (const [eventIndex, supporterIndex, reais] of SUPPORTS) {
      const supporter = await ctx.db.get("users", supporterIds[supporterIndex]!);
      // A past event's supports are replayed as of the day before its date.
      const supportedAt = Math.min(Date.now(), startTimes[eventIndex]! - DAY);
      await supportEvent(ctx, supporter!, eventIds[eventIndex]!, reais * 100, supportedAt);
    }
    for (const [index, event] of EVENTS.entries()) {
      const eventId = eventIds[index]!;
      if (event.lifecycle === "cancelled") await cancelEvent(ctx, creatorId, eventId);
      else if (event.lifecycle !== undefined) await settleAtDate(ctx, eventId);
      else await scheduleSettlement(ctx, { _id: eventId, startsAt: startTimes[index]! });
    }
    return { created: eventIds.length };
  },
});

async function insertDemoUser(ctx: MutationCtx, name: string, email: string) {
  const userId = await ctx.db.insert("users", { name, email });
  await openWallet(ctx, userId, INITIAL_WALLET_CENTS);
  return userId;
}

function startOfDay(ms: number): number {
  return ms - (ms % DAY);
}
