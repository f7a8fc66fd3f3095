/**
 * The environment convex/ functions read that this project's local deployments set: local
 * sign-in on, where the HTTP actions are served (CONVEX_SITE_URL, Convex Auth's issuer), the
 * web app's URL (SITE_URL, for redirects) and Convex Auth's log level. Said once for the
 * local backend (server.ts) and the convex-test suites (vitest.config.ts); the browser tests
 * pass the app's port as SITE_URL to the backend they start.
 */
export const DEFAULT_SITE_URL = "http://127.0.0.1:5173";
/** The port of the HTTP actions when none is given. */
export const DEFAULT_SITE_PORT = 3211;

export function functionEnvironment({
  convexSiteUrl = `http://127.0.0.1:${DEFAULT_SITE_PORT}`,
  siteUrl = DEFAULT_SITE_URL,
}: { convexSiteUrl?: string; siteUrl?: string | undefined } = {}) {
  return {
    AUTH_LOCAL_LOGIN: "true",
    CONVEX_SITE_URL: convexSiteUrl,
    SITE_URL: siteUrl,
    AUTH_LOG_LEVEL: process.env.AUTH_LOG_LEVEL ?? "WARN",
  };
}
