/**
 * Who may see the dashboard: whoever presents the admin key, as `Authorization: Convex <key>`
 * (scripts), or once through the sign-in form or the `?key=` URL printed at start, which set
 * an HttpOnly, SameSite=Strict cookie. The cookie's name carries the port: cookies are per
 * host, not per port, and two backends on one machine have different keys. The cookie unlocks
 * the dashboard's routes only; the HTTP API and files never read it.
 */
import type { IncomingMessage } from "node:http";
import { isAdminKey } from "../security/admin-key.ts";

const CONVEX_ADMIN = /^Convex (.+)$/i;

export class DashboardAccess {
  constructor(
    private readonly adminKey: string,
    private readonly port: () => number,
  ) {}

  get cookieName(): string {
    return `apoie_admin_${this.port()}`;
  }

  /** Whether the request carries the key in its Authorization header or the dashboard's cookie. */
  allows(request: IncomingMessage): boolean {
    const header = CONVEX_ADMIN.exec(request.headers.authorization ?? "")?.[1];
    if (header !== undefined) return isAdminKey(header, this.adminKey);
    return isAdminKey(this.cookieValue(request), this.adminKey);
  }

  isKey(presented: unknown): boolean {
    return isAdminKey(presented, this.adminKey);
  }

  /** The Set-Cookie value that lets this browser in from now on (until it closes). */
  signInCookie(): string {
    return `${this.cookieName}=${encodeURIComponent(this.adminKey)}; HttpOnly; SameSite=Strict; Path=/`;
  }

  private cookieValue(request: IncomingMessage): string | undefined {
    for (const pair of (request.headers.cookie ?? "").split(";")) {
      const separator = pair.indexOf("=");
      if (separator === -1 || pair.slice(0, separator).trim() !== this.cookieName) continue;
      try {
        return decodeURIComponent(pair.slice(separator + 1).trim());
      } catch {
        return undefined;
      }
    }
    return undefined;
  }
}
