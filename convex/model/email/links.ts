/** Where e-mails link to in the app. */

/** The app's address when SITE_URL is not set (the local development server). */
export const DEFAULT_SITE_URL_FALLBACK = "http://127.0.0.1:5173";

export function eventPath(eventId: string): string {
  return `/event/${encodeURIComponent(eventId)}`;
}
