/**
 * Shared setup for the convex-test suites (the name has two dots, so Convex never deploys it).
 */
import { convexTest } from "convex-test";
import { expect } from "vitest";
import type { Id } from "./_generated/dataModel";
import { api } from "./_generated/api";
import type { EventInput } from "./model/eventInput";
import { INITIAL_WALLET_CENTS } from "./model/money";
import schema from "./schema";
import { registerComponents } from "./test.components";
import { modules } from "./test.setup";

export type Backend = ReturnType<typeof newBackend>;
export type Caller = ReturnType<Backend["withIdentity"]>;

export const DAY = 24 * 60 * 60 * 1000;

/** A fresh backend with the components of convex.config.ts installed. */
export function newBackend() {
  const t = convexTest(schema, modules);
  registerComponents(t);
  return t;
}

/** Inserts a user (with a wallet, like one who signed in) and returns a caller acting as them. */
export async function signedInUser(
  t: Backend,
  { name = "Maria Silva", email, walletCents = INITIAL_WALLET_CENTS }: { name?: string; email?: string; walletCents?: number } = {},
): Promise<{ userId: Id<"users">; as: Caller }> {
  const userId = await t.run((ctx) =>
    ctx.db.insert("users", { name, email: email ?? `${name.toLowerCase().replace(/\W+/g, ".")}@exemplo.com`, walletCents }),
  );
  return { userId, as: t.withIdentity({ subject: `${userId}|test-session`, name }) };
}

/** A valid create-event input a week from now; override any field. */
export function eventInput(overrides: Partial<EventInput> = {}): EventInput {
  return {
    name: "Show de Rock",
    category: "Música",
    startsAt: Date.now() + 7 * DAY,
    goalCents: 10_000,
    minSupportCents: 500,
    goalPercentage: 100,
    isTicketed: false,
    ...overrides,
  };
}

/** Creates an event through the public API as `creator`. */
export function createEvent(creator: Caller, overrides: Partial<EventInput> = {}) {
  return creator.mutation(api.events.create, eventInput(overrides));
}

/** Every row of a (small, test-sized) table. */
export function allRows<
  T extends "users" | "events" | "contributions" | "supporters" | "tickets" | "messages" | "eventNameGrams",
>(
  t: Backend,
  table: T,
) {
  return t.run((ctx) => ctx.db.query(table).collect());
}

/** The ConvexError data a call rejected with (fails the test if it did not reject). */
export async function rejectionData(promise: Promise<unknown>): Promise<{ code: string; message: string; title?: string }> {
  try {
    await promise;
  } catch (error) {
    const data = (error as { data?: unknown }).data;
    if (typeof data === "object" && data !== null) return data as { code: string; message: string; title?: string };
    throw error;
  }
  throw new Error("expected the call to be rejected");
}

/** A snapshot of every table the app writes, to prove a refused call changed nothing. */
export async function snapshot(t: Backend) {
  return t.run(async (ctx) => ({
    users: await ctx.db.query("users").collect(),
    events: await ctx.db.query("events").collect(),
    contributions: await ctx.db.query("contributions").collect(),
    tickets: await ctx.db.query("tickets").collect(),
    messages: await ctx.db.query("messages").collect(),
    grams: await ctx.db.query("eventNameGrams").collect(),
    supporters: await ctx.db.query("supporters").collect(),
  }));
}

/** Recomputes every total from the ledger and compares it with what is stored (DESIGN.md). */
export async function expectInvariants(t: Backend) {
  const users = await allRows(t, "users");
  const events = await allRows(t, "events");
  const contributions = await allRows(t, "contributions");
  const tickets = await allRows(t, "tickets");
  const supporters = await allRows(t, "supporters");

  for (const user of users) {
    const spent = contributions.filter((c) => c.userId === user._id).reduce((sum, c) => sum + c.amountCents, 0);
    expect(user.walletCents).toBeGreaterThanOrEqual(0);
    expect(user.walletCents).toBe(INITIAL_WALLET_CENTS - spent);
  }
  for (const event of events) {
    const rows = contributions.filter((c) => c.eventId === event._id);
    expect(event.raisedCents).toBe(rows.reduce((sum, c) => sum + c.amountCents, 0));
    expect(event.uniqueSupporters).toBe(new Set(rows.map((c) => c.userId)).size);
    const running = supporters.filter((s) => s.eventId === event._id);
    expect(running).toHaveLength(event.uniqueSupporters);
    for (const supporter of running) {
      const own = rows.filter((c) => c.userId === supporter.userId);
      expect(supporter.amountCents).toBe(own.reduce((sum, c) => sum + c.amountCents, 0));
    }
    expect(event.ticketsGenerated).toBe(tickets.filter((ticket) => ticket.eventId === event._id).length);
    expect(event.ticketsGenerated).toBe(event.isTicketed ? rows.length : 0);
  }
  expect(new Set(tickets.map((ticket) => ticket.code)).size).toBe(tickets.length);
}
