import type { Page, WebSocketRoute } from "@playwright/test";

type Message = string | Buffer;

/**
 * Stands between a page and the backend's WebSocket (Convex's sync protocol) and holds the
 * messages of one direction until the test releases them: the test's own slow backend. It lives
 * only in the browser test (Playwright's routeWebSocket), so nothing in the app or the backend
 * can turn it on. Install it before the page opens.
 */
export async function holdSync(page: Page) {
  let toPage: WebSocketRoute | null = null;
  let server: WebSocketRoute | null = null;
  const held = { answers: null as Message[] | null, requests: null as Message[] | null };
  await page.routeWebSocket(/\/api\/[^/]+\/sync$/, (socket) => {
    const toServer = socket.connectToServer();
    toPage = socket;
    server = toServer;
    toServer.onMessage((message) => (held.answers === null ? socket.send(message) : held.answers.push(message)));
    socket.onMessage((message) => (held.requests === null ? toServer.send(message) : held.requests.push(message)));
  });
  return {
    /** From now on the backend's messages wait here (the page hears nothing). */
    holdAnswers: () => void (held.answers ??= []),
    /** Delivers what was held, in order, and lets the rest through. */
    releaseAnswers: () => {
      const waiting = held.answers ?? [];
      held.answers = null;
      for (const message of waiting) toPage?.send(message);
    },
    /** From now on the page's messages wait here (the backend hears nothing). */
    holdRequests: () => void (held.requests ??= []),
    releaseRequests: () => {
      const waiting = held.requests ?? [];
      held.requests = null;
      for (const message of waiting) server?.send(message);
    },
  };
}
