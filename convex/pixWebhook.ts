import { env, httpAction } from "./_generated/server";
import { ProviderError, verifyWebhook } from "./model/payments/mercadoPago";
import { syncPayment, syncPayout } from "./model/payments/sync";

/** Mercado Pago's notifications are a few hundred bytes; anything far larger is refused unread. */
export const MAX_WEBHOOK_BYTES = 16 * 1024;

/** Notification topics about payments (charges) and about payouts (transfers to PIX keys). */
const PAYMENT_TOPICS = new Set(["payment"]);
const PAYOUT_TOPICS = new Set(["transaction_intent"]);

/**
 * The provider's notifications (`POST /pix/webhook`, and the older `/webhooks/mercadopago`). A notification only says "look
 * at this payment": once its signature checks out, the payment (or payout) is read from the
 * provider by id and settled from that read. Refusals answer 401 and the log says why; a
 * provider that cannot be read answers 500, so the provider retries later.
 */
export const receive = httpAction(async (ctx, request) => {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_WEBHOOK_BYTES) {
    console.warn(`PIX webhook refused: body of ${declared} bytes`);
    return new Response("Payload Too Large", { status: 413 });
  }
  const body = await request.text();
  if (body.length > MAX_WEBHOOK_BYTES) {
    console.warn(`PIX webhook refused: body of ${body.length} characters`);
    return new Response("Payload Too Large", { status: 413 });
  }
  const notice = await verifyWebhook({ url: request.url, headers: request.headers, body }, env.MERCADOPAGO_WEBHOOK_SECRET, Date.now());
  if ("refused" in notice) {
    console.warn(`PIX webhook refused: ${notice.refused}`);
    return new Response("Unauthorized", { status: 401 });
  }
  try {
    if (PAYMENT_TOPICS.has(notice.topic)) await syncPayment(ctx, notice.resourceId);
    else if (PAYOUT_TOPICS.has(notice.topic)) await syncPayout(ctx, notice.resourceId);
    else console.warn(`PIX webhook ignored: topic ${notice.topic}`);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    console.warn(`PIX webhook: could not read ${notice.topic} ${notice.resourceId}: ${error.message}`);
    return new Response("Provider unavailable", { status: error.definite ? 200 : 500 });
  }
  return new Response(null, { status: 200 });
});
