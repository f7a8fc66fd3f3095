import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import type { Backend } from "./convex-backend";
import { OWNER_EVENT_COUNT } from "./dataset";
import { fillChat, insertUser, type Catalogue } from "./fill";
import { measureMutation, measureQuery, type Cost } from "./measure";
import { drainQueue } from "../../convex/model/supportQueue";
import { signedInCaller } from "./session-check";

export const CHAT_MESSAGES = 5_000;
/** Messages per chat page; the figure grows with the page, not with the chat. */
export const CHAT_PAGE_SIZE = 50;

/** `points`: how many points a timeline returned (events:timeline only). */
export type FunctionCost = { name: string; detail: string; cost: Cost; points?: number };

/**
 * The other hot functions, on a filled catalogue: a support (on a ticketed event, the path
 * that also issues a ticket), the chat of an event with 5,000 messages, "Meus Eventos" of a
 * creator with 200 events, and the signed-in user.
 */
export async function measureFunctionCosts(t: Backend, catalogue: Catalogue): Promise<FunctionCost[]> {
  const supporterId = await insertUser(t, "Apoiadora Frequente");
  const supporter = await signedInCaller(t, supporterId);
  const owner = await signedInCaller(t, catalogue.ownerId);
  const eventId = catalogue.eventIds[0] as Id<"events">;
  if (!catalogue.specs[0]?.isTicketed) throw new Error("the supported event should be ticketed");

  const support = await measureMutation(supporter, api.supports.support, { eventId, amountCents: 500 });
  // The queue's worker applies it (and issues the ticket); the supporter may then use the chat.
  while (await t.run((ctx) => drainQueue(ctx, eventId)));
  const outcome = await supporter.query(api.supports.outcome, { supportId: support.result.supportId });
  if (outcome?.status !== "applied" || outcome.ticketCode === null) throw new Error("supports:support issued no ticket");

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
    { name: "supports:support", detail: "ticketed event, first support (queued)", cost: support.cost },
    { name: "chat:list", detail: `${CHAT_PAGE_SIZE} of ${CHAT_MESSAGES.toLocaleString("en")} messages`, cost: chat.cost },
    { name: "events:mine", detail: `creator with ${OWNER_EVENT_COUNT} events`, cost: mine.cost },
    { name: "users:me", detail: "signed in", cost: me.cost },
  ];
}
