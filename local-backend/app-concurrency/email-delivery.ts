/**
 * Exactly-once e-mail on the real engine: `purchases` ticket purchases side by side, each
 * e-mailing its buyer through the outbox, while the local mailbox fails at random (5xx, 429,
 * answers dropped after the e-mail was stored, answers held past the client's timeout). Every
 * purchase's e-mail must arrive, and none twice. Shared by the main tier (a small run) and the
 * scale tier (1,000 purchases).
 */
import { ConvexHttpClient } from "convex/browser";
import type { ConvexClient } from "convex/browser";
import type { FunctionReference } from "convex/server";
import { expect } from "vitest";
import { eventInput } from "../../test-kit/event-input.ts";
import { api, internal } from "../../convex/_generated/api";
import { startMailSandbox, type MailSandbox } from "../../mail-sandbox/server.ts";
import type { LocalBackend } from "../server.ts";
import { signedInClient, startTestBackend } from "../test-support.ts";

const API_KEY = "re_exactly_once";
const PURCHASES_PER_BUYER = 10;

type Backlog = { queued: number; sending: number; failed: number; lastError: string | null };

export type DeliveryRun = {
  mail: MailSandbox;
  backend: LocalBackend;
  admin: ConvexHttpClient;
  clients: ConvexClient[];
  close(): Promise<void>;
};

/**
 * How long the outbox waits for the mailbox's answer: a test limit, far past what a loaded
 * machine takes. The mailbox, the backend and every client share this process, and while a
 * thousand purchases run its event loop can fall seconds behind (19 s measured at a load of
 * 15 on two cores): with a 5 s limit no answer arrived in time for minutes, and e-mails ran out
 * of attempts that had never reached the mailbox. `holdMs` (the held-answer fault) stays past it.
 */
export type DeliveryLimits = { sendTimeoutMs: number; holdMs: number };
const DEFAULT_LIMITS: DeliveryLimits = { sendTimeoutMs: 5_000, holdMs: 8_000 };

/** A mailbox failing `chaos` of its requests, and a backend whose outbox sends to it and retries after 20 ms. */
export async function startDeliveryRun(chaos: number, { sendTimeoutMs, holdMs } = DEFAULT_LIMITS): Promise<DeliveryRun> {
  const mail = await startMailSandbox({ port: 0, apiKey: API_KEY, holdMs });
  mail.mail.faults.apply(new URLSearchParams(`chaos=${chaos}`));
  // The deployment's variables, as `npx convex env set` sets them (the shell's are not the functions').
  const backend = await startTestBackend({
    environment: {
      RESEND_API_KEY: API_KEY,
      RESEND_API_URL: mail.url,
      EMAIL_RETRY_BASE_MS: "20",
      EMAIL_SEND_TIMEOUT_MS: String(sendTimeoutMs),
    },
  });
  const admin = new ConvexHttpClient(backend.url);
  (admin as unknown as { setAdminAuth: (key: string) => void }).setAdminAuth(backend.adminKey);
  const clients: ConvexClient[] = [];
  return {
    mail,
    backend,
    admin,
    clients,
    async close() {
      await Promise.all(clients.map((client) => client.close()));
      await backend.close();
      await mail.close();
    },
  };
}

/**
 * Waits until the mailbox holds `expected` e-mails and the outbox has nothing left to send (or
 * gave one up), polling: the rows are internal. Purchases that met others wait in the event's
 * queue and are e-mailed once it issues them, so an empty outbox alone says nothing.
 */
async function delivered(run: DeliveryRun, expected: number): Promise<Backlog> {
  const backlog = internal.emails.backlog as unknown as FunctionReference<"query", "public", Record<string, never>, Backlog>;
  for (;;) {
    // A kept-alive connection the server closed between polls fails the call: ask again.
    const state = await run.admin.query(backlog, {}).catch(() => null);
    const idle = state !== null && state.queued === 0 && state.sending === 0;
    if (state !== null && (state.failed > 0 || (idle && run.mail.mail.store.messages.length >= expected))) return state;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** Runs `purchases` purchases (10 per buyer) and checks that each buyer got exactly one e-mail per purchase. */
export async function purchasesEmailedExactlyOnce(run: DeliveryRun, purchases: number): Promise<void> {
  const organizer = await signedInClient(run.backend.url, "Organizadora", "organizadora@exemplo.com");
  run.clients.push(organizer);
  const pista = { name: "Pista", quantity: purchases * 2, meiaQuantity: purchases, lotes: [{ priceCents: 100 }] };
  const eventId = await organizer.mutation(api.events.create, {
    ...eventInput({
      name: "Show",
      goalCents: 100_000_000,
      isTicketed: true,
      ticketTypes: [pista],
    }),
  });
  const [type] = await organizer.query(api.ticketTypes.forEvent, { eventId });
  const buyers = purchases / PURCHASES_PER_BUYER;
  const clients = await Promise.all(
    Array.from({ length: buyers }, (_, n) => signedInClient(run.backend.url, `Comprador ${n}`, `comprador${n}@exemplo.com`)),
  );
  run.clients.push(...clients);
  await Promise.all(
    clients.flatMap((client) =>
      Array.from({ length: PURCHASES_PER_BUYER }, () =>
        client.mutation(api.ticketPurchases.buy, { eventId, typeId: type!._id, loteIndex: 0, unitPriceCents: 100, units: 1, meia: false }),
      ),
    ),
  );
  const { failed, lastError } = await delivered(run, purchases);
  expect({ failed, lastError }).toEqual({ failed: 0, lastError: null });
  const messages = run.mail.mail.store.messages;
  const keys = messages.map((message) => message.idempotencyKey);
  expect(new Set(keys).size).toBe(keys.length);
  for (let n = 0; n < buyers; n++) {
    const received = run.mail.mail.store.list(`comprador${n}@exemplo.com`);
    expect(received.filter((message) => message.subject === "Show: seu ingresso")).toHaveLength(PURCHASES_PER_BUYER);
  }
  // The faults did happen: more requests than e-mails.
  expect(run.mail.mail.store.requests).toBeGreaterThan(messages.length);
}
