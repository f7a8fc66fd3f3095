/**
 * Admin access as a Convex deployment grants it to its CLI and dashboard: the admin key in
 * `Authorization: Convex <key>` (optionally `Convex <key>:<base64 JSON identity>` to act as a
 * user, which `npx convex run --identity` sends), in the WebSocket's `Authenticate` with
 * `tokenType: "Admin"`, as `?adminKey=` or as `adminKey` in a deploy request's body.
 *
 * An admin may call internal functions and the functions of components, and only an admin
 * may call the `_system/*` functions. A wrong or missing key gets 401 and nothing runs.
 */
import type { Identity } from "../../functions/auth-keys.ts";
import { isAdminKey } from "../security/admin-key.ts";

/** Whether `key` is this backend's admin key. */
export type AdminKeyCheck = (key: string) => boolean;

/** Who is calling: a user or nobody (identity) and whether with the admin key. */
export type Caller = { identity: Identity | null; admin: boolean };

export const ANONYMOUS: Caller = { identity: null, admin: false };

/** A refused admin request; answered with this status and `{code, message}`. */
export class AdminAuthError extends Error {
  readonly status = 401;
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Checks against the backend's admin key (front/security/admin-key.ts), in constant time. */
export function adminKeyCheck(adminKey: string): AdminKeyCheck {
  return (key) => isAdminKey(key, adminKey);
}

/** The identity `convex run --identity` asks to act as; the CLI fills subject, issuer and tokenIdentifier. */
export function actingIdentity(attributes: unknown): Identity {
  if (typeof attributes !== "object" || attributes === null || Array.isArray(attributes)) {
    throw new AdminAuthError("BadAdminKey", "The identity to act as is not a JSON object");
  }
  const identity = attributes as Record<string, unknown>;
  const subject = typeof identity.subject === "string" ? identity.subject : "";
  const issuer = typeof identity.issuer === "string" ? identity.issuer : "https://convex.test";
  const tokenIdentifier = typeof identity.tokenIdentifier === "string" ? identity.tokenIdentifier : `${issuer}|${subject}`;
  return { ...identity, subject, issuer, tokenIdentifier } as Identity;
}

/** Throws unless `key` is the admin key. */
export function requireAdminKey(key: unknown, check: AdminKeyCheck): void {
  if (typeof key !== "string" || key.length === 0) {
    throw new AdminAuthError("MissingAdminKey", "This request needs the deployment's admin key");
  }
  if (!check(key)) throw new AdminAuthError("BadAdminKey", "The provided admin key was invalid for this instance");
}

/**
 * The admin caller of an `Authorization: Convex …` header value (after "Convex "): the key,
 * then optionally ":" and the base64 JSON of the identity to act as.
 */
export function adminCaller(credentials: string, check: AdminKeyCheck): Caller {
  const separator = credentials.lastIndexOf(":");
  const key = separator === -1 ? credentials : credentials.slice(0, separator);
  requireAdminKey(key, check);
  if (separator === -1) return { identity: null, admin: true };
  let attributes: unknown;
  try {
    attributes = JSON.parse(Buffer.from(credentials.slice(separator + 1), "base64").toString("utf8"));
  } catch {
    throw new AdminAuthError("BadAdminKey", "The identity after the admin key is not base64 JSON");
  }
  return { identity: actingIdentity(attributes), admin: true };
}

/** The admin credentials of a request (header `Convex …` or `?adminKey=`), or null when it sends none. */
export function adminCredentials(authorization: string | undefined, url: URL): string | null {
  const header = /^convex\s+(.+)$/i.exec(authorization ?? "")?.[1];
  if (header !== undefined) return header.trim();
  return url.searchParams.get("adminKey");
}
