/** An outbox row as the provider receives it: the QR images attached inline, the unsubscribe headers. */
import type { Doc } from "../../_generated/dataModel";
import { oneLineSubject } from "./address";
import type { ProviderMessage } from "./provider";
import { qrPng, toBase64 } from "./qrPng";
import { withSecret } from "./secret";

/** The inline image `index` of an e-mail's QR codes is referenced in its HTML as this `src`. */
export function qrCid(index: number): string {
  return `qr-${index}`;
}

export function providerMessage(email: Doc<"emails">): ProviderMessage {
  const headers: Record<string, string> = {};
  if (email.unsubscribeUrl !== undefined) {
    // RFC 8058 one-click unsubscribe: mail clients POST to the link themselves.
    headers["List-Unsubscribe"] = `<${email.unsubscribeUrl}>`;
    headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
  }
  return {
    to: email.to,
    subject: oneLineSubject(withSecret(email.subject, email.secret)),
    html: withSecret(email.html, email.secret),
    text: withSecret(email.text, email.secret),
    headers,
    attachments: (email.qrCodes ?? []).map((code, index) => ({
      filename: `ingresso-${code}.png`,
      content: toBase64(qrPng(code)),
      content_id: qrCid(index),
      content_type: "image/png",
    })),
  };
}
