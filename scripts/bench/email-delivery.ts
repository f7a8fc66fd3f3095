import { performance } from "node:perf_hooks";
import { ConvexHttpClient } from "convex/browser";
import type { FunctionReference } from "convex/server";
import { internal } from "../../convex/_generated/api";
import { spawnMailSandbox } from "../../test-kit/mail-sandbox";
import { percentiles } from "./latency";
import { startLocalBackendProcess } from "./local-backend-process";

const STREAMS = 4;
const PER_STREAM = 10;

export type EmailDelivery = { samples: number; p50: number; p95: number; p99: number };

type SendTo = FunctionReference<"mutation", "public", { to: string; kind: "custom"; subject: string; html: string; text: string }, unknown>;

/**
 * An e-mail from its outbox row to the local mailbox: the local backend and the mailbox in their
 * own processes; each e-mail recorded by `emails:sendTo` (the admin calls it as an action's code
 * would), timed from the mutation's answer (the row committed) until the mailbox's JSON API lists
 * it: the scheduled `send` action, the lease, the HTTP call to the mailbox and the settle lie on
 * that path. Four streams of ten e-mails.
 */
export async function measureEmailDelivery(): Promise<EmailDelivery> {
  const mail = await spawnMailSandbox();
  const backend = await startLocalBackendProcess({ env: mail.backendEnv }).catch((error: unknown) => {
    mail.child.kill("SIGTERM");
    throw error;
  });
  const admin = new ConvexHttpClient(backend.url);
  (admin as unknown as { setAdminAuth: (key: string) => void }).setAdminAuth(backend.adminKey);
  try {
    const samples: number[] = [];
    await Promise.all(
      Array.from({ length: STREAMS }, async (_, stream) => {
        for (let i = 0; i < PER_STREAM; i++) {
          const to = `bench${stream}-${i}@bench.example`;
          const args = { to, kind: "custom" as const, subject: "Bench", html: "<p>Bench</p>", text: "Bench" };
          await admin.mutation(internal.emails.sendTo as unknown as SendTo, args);
          const recorded = performance.now();
          await untilDelivered(mail.url, to);
          samples.push(performance.now() - recorded);
        }
      }),
    );
    return { samples: samples.length, ...percentiles(samples) };
  } finally {
    backend.stop();
    mail.child.kill("SIGTERM");
  }
}

async function untilDelivered(mailboxUrl: string, to: string): Promise<void> {
  for (;;) {
    const listed = (await (await fetch(`${mailboxUrl}/api/messages?to=${encodeURIComponent(to)}`)).json()) as unknown[];
    if (listed.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
