/**
 * The `x-signature` header Mercado Pago puts on a notification: `ts=<seconds>,v1=<hex>`, the
 * HMAC-SHA256 with the webhook secret of the text its documentation gives as
 * `id:[data.id_url];request-id:[x-request-id_header];ts:[ts_header];`. Said here on the sandbox's
 * side (the app verifies with its own code; examples/mercado-pago.json holds signatures both must
 * match). The sandbox signs what it sends with it; the app's tests sign the notifications they
 * deliver by hand with it. Web Crypto only, so it runs in Node and in the edge runtime alike.
 */

/** The signed text: an id with letters in lower case, and a part the notification lacks (no x-request-id) left out. */
export function signedManifest(dataId: string, requestId: string | null, ts: number | string): string {
  const parts = [`id:${dataId.toLowerCase()}`];
  if (requestId !== null) parts.push(`request-id:${requestId}`);
  parts.push(`ts:${ts}`);
  return `${parts.join(";")};`;
}

export async function signWebhook(secret: string, dataId: string, requestId: string | null, ts: number): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(signedManifest(dataId, requestId, ts))));
  return `ts=${ts},v1=${Array.from(mac, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}
