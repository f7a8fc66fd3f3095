import type { OptimisticLocalStore } from "convex/browser";
import { getFunctionName, type FunctionReference } from "convex/server";
import { describe, expect, it } from "vitest";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import type { EventDetail } from "../../lib/api-types";
import { addSupportOptimistically, withSupport } from "./optimistic-support";

const event = {
  _id: "ev1" as Id<"events">,
  raisedCents: 2_000,
  goalCents: 10_000,
  goalPercentage: 80,
  percent: 20,
  progress: 20,
  goalReached: false,
  status: "Em Progresso",
  startsAt: Date.UTC(2030, 0, 1),
  settlement: null,
  isTicketed: true,
  uniqueSupporters: 1,
  ticketsGenerated: 1,
  supportClosedReason: null,
  supportingOpen: true,
} as EventDetail;

/** A local store holding what the page subscribed to, as Convex's client keeps it. */
function localStore(entries: [FunctionReference<"query">, Record<string, unknown>, unknown][]) {
  const key = (query: FunctionReference<"query">, args: Record<string, unknown>) => `${getFunctionName(query)}:${JSON.stringify(args)}`;
  const values = new Map(entries.map(([query, args, value]) => [key(query, args), value]));
  const store = {
    getQuery: (query: FunctionReference<"query">, args: Record<string, unknown>) => values.get(key(query, args)),
    setQuery: (query: FunctionReference<"query">, args: Record<string, unknown>, value: unknown) => values.set(key(query, args), value),
    getAllQueries: () => [],
  };
  return {
    store: store as unknown as OptimisticLocalStore,
    read: (query: FunctionReference<"query">, args: Record<string, unknown>) => store.getQuery(query, args),
  };
}

describe("a support as the supporter sees it before the server answers", () => {
  it("moves raised, percent, bar and status by the server's rules, with one more supporter and ticket", () => {
    expect(withSupport(event, 3_000, true)).toMatchObject({
      raisedCents: 5_000,
      percent: 50,
      progress: 50,
      status: "Em Progresso",
      uniqueSupporters: 2,
      ticketsGenerated: 2,
      supportingOpen: true,
    });
    expect(withSupport(event, 3_000, false).uniqueSupporters).toBe(1);
  });

  it("closes supporting when it reaches the goal percentage, and caps the bar", () => {
    expect(withSupport(event, 6_000, false)).toMatchObject({
      percent: 80,
      status: "Concluído",
      supportClosedReason: "concluded",
      supportingOpen: false,
    });
    expect(withSupport(event, 20_000, false)).toMatchObject({ percent: 220, progress: 100, goalReached: true });
  });

  it("updates the wallet, the event page and the person's own total in the local store", () => {
    const { store, read } = localStore([
      [api.users.me, {}, { _id: "u1", walletCents: 5_000 }],
      [api.supports.mine, { eventId: "ev1" }, { supported: false, amountCents: 0 }],
      [api.events.get, { id: "ev1" }, event],
    ]);
    addSupportOptimistically(store, { eventId: "ev1", amountCents: 1_500 });
    expect(read(api.users.me, {})).toEqual({ _id: "u1", walletCents: 3_500 });
    expect(read(api.supports.mine, { eventId: "ev1" })).toEqual({ supported: true, amountCents: 1_500 });
    expect(read(api.events.get, { id: "ev1" })).toMatchObject({ raisedCents: 3_500, percent: 35, uniqueSupporters: 2 });
  });

  it("leaves alone what the page has not loaded", () => {
    const { store, read } = localStore([]);
    addSupportOptimistically(store, { eventId: "ev1", amountCents: 1_500 });
    expect(read(api.events.get, { id: "ev1" })).toBeUndefined();
  });
});
