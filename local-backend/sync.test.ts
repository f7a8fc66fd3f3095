import { ConvexHttpClient, type ConvexClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import { ConvexError, type Value } from "convex/values";
import { SignJWT, decodeJwt, generateKeyPair, importPKCS8 } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../convex/_generated/api";
import type { LocalBackend } from "./server.ts";
import {
  authenticate,
  createEvent,
  newClient,
  rejectionData,
  signedInClient,
  signInLocally,
  startTestBackend,
  waitForQuery,
} from "./test-support.ts";

/** The subject ("<userId>|<sessionId>") of a token the backend issued. */
function subjectOf(token: string): string {
  return decodeJwt(token).sub!;
}

/** A token signed with the backend's own key (from the environment it set), expiring at `exp`. */
async function ownToken(subject: string, exp: number): Promise<string> {
  const key = await importPKCS8(process.env.JWT_PRIVATE_KEY!, "RS256");
  return new SignJWT({})
    .setProtectedHeader({ alg: "RS256" })
    .setSubject(subject)
    .setIssuer(backend.siteUrl)
    .setAudience("convex")
    .setIssuedAt(exp - 3600)
    .setExpirationTime(exp)
    .sign(key);
}

let backend: LocalBackend;
const clients: ConvexClient[] = [];

function track(client: ConvexClient): ConvexClient {
  clients.push(client);
  return client;
}

beforeAll(async () => {
  backend = await startTestBackend();
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await backend.close();
});

describe("sync over the WebSocket", () => {
  it("pushes a support made by one client to another client's subscription", async () => {
    const creator = track(await signedInClient(backend.url, "Criadora", "criadora@exemplo.com"));
    const eventId = await createEvent(creator, { goalCents: 20_000 });
    const watcher = track(newClient(backend.url));
    const before = await waitForQuery(watcher, api.events.get, { id: eventId }, (event) => event !== null);
    expect(before?.raisedCents).toBe(0);

    const supporter = track(await signedInClient(backend.url, "Apoiador", "apoiador@exemplo.com"));
    const result = await supporter.mutation(api.supports.support, { eventId, amountCents: 1_250 });
    expect(result).toEqual({ supportId: expect.any(String), queued: false }); // a quiet event: applied at once

    const after = await waitForQuery(watcher, api.events.get, { id: eventId }, (event) => event?.raisedCents === 1_250);
    expect(after?.raisedCents).toBe(1_250);
    // The supporter's own wallet subscription follows too.
    const me = await waitForQuery(supporter, api.users.me, {}, (user) => user?.walletCents === 3_750);
    expect(me?.walletCents).toBe(3_750);
    // Same query at the same moment, different people: each sees their own.
    const [creatorMe, supporterMe] = await Promise.all([creator.query(api.users.me, {}), supporter.query(api.users.me, {})]);
    expect(creatorMe).toMatchObject({ email: "criadora@exemplo.com", walletCents: 5_000 });
    expect(supporterMe).toMatchObject({ email: "apoiador@exemplo.com", walletCents: 3_750 });
  });

  it("signs in with the local provider and then sees the new user's wallet", async () => {
    const client = track(newClient(backend.url));
    expect(await client.query(api.users.me, {})).toBeNull();
    const token = await signInLocally(client, "Joana Lima", "joana@exemplo.com");
    expect(await authenticate(client, token)).toBe(true);
    const me = await waitForQuery(client, api.users.me, {}, (user) => user !== null);
    expect(me).toMatchObject({ name: "Joana Lima", email: "joana@exemplo.com", walletCents: 5_000 });
  });

  it("refreshes tokens over HTTP, as the Convex Auth client does", async () => {
    const client = track(newClient(backend.url));
    const { tokens } = await client.action(api.auth.signIn, {
      provider: "local",
      params: { name: "Renovada", email: "renovada@exemplo.com" },
    });
    expect(tokens?.refreshToken).toEqual(expect.any(String));
    const refreshed = await new ConvexHttpClient(backend.url).action(api.auth.signIn, { refreshToken: tokens!.refreshToken });
    expect(refreshed.tokens?.token).toEqual(expect.any(String));
    expect(await authenticate(client, refreshed.tokens!.token)).toBe(true);
    expect(await client.query(api.users.me, {})).toMatchObject({ email: "renovada@exemplo.com" });
  });

  it("rejects a forged token, and the client falls back to signed out", async () => {
    const { privateKey } = await generateKeyPair("RS256");
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: "RS256" })
      .setSubject("fake-user|fake-session")
      .setIssuer(backend.siteUrl)
      .setAudience("convex")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(privateKey);
    const client = track(newClient(backend.url));
    expect(await authenticate(client, forged)).toBe(false);
    expect(await client.query(api.users.me, {})).toBeNull();

    const http = new ConvexHttpClient(backend.url);
    http.setAuth(forged);
    await expect(http.query(api.users.me, {})).rejects.toThrow(/Could not verify the token/);
  });

  it("rejects an expired token signed with the backend's own key", async () => {
    const client = track(newClient(backend.url));
    const subject = subjectOf(await signInLocally(client, "Vencido", "vencido@exemplo.com"));
    const expired = await ownToken(subject, Math.floor(Date.now() / 1000) - 60);
    expect(await authenticate(client, expired)).toBe(false);
  });

  it("drops the identity when its token expires mid-session", async () => {
    const client = track(newClient(backend.url));
    const subject = subjectOf(await signInLocally(client, "Breve", "breve@exemplo.com"));
    const shortLived = await ownToken(subject, Math.floor(Date.now() / 1000) + 5);
    const changes: boolean[] = [];
    const signedOut = new Promise<void>((resolve) =>
      client.setAuth(
        () => Promise.resolve(shortLived),
        (isAuthenticated) => {
          changes.push(isAuthenticated);
          if (!isAuthenticated) resolve();
        },
      ),
    );
    expect(await waitForQuery(client, api.users.me, {}, (user) => user !== null)).toMatchObject({ email: "breve@exemplo.com" });
    await signedOut;
    expect(changes).toEqual([true, false]);
    expect(await waitForQuery(client, api.users.me, {}, (user) => user === null)).toBeNull();
  });

  it("delivers ConvexError data intact over the WebSocket and over HTTP", async () => {
    const signedOut = track(newClient(backend.url));
    const creator = track(await signedInClient(backend.url, "Outra Criadora", "outra@exemplo.com"));
    const eventId = await createEvent(creator);

    const data = await rejectionData(signedOut.mutation(api.supports.support, { eventId, amountCents: 1_000 }));
    expect(data).toEqual({ code: "NOT_SIGNED_IN", message: "Você precisa estar logado para apoiar este evento!" });

    const belowMinimum = await rejectionData(creator.mutation(api.supports.support, { eventId, amountCents: 100 }));
    expect(belowMinimum).toEqual({ code: "BELOW_MINIMUM", message: expect.stringMatching(/^O valor mínimo de apoio é R\$\s5,00$/) });

    const http = new ConvexHttpClient(backend.url);
    const error = await http.mutation(api.supports.support, { eventId, amountCents: 1_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConvexError);
    expect((error as ConvexError<Value>).data).toEqual({
      code: "NOT_SIGNED_IN",
      message: "Você precisa estar logado para apoiar este evento!",
    });
  });

  it("refuses internal functions to clients", async () => {
    const client = track(newClient(backend.url));
    const seed = makeFunctionReference<"mutation">("seed:run");
    await expect(client.mutation(seed, {})).rejects.toThrow(/Could not find public function for 'seed:run'/);
    await expect(new ConvexHttpClient(backend.url).mutation(seed, {})).rejects.toThrow(/Could not find public function/);
  });

  it("serves ConvexHttpClient queries and mutations with a token", async () => {
    const client = track(newClient(backend.url));
    const token = await signInLocally(client, "Http", "http@exemplo.com");
    const http = new ConvexHttpClient(backend.url);
    http.setAuth(token);
    const eventId = await http.mutation(api.events.create, {
      venueName: "Teatro Municipal",
      city: "São Paulo",
      uf: "SP",
      name: "Evento via HTTP",
      category: "Tecnologia",
      startsAt: Date.now() + 86_400_000,
      goalCents: 10_000,
      minSupportCents: 500,
      goalPercentage: 100,
      isTicketed: true,
    });
    expect(await http.query(api.events.get, { id: eventId })).toMatchObject({ name: "Evento via HTTP", raisedCents: 0 });
    expect(await http.query(api.users.me, {})).toMatchObject({ email: "http@exemplo.com", walletCents: 5_000 });
  });

  it("pins the end of a subscribed page, so pages neither drop nor repeat items as new ones arrive", async () => {
    const host = track(await signedInClient(backend.url, "Anfitriã", "anfitria@exemplo.com"));
    const eventId = await createEvent(host);
    for (const body of ["m1", "m2", "m3"]) await host.mutation(api.chat.send, { eventId, body });
    const bodies = (result: { page: { body: string }[] }) => result.page.map((message) => message.body);
    // Two pages as usePaginatedQuery asks for them (newest first), both kept subscribed.
    const firstArgs = { eventId, paginationOpts: { numItems: 2, cursor: null } };
    const first = host.onUpdate(api.chat.list, firstArgs, () => {});
    const firstPage = await waitForQuery(host, api.chat.list, firstArgs, (result) => result.page.length > 0);
    expect(bodies(firstPage)).toEqual(["m2", "m3"]);
    const secondArgs = { eventId, paginationOpts: { numItems: 2, cursor: firstPage.continueCursor } };
    const second = host.onUpdate(api.chat.list, secondArgs, () => {});
    expect(bodies(await waitForQuery(host, api.chat.list, secondArgs, () => true))).toEqual(["m1"]);

    await host.mutation(api.chat.send, { eventId, body: "m4" });
    // The first page grows instead of sliding past m2, as on Convex.
    const grown = await waitForQuery(host, api.chat.list, firstArgs, (result) => bodies(result).includes("m4"));
    expect(bodies(grown)).toEqual(["m2", "m3", "m4"]);
    expect(grown.continueCursor).toBe(firstPage.continueCursor);
    expect([...bodies(second.getCurrentValue()!), ...bodies(grown)].sort()).toEqual(["m1", "m2", "m3", "m4"]);
    first();
    second();
  });

  it("serves Convex Auth's JWKS and OpenID configuration on the site port", async () => {
    const config = (await (await fetch(`${backend.siteUrl}/.well-known/openid-configuration`)).json()) as { issuer: string };
    expect(config.issuer).toBe(backend.siteUrl);
    const jwks = (await (await fetch(`${backend.siteUrl}/.well-known/jwks.json`)).json()) as { keys: { use: string }[] };
    expect(jwks.keys[0]?.use).toBe("sig");
  });
});
