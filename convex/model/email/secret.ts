/**
 * An e-mail that carries a secret (the sign-in code) is stored with a placeholder where the
 * secret goes, and the secret in the row's `secret` field, put in only when the message is
 * handed to the provider (message.ts). The field is cleared as soon as the e-mail is sent or
 * given up on, and a code still unsent when it expires is never sent: someone who can read the
 * outbox table (an export, the dashboard) finds no code that still signs in.
 */

import type { Doc } from "../../_generated/dataModel";
import { CODE_TTL_SECONDS } from "./signInCode";

/** Where the secret goes in the subject, HTML and text. Nothing a person writes reaches a sign-in code e-mail. */
export const SECRET_PLACEHOLDER = "[[secret]]";

/** `text` with the secret put in, when there is one. */
export function withSecret(text: string, secret: string | undefined): string {
  return secret === undefined ? text : text.split(SECRET_PLACEHOLDER).join(secret);
}

/** Why an e-mail whose secret expired before it could be sent was given up on. */
export const SECRET_EXPIRED = "the sign-in code expired before it could be sent";

/** Whether the row carries a sign-in code that no longer signs in (older than its 15 minutes): sending it helps nobody. */
export function secretExpired(email: Doc<"emails">, now: number): boolean {
  return email.secret !== undefined && now - email._creationTime > CODE_TTL_SECONDS * 1000;
}
