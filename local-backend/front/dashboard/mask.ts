/**
 * What the dashboard never shows: whatever lets someone sign in as another. Every value of
 * Convex Auth's session, refresh token, verification code and verifier tables (their ids
 * too: a refresh token is `<refresh token id>|<session id>`), and any field, in any table
 * or component, whose name says it is a secret, a token, a password, a code, a hash or a key.
 */
import type { Value } from "convex/values";
import type { Document } from "../../database/convex-test-adapter.ts";

export const HIDDEN = "[hidden]";
const SECRET_TABLES = new Set(["authSessions", "authRefreshTokens", "authVerificationCodes", "authVerifiers"]);
const SECRET_FIELD = /secret|token|password|passcode|signature|verifier|code$|key$|hash$/i;
const ALWAYS_SHOWN = new Set(["_creationTime"]);

function maskFields(value: Value): Value {
  if (Array.isArray(value)) return value.map(maskFields);
  if (value === null || typeof value !== "object" || value instanceof ArrayBuffer) return value;
  return Object.fromEntries(
    Object.entries(value).map(([field, inner]) => [field, SECRET_FIELD.test(field) ? HIDDEN : maskFields(inner as Value)]),
  );
}

/** The document as the dashboard may show it. */
export function maskDocument(table: string, document: Document): Document {
  if (SECRET_TABLES.has(table)) {
    return Object.fromEntries(
      Object.entries(document).map(([field, value]) => [field, ALWAYS_SHOWN.has(field) ? value : HIDDEN]),
    ) as Document;
  }
  return maskFields(document) as Document;
}
