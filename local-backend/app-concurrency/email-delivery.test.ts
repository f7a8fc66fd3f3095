import { afterAll, beforeAll, it } from "vitest";
import { purchasesEmailedExactlyOnce, startDeliveryRun, type DeliveryRun } from "./email-delivery.ts";

let run: DeliveryRun;
beforeAll(async () => {
  run = await startDeliveryRun(0.3);
});
afterAll(() => run.close());

it("100 purchases, a mailbox failing 30% of requests (5xx, 429, dropped and held answers): 100 e-mails, none twice", async () => {
  await purchasesEmailedExactlyOnce(run, 100);
}, 120_000);
