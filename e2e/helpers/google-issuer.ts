/**
 * An offline OpenID Connect issuer standing in for accounts.google.com in the browser tests.
 * The real @auth/core Google provider talks to it (the backend gets AUTH_GOOGLE_ISSUER), so
 * the whole redirect flow runs: Convex Auth's sign-in route → /authorize here → the callback
 * route → the app. Where Google shows its account chooser, the discovery document points at a
 * small page of ours (`/choose`) with `E-mail`, `Nome` and `Foto` fields and `Continuar`: it
 * forwards to the issuer's real /authorize with the account as `login_hint`, `test_name` and
 * `test_picture`, and the id token then carries that person.
 * Like Google, it refuses an unknown client id or a redirect URI not registered for the client
 * (at the chooser) and a wrong client secret (at the token endpoint), so a misconfigured
 * provider or callback route fails the journey instead of signing in anyway.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import { OAuth2Server } from "oauth2-mock-server";

export const GOOGLE_CLIENT_ID = "apoie-e2e.apps.googleusercontent.com";
export const GOOGLE_CLIENT_SECRET = "e2e-client-secret";

type Account = { email: string; name: string; picture: string };

/** Google's `sub` is stable per account; derive it from the e-mail so a return visit matches. */
function subjectOf(email: string): string {
  return `google-${Buffer.from(email).toString("hex")}`;
}

function claimsOf(account: Account) {
  return { sub: subjectOf(account.email), email: account.email, email_verified: true, name: account.name, picture: account.picture };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The account chooser: every query parameter of the authorization request rides along, hidden. */
function chooserPage(query: URLSearchParams, authorizeUrl: string): string {
  const hidden = [...query].map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`).join("");
  return `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Escolha uma conta</title>
<h1>Escolha uma conta</h1><form method="get" action="${escapeHtml(authorizeUrl)}">${hidden}
<label>E-mail <input name="login_hint" type="email" required></label>
<label>Nome <input name="test_name" required></label>
<label>Foto <input name="test_picture" type="url"></label>
<button>Continuar</button></form></html>`;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      if (typeof address === "object" && address) resolve(address.port);
      else reject(new Error("no port"));
    });
  });
}

/** The client credentials @auth/core sends to the token endpoint (HTTP Basic). */
function clientCredentials(req: IncomingMessage): { id: string; secret: string } | null {
  const header = req.headers.authorization ?? "";
  if (!header.startsWith("Basic ")) return null;
  const [id, secret] = Buffer.from(header.slice("Basic ".length), "base64").toString().split(":").map(decodeURIComponent);
  return id !== undefined && secret !== undefined ? { id, secret } : null;
}

/** Why the chooser would not open for this request (Google's own error codes), or null. */
function chooserRefusal(url: URL, redirectUri: string): [status: number, text: string] | null {
  if (url.pathname !== "/choose") return [404, ""];
  if (url.searchParams.get("client_id") !== GOOGLE_CLIENT_ID) return [401, "Erro 401: invalid_client"];
  if (url.searchParams.get("redirect_uri") !== redirectUri) return [400, "Erro 400: redirect_uri_mismatch"];
  return null;
}

/** `redirectUri`: the callback registered for the client, as in Google Cloud's console. */
export async function startGoogleIssuer({ redirectUri }: { redirectUri: string }): Promise<{ issuer: string; stop: () => Promise<void> }> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  // Which account each authorization code was issued for, until the backend redeems it.
  const accountByCode = new Map<string, Account>();

  server.service.on("beforeAuthorizeRedirect", (redirect: { url: URL }, req: { url?: string }) => {
    const query = new URL(req.url ?? "/", "http://issuer").searchParams;
    const email = query.get("login_hint");
    const code = redirect.url.searchParams.get("code");
    if (email && code) {
      accountByCode.set(code, { email, name: query.get("test_name") ?? email, picture: query.get("test_picture") ?? "" });
    }
  });
  server.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }, req: { body?: Record<string, unknown> }) => {
    const code = typeof req.body?.code === "string" ? req.body.code : undefined;
    const account = code === undefined ? undefined : accountByCode.get(code);
    if (account) Object.assign(token.payload, claimsOf(account), { aud: GOOGLE_CLIENT_ID });
  });
  server.service.on(
    "beforeResponse",
    (response: { body: unknown; statusCode: number }, req: IncomingMessage & { body?: Record<string, unknown> }) => {
      if (typeof req.body?.code === "string") accountByCode.delete(req.body.code);
      const client = clientCredentials(req);
      if (client?.id !== GOOGLE_CLIENT_ID || client.secret !== GOOGLE_CLIENT_SECRET) {
        response.statusCode = 401;
        response.body = { error: "invalid_client" };
      }
    },
  );

  await server.start(0, "127.0.0.1");
  const issuer = `http://127.0.0.1:${server.address().port}`;
  server.issuer.url = issuer;

  const chooser = createServer((req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    const refusal = chooserRefusal(url, redirectUri);
    res.writeHead(refusal?.[0] ?? 200, { "content-type": "text/html; charset=utf-8" });
    res.end(refusal === null ? chooserPage(url.searchParams, `${issuer}/authorize`) : `<h1>${refusal[1]}</h1>`);
  });
  const chooserUrl = `http://127.0.0.1:${await listen(chooser)}/choose`;
  server.service.on("beforeWellKnownOpenIdConfiguration", (configuration: { body: { authorization_endpoint: string } }) => {
    configuration.body.authorization_endpoint = chooserUrl;
  });

  return {
    issuer,
    stop: async () => {
      await new Promise((resolve) => chooser.close(resolve));
      await server.stop();
    },
  };
}
