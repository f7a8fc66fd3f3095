/** A PIX deposit end to end on the local backend and the sandbox, and the payment webhook's documents. */
import { ms } from "../format";
import { benchPart, check, isNotMeasured, type NotMeasured } from "../part";
import { measurePixDeposit, type DocumentsTouched, type PixDeposit } from "../pix-deposit";
import type { Row } from "../table";

export const pixDepositPart = benchPart<PixDeposit>({
  name: "pix-deposit",
  measure: () => measurePixDeposit(),
  rows: pixDepositRows,
});

/** "Others' actions within a second": a payment shows in the payer's open wallet within this. */
const MAX_PAID_TO_WALLET_P95_MS = 1_000;
/** The settling transaction reads the deposit, the person and the ledger rows it checks: a handful. */
const MAX_WEBHOOK_DOCS_READ = 10;

function pixDepositRows(result: PixDeposit | NotMeasured): Row[] {
  const paidMeasure = "PIX deposit: sandbox Pagar → the payer's open wallet (webhook, provider read, credit)";
  const paidTarget = `p95 < ${MAX_PAID_TO_WALLET_P95_MS} ms`;
  const webhookMeasure = "PIX payment webhook (deposits:settle), first delivery / repeated";
  if (isNotMeasured(result)) {
    return [
      { section: "live", measure: paidMeasure, result: `not measured: ${result.notMeasured}`, target: paidTarget },
      { section: "functions", measure: webhookMeasure, result: `not measured: ${result.notMeasured}` },
    ];
  }
  const { paidToWallet, webhook } = result;
  const touched = ({ documentsRead, documentsWritten }: DocumentsTouched) => `${documentsRead} read, ${documentsWritten} written`;
  return [
    {
      section: "live",
      measure: paidMeasure,
      result: `p50 ${ms(paidToWallet.p50)}, p95 ${ms(paidToWallet.p95)}, p99 ${ms(paidToWallet.p99)} (${paidToWallet.samples} deposits)`,
      target: paidTarget,
      status: check(paidToWallet.p95 < MAX_PAID_TO_WALLET_P95_MS),
    },
    {
      section: "functions",
      measure: webhookMeasure,
      result: `${touched(webhook.first)} / ${touched(webhook.repeated)}`,
      target: `≤ ${MAX_WEBHOOK_DOCS_READ} read; a repeat writes nothing`,
      status: check(webhook.first.documentsRead <= MAX_WEBHOOK_DOCS_READ && webhook.repeated.documentsWritten === 0),
    },
  ];
}
