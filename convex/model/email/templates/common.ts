import { renderHtml, renderText, siteUrl, type EmailPage } from "../layout";
import { eventPath } from "../links";
import type { EmailContent } from "../outbox";

export function pageContent(page: EmailPage, subject: string): EmailContent {
  return { subject, html: renderHtml(page), text: renderText(page), ...(page.unsubscribe ? { unsubscribeUrl: page.unsubscribe.url } : {}) };
}

export function eventUrl(eventId: string): string {
  return `${siteUrl()}${eventPath(eventId)}`;
}

/** Where the wallet's Extrato is: the app's home, whose account menu opens it. */
export function walletUrl(): string {
  return `${siteUrl()}/`;
}
