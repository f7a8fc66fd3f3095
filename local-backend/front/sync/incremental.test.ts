import { ConvexHttpClient, type ConvexClient } from "convex/browser";
import type { FunctionReference } from "convex/server";
import fc from "fast-check";
import { expect, it, vi } from "vitest";
import { api } from "../../../convex/_generated/api";
import { authenticate, createEvent, newClient, signInLocally, startTestBackend } from "../../test-support.ts";

const PEOPLE = ["Ana", "Bia", "Caio"] as const;

type Command = { kind: "support"; by: number; event: number; amountCents: number } | { kind: "create"; by: number };

const commandArbitrary: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("support" as const),
      by: fc.integer({ min: 0, max: 2 }),
      event: fc.integer({ min: 0, max: 1 }),
      amountCents: fc.integer({ min: 500, max: 1_500 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("create" as const), by: fc.integer({ min: 0, max: 1 }) }) },
);

/**
 * Polls until the subscription holds what a fresh run of the same query returns. The ceiling is
 * for a subscription that never catches up, far above how late a busy machine delivers a push.
 */
async function convergesToFullRun(subscription: { getCurrentValue: () => unknown }, fullRun: () => Promise<unknown>, what: string) {
  await vi.waitFor(async () => expect(subscription.getCurrentValue(), what).toEqual(await fullRun()), { timeout: 30_000, interval: 20 });
}

it(
  "never misses an update: every subscription, re-run only when a commit wrote a document, index range or table it read, equals a full re-run",
  { timeout: 120_000 },
  async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArbitrary, { minLength: 3, maxLength: 6 }), async (commands) => {
        const backend = await startTestBackend();
        const clients: ConvexClient[] = [];
        try {
          const tokens: string[] = [];
          for (const [n, name] of PEOPLE.entries()) {
            const client = newClient(backend.url);
            tokens.push(await signInLocally(client, name, `${name.toLowerCase()}${n}@exemplo.com`));
            await authenticate(client, tokens[n]!);
            clients.push(client);
          }
          const events = [
            await createEvent(clients[0]!, { name: "Evento da Ana" }),
            await createEvent(clients[1]!, { name: "Evento da Bia" }),
          ];
          // Bia watches; a fresh HTTP call as Bia is the full re-run.
          const watcher = newClient(backend.url);
          clients.push(watcher);
          await authenticate(watcher, tokens[1]!);
          const http = new ConvexHttpClient(backend.url);
          http.setAuth(tokens[1]!);
          const queries: [string, FunctionReference<"query">, Record<string, unknown>][] = [
            ["events.get 0", api.events.get, { id: events[0] }],
            ["events.get 1", api.events.get, { id: events[1] }],
            ["events.mine", api.events.mine, {}],
            ["users.me", api.users.me, {}],
            ["supports.mine 0", api.supports.mine, { eventId: events[0] }],
            ["supports.mine 1", api.supports.mine, { eventId: events[1] }],
            ["events.list", api.events.list, { paginationOpts: { numItems: 5, cursor: null } }],
            ["events.timeline 0", api.events.timeline, { id: events[0] }],
            ["events.timeline 1", api.events.timeline, { id: events[1] }],
            ["chat.access 0", api.chat.access, { eventId: events[0] }],
            ["chat.access 1", api.chat.access, { eventId: events[1] }],
            ["wallet.statement", api.wallet.statement, { paginationOpts: { numItems: 5, cursor: null } }],
          ];
          const subscriptions = queries.map(([, query, args]) => watcher.onUpdate(query, args, () => {}));
          for (const command of commands) {
            const client = clients[command.by]!;
            // Refusals (supporting one's own event, an empty wallet) are fine: nothing changes then.
            if (command.kind === "support") {
              await client
                .mutation(api.supports.support, { eventId: events[command.event]!, amountCents: command.amountCents })
                .catch(() => {});
            } else {
              await createEvent(client, { name: `Novo de ${PEOPLE[command.by]}` });
            }
            for (const [index, [what, query, args]] of queries.entries()) {
              await convergesToFullRun(subscriptions[index]!, () => http.query(query, args), what);
            }
          }
          for (const unsubscribe of subscriptions) unsubscribe();
        } finally {
          await Promise.all(clients.map((client) => client.close()));
          await backend.close();
        }
      }),
      { numRuns: 4 },
    );
  },
);
