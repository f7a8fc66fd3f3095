/** The mailbox's memory: every e-mail received, and what each idempotency key answered. */

export type Attachment = { filename: string; content: string; contentId: string | null; contentType: string };

export type StoredMessage = {
  id: string;
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  attachments: Attachment[];
  receivedAt: number;
  idempotencyKey: string | null;
};

/** What a key was used for: the request's fingerprint and the message it created. */
type KeyRecord = { fingerprint: string; messageId: string };

export class MailStore {
  readonly messages: StoredMessage[] = [];
  private readonly keys = new Map<string, KeyRecord>();
  private next = 1;
  /** Requests to the sending route, answered or not (faults included). */
  requests = 0;

  add(message: Omit<StoredMessage, "id">): StoredMessage {
    const id = `msg_${String(this.next++).padStart(6, "0")}_${Math.random().toString(36).slice(2, 8)}`;
    const stored = { ...message, id };
    this.messages.push(stored);
    if (message.idempotencyKey !== null) this.keys.set(message.idempotencyKey, { fingerprint: fingerprintOf(message), messageId: id });
    return stored;
  }

  byKey(key: string): KeyRecord | undefined {
    return this.keys.get(key);
  }

  get(id: string): StoredMessage | undefined {
    return this.messages.find((message) => message.id === id);
  }

  /** Newest first, optionally only those sent to `to`. */
  list(to: string | null): StoredMessage[] {
    const wanted = to?.toLowerCase() ?? null;
    return this.messages.filter((message) => wanted === null || message.to.some((address) => address.toLowerCase() === wanted)).reverse();
  }

  clear(): void {
    this.messages.length = 0;
    this.keys.clear();
    this.requests = 0;
  }
}

/** What makes two requests "the same e-mail" for an idempotency key (Resend refuses a key reused with another payload). */
export function fingerprintOf(message: Pick<StoredMessage, "from" | "to" | "subject" | "html" | "text">): string {
  return JSON.stringify([message.from, message.to, message.subject, message.html, message.text]);
}
