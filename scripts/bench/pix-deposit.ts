import { performance } from "node:perf_hooks";
import type { FunctionArgs } from "convex/server";
import { api, internal } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { spawnPixSandbox } from "../../test-kit/pix-sandbox";
import { beginDeposit } from "../../convex/model/payments/deposits";
import { newBackend, type Backend } from "./convex-backend";
import { insertUser } from "./fill";
import { openClient, percentiles, signIn } from "./latency";
import { startLocalBackendProcess } from "./local-backend-process";

/** Deposits per person: the `deposit` rate limit allows 20 an hour (convex/model/core/rateLimits.ts). */
const DEPOSITS_PER_PERSON = 10;
const PEOPLE = 4;
const DEPOSIT_CENTS = 2_000;

export type DocumentsTouched = { documentsRead: number; documentsWritten: number };
export type PixDeposit = {
  /** From the bank's `Pagar` to the payer's open wallet showing the credit (ms). */
  paidToWallet: { samples: number; p50: number; p95: number; p99: number };
  /** The one transaction of a payment webhook (`deposits:settle` after the provider read). */
  webhook: { first: DocumentsTouched; repeated: DocumentsTouched };
};

/**
 * PIX in, end to end, against the real sandbox: the local backend and the PIX sandbox in their own
 * processes, people signed in over WebSockets with their wallet subscribed (as the header is),
 * each deposit created through the app, paid through the sandbox's control API (the bank's
 * `Pagar`), and timed until the wallet shows it: the sandbox's signed webhook, the provider
 * read-back and the credit all lie on that path. Then, in convex-test, the documents one webhook's
 * transaction reads and writes, first delivery and a repeat.
 */
export async function measurePixDeposit(): Promise<PixDeposit> {
  return { paidToWallet: await measurePaidToWallet(), webhook: await measureWebhookCost() };
}

async function measurePaidToWallet(): Promise<PixDeposit["paidToWallet"]> {
  const sandbox = await spawnPixSandbox();
  const backend = await startLocalBackendProcess({ env: sandbox.backendEnv }).catch((error: unknown) => {
    sandbox.child.kill("SIGTERM");
    throw error;
  });
  const clients = Array.from({ length: PEOPLE }, () => openClient(backend.url));
  try {
    const samples: number[] = [];
    await Promise.all(
      clients.map(async (client, n) => {
        await signIn(client, `Depositante ${n}`, `depositante${n}@bench.example`);
        const wallet = watchWallet(client);
        for (let i = 0; i < DEPOSITS_PER_PERSON; i++) {
          const before = await wallet.untilAtLeast(0);
          const { depositId } = await client.mutation(api.deposits.create, { amountCents: DEPOSIT_CENTS });
          const qrCode = await untilCharged(client, depositId);
          const paymentId = await sandboxPaymentOf(sandbox.url, qrCode);
          const paid = performance.now();
          const answer = await fetch(`${sandbox.url}/sandbox/payments/${paymentId}/pay`, { method: "POST" });
          if (answer.status !== 200) throw new Error(`the sandbox refused Pagar: ${answer.status} ${await answer.text()}`);
          await wallet.untilAtLeast(before.cents + DEPOSIT_CENTS);
          samples.push(performance.now() - paid);
        }
      }),
    );
    return { samples: samples.length, ...percentiles(samples) };
  } finally {
    await Promise.all(clients.map((client) => client.close()));
    backend.stop();
    sandbox.child.kill("SIGTERM");
  }
}

/** The signed-in person's wallet as the header sees it, with a way to wait for a value. */
function watchWallet(client: ReturnType<typeof openClient>) {
  let cents = -1;
  const waiters: { target: number; resolve: () => void }[] = [];
  client.onUpdate(api.users.me, {}, (me) => {
    cents = me?.walletCents ?? -1;
    for (const waiter of waiters.filter((w) => cents >= w.target)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  });
  return {
    async untilAtLeast(target: number): Promise<{ cents: number }> {
      if (cents < target || cents < 0) await new Promise<void>((resolve) => waiters.push({ target: Math.max(target, 0), resolve }));
      return { cents };
    },
  };
}

/** Waits for the charge's copia-e-cola, which the app's action gets from the provider. */
function untilCharged(client: ReturnType<typeof openClient>, depositId: Id<"deposits">): Promise<string> {
  return new Promise((resolve, reject) => {
    const stop = client.onUpdate(api.deposits.get, { depositId }, (deposit) => {
      if (deposit?.qrCode) {
        stop();
        resolve(deposit.qrCode);
      } else if (deposit !== undefined && deposit !== null && deposit.status !== "creating" && deposit.status !== "pending") {
        stop();
        reject(new Error(`the charge ended ${deposit.status} before it was shown`));
      }
    });
  });
}

async function sandboxPaymentOf(sandboxUrl: string, qrCode: string): Promise<number> {
  const state = (await (await fetch(`${sandboxUrl}/sandbox/state`)).json()) as {
    payments: { id: number; point_of_interaction: { transaction_data: { qr_code: string } } }[];
  };
  const payment = state.payments.find((p) => p.point_of_interaction.transaction_data.qr_code === qrCode);
  if (!payment) throw new Error("the sandbox has no charge with that copia-e-cola");
  return payment.id;
}

/**
 * What one payment webhook costs the database: the webhook reads the payment from the provider
 * (no documents) and settles it in one mutation. Measured on a deposit waiting for its payment,
 * then again for a repeated notification of the same payment, which must change nothing.
 */
async function measureWebhookCost(): Promise<PixDeposit["webhook"]> {
  const t = await newBackend();
  const userId = await insertUser(t, "Depositante Medida");
  const depositId = await t.run(async (ctx) => beginDeposit(ctx, (await ctx.db.get("users", userId))!, DEPOSIT_CENTS));
  const paymentId = "1320000001";
  await t.mutation(internal.deposits.attach, { depositId, paymentId, qrCode: "copia-e-cola", expiresAt: Date.now() + 30 * 60_000 });
  const payment: Payment = {
    paymentId,
    status: "approved",
    amountCents: DEPOSIT_CENTS,
    paidCents: DEPOSIT_CENTS,
    statusDetail: "accredited",
    currency: "BRL",
    externalReference: depositId,
  };
  const walletBefore = await walletOf(t, userId);
  const first = await settleMeasured(t, payment);
  const repeated = await settleMeasured(t, payment);
  const credited = (await walletOf(t, userId)) - walletBefore;
  if (first.outcome !== "credited" || repeated.outcome !== "unchanged" || credited !== DEPOSIT_CENTS) {
    throw new Error(`webhook outcomes ${first.outcome} then ${repeated.outcome}, ${credited} cents credited`);
  }
  return { first: first.touched, repeated: repeated.touched };
}

type Payment = FunctionArgs<typeof internal.deposits.settle>["payment"];

async function walletOf(t: Backend, userId: Id<"users">): Promise<number> {
  return (await t.run((ctx) => ctx.db.get("users", userId)))?.walletCents ?? Number.NaN;
}

/** Runs `deposits:settle` nested in a throwaway mutation that reads the transaction metrics around it. */
function settleMeasured(t: Backend, payment: Payment) {
  return t.mutation(async (ctx) => {
    const before = await ctx.meta.getTransactionMetrics();
    const outcome = await ctx.runMutation(internal.deposits.settle, { payment });
    const after = await ctx.meta.getTransactionMetrics();
    const touched: DocumentsTouched = {
      documentsRead: after.documentsRead.used - before.documentsRead.used,
      documentsWritten: after.documentsWritten.used - before.documentsWritten.used,
    };
    return { outcome, touched };
  });
}
