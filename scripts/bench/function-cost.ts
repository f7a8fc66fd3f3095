import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import type { Backend } from "./convex-backend";
import { OWNER_EVENT_COUNT } from "./dataset";
import { fillChat, insertUser, type Catalogue } from "./fill";
import { measureMutation, measureQuery, type Cost } from "./measure";
import { drainQueue } from "../../convex/model/supports/queue";
import { setWorkerState } from "../../convex/model/supports/worker";
import { signedInCaller } from "./session-check";

export const CHAT_MESSAGES = 5_000;
/** Messages per chat page; the figure grows with the page, not with the chat. */
export const CHAT_PAGE_SIZE = 50;

/**
 * `points`: how many points a timeline returned (events:timeline only); `queued`: a support
 * taken by a busy event's queue (the hot path, which has a target).
 */
export type FunctionCost = { name: string; detail: string; cost: Cost; points?: number; queued?: boolean };

/**
 * The other hot functions, on a filled catalogue: a support (on a ticketed event, the path
 * that also issues a ticket), the chat of an event with 5,000 messages, "Meus Eventos" of a
 * creator with 200 events, and the signed-in user.
 */
export async function measureFunctionCosts(t: Backend, catalogue: Catalogue): Promise<FunctionCost[]> {
  const supporterId = await insertUser(t, "Apoiadora Frequente");
  const supporter = await signedInCaller(t, supporterId);
  const busySupporter = await signedInCaller(t, await insertUser(t, "Apoiadora da Fila"));
  const owner = await signedInCaller(t, catalogue.ownerId);
  const eventId = catalogue.eventIds[0] as Id<"events">;
  if (!catalogue.specs[0]?.isTicketed) throw new Error("the supported event should be ticketed");

  // The event is quiet: the support is applied as it is taken (and issues the ticket).
  const support = await measureMutation(supporter, api.supports.support, { eventId, amountCents: 500 });
  const outcome = await supporter.query(api.supports.outcome, { supportId: support.result.supportId });
  if (outcome?.status !== "applied" || outcome.ticketCode === null) throw new Error("supports:support issued no ticket");
  // A busy event (its worker scheduled, as under a burst): the next support waits in the queue.
  await t.run((ctx) => setWorkerState(ctx, eventId, { kind: "scheduled", generation: 1 }));
  const queued = await measureMutation(busySupporter, api.supports.support, { eventId, amountCents: 500 });
  if (!queued.result.queued) throw new Error("the busy event's support was not queued");
  while (await t.run((ctx) => drainQueue(ctx, eventId)));

  await fillChat(
    t,
    eventId,
    [
      { id: catalogue.ownerId, name: "Dona dos Eventos" },
      { id: supporterId, name: "Apoiadora Frequente" },
    ],
    CHAT_MESSAGES,
  );
  const chat = await measureQuery(supporter, api.chat.list, { eventId, paginationOpts: { numItems: CHAT_PAGE_SIZE, cursor: null } });
  if (chat.result.page.length !== CHAT_PAGE_SIZE) throw new Error("chat:list returned a short page");

  const mine = await measureQuery(owner, api.events.mine, {});
  if (mine.result.length !== OWNER_EVENT_COUNT) throw new Error(`events:mine returned ${mine.result.length} events`);

  const me = await measureQuery(owner, api.users.me, {});
  if (me.result === null) throw new Error("users:me returned null for a signed-in user");

  return [
    {
      name: "supports:support",
      detail: "ticketed, first support, busy event (queued: gate, worker state, wallet, statement entry, pending row)",
      cost: queued.cost,
      queued: true,
    },
    { name: "supports:support", detail: "ticketed, first support, quiet event (applied at once, ticket issued)", cost: support.cost },
    { name: "chat:list", detail: `${CHAT_PAGE_SIZE} of ${CHAT_MESSAGES.toLocaleString("en")} messages`, cost: chat.cost },
    { name: "events:mine", detail: `creator with ${OWNER_EVENT_COUNT} events`, cost: mine.cost },
    { name: "users:me", detail: "signed in", cost: me.cost },
  ];
}
