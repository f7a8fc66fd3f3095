/** An e-mail from the outbox to the local mailbox, on the local backend. */
import { ms } from "../format";
import { benchPart, check, isNotMeasured, type NotMeasured } from "../part";
import { measureEmailDelivery, type EmailDelivery } from "../email-delivery";
import type { Row } from "../table";

const MAX_RECORDED_TO_INBOX_P95_MS = 5_000;

export const emailDeliveryPart = benchPart<EmailDelivery>({
  name: "email-delivery",
  measure: () => measureEmailDelivery(),
  rows: emailDeliveryRows,
});

function emailDeliveryRows(result: EmailDelivery | NotMeasured): Row[] {
  const measure = "E-mail: recorded in the outbox → in the local mailbox (scheduled send, provider call, settle)";
  const target = `p95 ≤ ${ms(MAX_RECORDED_TO_INBOX_P95_MS)}`;
  if (isNotMeasured(result)) return [{ section: "live", measure, result: `not measured: ${result.notMeasured}`, target }];
  return [
    {
      section: "live",
      measure,
      result: `p50 ${ms(result.p50)}, p95 ${ms(result.p95)}, p99 ${ms(result.p99)} (${result.samples} e-mails)`,
      target,
      status: check(result.p95 <= MAX_RECORDED_TO_INBOX_P95_MS),
    },
  ];
}
