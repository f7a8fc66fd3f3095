import { afterAll, beforeAll, it } from "vitest";
import { purchasesEmailedExactlyOnce, startDeliveryRun, type DeliveryRun } from "./email-delivery.ts";

let run: DeliveryRun;
beforeAll(async () => {
  // A thousand purchases in one process: the answer's limit stays far past the event loop's lag.
  run = await startDeliveryRun(0.3, { sendTimeoutMs: 60_000, holdMs: 75_000 });
});
afterAll(() => run.close());

it("1,000 purchases, a mailbox failing 30% of requests (5xx, 429, dropped and held answers): 1,000 e-mails, none twice", async () => {
  await purchasesEmailedExactlyOnce(run, 1_000);
}, 900_000);
