/**
 * The `x-signature` header Mercado Pago puts on a notification: `ts=<seconds>,v1=<hex>`, the
 * HMAC-SHA256 with the webhook secret of the signed text (one definition, beside the adapter that
 * verifies it). The sandbox signs what it sends with it; the app's tests sign the notifications
 * they deliver by hand with it. Web Crypto only, so it runs in Node and in the edge runtime alike.
 */
import { webhookSignedText } from "../convex/model/payments/mercadoPagoFormats.ts";

export async function signWebhook(secret: string, dataId: string, requestId: string | null, ts: number): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(webhookSignedText(dataId, requestId, ts))));
  return `ts=${ts},v1=${Array.from(mac, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}
