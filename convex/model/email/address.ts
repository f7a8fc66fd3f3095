/**
 * Addresses the outbox accepts: the shared e-mail pattern, at most 254 characters (RFC 5321),
 * plain text only. A line break, a comma or an angle bracket would let a name or an address
 * reach another header or another recipient, so such an address is refused, never cleaned.
 */
import { isPlainEmailText } from "../../model/shared/cleanText";
import { isEmailAddress } from "../../model/shared/email";

export const MAX_EMAIL_ADDRESS_LENGTH = 254;
const HEADER_BREAKERS = /[\r\n,;<>"()[\]\\]/;

/** The address in lower case, or null when it is no single plain address. */
export function checkAddress(raw: string): string | null {
  const address = raw.trim().toLowerCase();
  if (address.length === 0 || address.length > MAX_EMAIL_ADDRESS_LENGTH) return null;
  if (HEADER_BREAKERS.test(address) || !isPlainEmailText(address) || !isEmailAddress(address)) return null;
  return address;
}

/** A subject on one line: control characters (CR/LF included) become spaces, at most 200 characters. */
export function oneLineSubject(subject: string): string {
  return subject
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .trim()
    .slice(0, 200);
}
