/**
 * E-mail for the convex-test suites: the provider adapter's `fetch` answered by the local
 * mailbox's own request handler (mail-sandbox/handler.ts), in this process and without a
 * server — the same Resend API `npm run dev` and the browser tests talk to over HTTP.
 */
import { afterEach, beforeEach, vi } from "vitest";
import { PNG } from "pngjs";
import jsQR from "jsqr";
import { createMailHandler } from "../../mail-sandbox/handler.ts";
import type { StoredMessage } from "../../mail-sandbox/store.ts";

export const MAIL_API = "https://mail.test";
const API_KEY = "re_test_key";

/** The deployment's variables, as `npx convex env set` would set them; retries after 10 ms. */
export function configureEmail() {
  vi.stubEnv("RESEND_API_KEY", API_KEY);
  vi.stubEnv("RESEND_API_URL", MAIL_API);
  vi.stubEnv("EMAIL_FROM", "Apoie <ingressos@apoie.test>");
  vi.stubEnv("EMAIL_RETRY_BASE_MS", "10");
  vi.stubEnv("EMAIL_SEND_TIMEOUT_MS", "50");
}

/** For every test of the calling file: a test clock and the variables above, undone after each. */
export function withEmailTestEnvironment() {
  beforeEach(() => {
    vi.useFakeTimers();
    configureEmail();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });
}

/**
 * A fresh mailbox answering `fetch`, and its fault switch. Other hosts are refused, or handed to
 * `others` (the `fetch` another sandbox stubbed before, such as the PIX one).
 */
export function mailbox({ others }: { others?: typeof fetch } = {}) {
  const mail = createMailHandler({ apiKey: API_KEY, holdMs: 100 });
  const answer = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    if (!request.url.startsWith(MAIL_API)) {
      if (others !== undefined) return others(input, init);
      throw new TypeError(`fetch to ${request.url} in an e-mail test`);
    }
    return mail.handle(request);
  };
  vi.stubGlobal("fetch", vi.fn(answer));
  return {
    store: mail.store,
    /** `status=503&times=2`, `drop=1`, `timeout=1`, `chaos=0.3` (mail-sandbox/README.md). */
    fault: (query: string) => mail.faults.apply(new URLSearchParams(query)),
    to: (address: string) => mail.store.list(address),
  };
}

/** The QR code drawn in an e-mail's inline image `cid`, decoded. */
export function decodeQr(message: StoredMessage, cid: string): string | null {
  const file = message.attachments.find((a) => a.contentId === cid);
  if (file === undefined) return null;
  const png = PNG.sync.read(Buffer.from(file.content, "base64"));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}
