/**
 * A valid `events:create` input, typed from the function itself so the defaults cannot drift
 * from what the server takes. Pure (no Node modules): convex-test suites run it in
 * edge-runtime too.
 */
import type { FunctionArgs } from "convex/server";
import type { api } from "../convex/_generated/api";
import { DAY } from "./time";

export type CreateEventArgs = FunctionArgs<typeof api.events.create>;

/** A week from now, goal R$ 100,00, minimum R$ 5,00, not ticketed; override any field. */
export function eventInput(overrides: Partial<CreateEventArgs> = {}): CreateEventArgs {
  return {
    name: "Show de Rock",
    category: "Música",
    startsAt: Date.now() + 7 * DAY,
    goalCents: 10_000,
    minSupportCents: 500,
    goalPercentage: 100,
    isTicketed: false,
    venueName: "Teatro Municipal",
    city: "São Paulo",
    uf: "SP",
    ...overrides,
  };
}
