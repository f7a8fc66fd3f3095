/**
 * What the server sends, taken from the functions themselves (FunctionReturnType), so a
 * component's idea of an event or a user cannot drift from what the query returns.
 * Components pick the fields they use from these.
 */
import type { FunctionReturnType } from "convex/server";
import type { api } from "@convex/_generated/api";

/** An event as the home list shows it (events:list). */
export type EventSummary = FunctionReturnType<typeof api.events.list>["page"][number];
/** An event as its page shows it (events:get). */
export type EventDetail = NonNullable<FunctionReturnType<typeof api.events.get>>;
/** The signed-in person (users:me). */
export type SignedInUser = NonNullable<FunctionReturnType<typeof api.users.me>>;
/** One chat message (chat:list). */
export type ChatMessage = FunctionReturnType<typeof api.chat.list>["page"][number];
/** "Evolução dos apoios" of one event (events:timeline). */
export type Timeline = NonNullable<FunctionReturnType<typeof api.events.timeline>>;
export type TimelinePoint = Timeline["points"][number];
