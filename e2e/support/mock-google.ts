/**
 * A stand-in for Google's OpenID Connect issuer, on a loopback port, so the browser tests sign
 * in through the real `@auth/core` Google provider and Convex Auth's HTTP routes offline.
 *
 * oauth2-mock-server does discovery, PKCE, the code exchange and signed id_tokens. On top of
 * it, like Google: an account chooser (where the test types the name, e-mail and picture of the
 * account), a check of the client id and of the registered redirect URI, a check of the client
 * secret at the token endpoint, and pictures served from the issuer itself.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Events, OAuth2Server } from "oauth2-mock-server";

/** What oauth2-mock-server's routes and events receive: the request with its parsed query/body. */
type MockRequest = IncomingMessage & { query: Record<string, unknown>; body: Record<string, unknown> };

type Account = { name: string; email: string; picture: string };

type MockGoogleOptions = { clientId: string; clientSecret: string; redirectUri: string };

const CHOOSER_PATH = "/choose-account";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function firstString(value: unknown): string {
  return typeof value === "string" ? value : Array.isArray(value) && typeof value[0] === "string" ? value[0] : "";
}

function sendHtml(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" });
  res.end(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Google (teste)</title></head><body>${body}</body></html>`);
}

/** Basic-auth client credentials, the way @auth/core sends them (client_secret_basic). */
function clientCredentials(req: IncomingMessage): { id: string; secret: string } | null {
  const header = req.headers.authorization ?? "";
  if (!header.startsWith("Basic ")) return null;
  const [id, secret] = Buffer.from(header.slice(6), "base64").toString().split(":").map(decodeURIComponent);
  return id !== undefined && secret !== undefined ? { id, secret } : null;
}

/** Google's `sub` is a stable id per account; here it follows from the e-mail. */
const subjectOf = (email: string) => createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 21);

export async function startMockGoogle({ clientId, clientSecret, redirectUri }: MockGoogleOptions) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  const service = server.service;
  /** The account chosen for each authorization code, read when the code is exchanged. */
  const accountByCode = new Map<string, Account>();

  // The chooser is the authorization endpoint the browser sees; its form then goes on to the
  // mock's own /authorize with the chosen account, which issues the code.
  service.on(Events.BeforeWellKnownOpenIdConfiguration, (response: { body: Record<string, unknown> }) => {
    response.body.authorization_endpoint = `${server.issuer.url}${CHOOSER_PATH}`;
    response.body.token_endpoint_auth_methods_supported = ["client_secret_basic"];
  });

  service.addRoute("GET", CHOOSER_PATH, (req, res) => {
    const query = (req as MockRequest).query;
    // Google refuses an unknown client or a redirect URI not registered for it.
    if (firstString(query.client_id) !== clientId) return sendHtml(res, 401, "<h1>Erro 401: invalid_client</h1>");
    if (firstString(query.redirect_uri) !== redirectUri) return sendHtml(res, 400, "<h1>Erro 400: redirect_uri_mismatch</h1>");
    const hidden = Object.entries(query)
      .map(([key, value]) => `<input type="hidden" name="${escapeHtml(key)}" value="${escapeHtml(firstString(value))}">`)
      .join("");
    sendHtml(
      res,
      200,
      `<h1>Escolha uma conta</h1><form method="get" action="/authorize">${hidden}
      <label>Nome <input name="mock_name" required></label>
      <label>E-mail <input name="mock_email" type="email" required></label>
      <label>Foto <input name="mock_picture" required></label>
      <button type="submit">Continuar</button></form>`,
    );
  });

  service.on(Events.BeforeAuthorizeRedirect, ({ url }: { url: URL }, req: MockRequest) => {
    const code = url.searchParams.get("code");
    const account = {
      name: firstString(req.query.mock_name),
      email: firstString(req.query.mock_email),
      picture: firstString(req.query.mock_picture),
    };
    if (code !== null && account.email !== "") accountByCode.set(code, account);
  });

  // The token endpoint checks the client secret, as Google does.
  service.on(Events.BeforeResponse, (response: { body: unknown; statusCode: number }, req: IncomingMessage) => {
    const credentials = clientCredentials(req);
    if (credentials?.id !== clientId || credentials.secret !== clientSecret) {
      response.statusCode = 401;
      response.body = { error: "invalid_client" };
    }
  });

  // Both tokens built for a code carry the chosen account's claims.
  service.on(Events.BeforeTokenSigning, (token: { payload: Record<string, unknown> }, req: MockRequest) => {
    const account = accountByCode.get(firstString(req.body.code));
    if (account === undefined) return;
    Object.assign(token.payload, { sub: subjectOf(account.email), email_verified: true, ...account });
  });

  // Profile pictures, served by the issuer itself (Google serves them from its own host).
  service.addRoute("GET", "/picture", (req, res) => {
    const requested = firstString((req as MockRequest).query.color);
    const color = /^[0-9a-f]{6}$/i.test(requested) ? requested : "4285f4";
    res.writeHead(200, { "Content-Type": "image/svg+xml" });
    res.end(`<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" fill="#${color}"/></svg>`);
  });

  // Set before start so the issuer is 127.0.0.1 (the default would say localhost).
  server.issuer.url = "http://127.0.0.1:0";
  await server.start(0, "127.0.0.1");
  server.issuer.url = `http://127.0.0.1:${server.address().port}`;
  return { issuer: server.issuer.url, stop: () => server.stop() };
}
