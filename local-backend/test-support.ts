/**
 * Helpers for the local backend's tests: real `convex/browser` clients against a backend on
 * free loopback ports.
 */
import { ConvexClient } from "convex/browser";
import type { FunctionReference, FunctionReturnType } from "convex/server";
import { afterAll, beforeAll } from "vitest";
import { WebSocket } from "ws";
import { api } from "../convex/_generated/api";
import { STARTUP_MIGRATIONS } from "./app-functions.ts";
import { localDeploymentVariables } from "../test-kit/deployment-variables.ts";
import { eventInput, type CreateEventArgs } from "../test-kit/event-input.ts";
import { localSignInToken } from "../test-kit/local-sign-in.ts";
import { startLocalBackend, type LocalBackend, type LocalBackendOptions } from "./server.ts";

const WAIT_MS = 10_000;

/**
 * An in-memory, unseeded backend of this project's convex/ on free ports, unless the test says
 * otherwise, with this app's local variables (functions/function-environment.ts) and the
 * test's own `environment` set before anything runs, as `npx convex env set` would.
 */
export async function startTestBackend(options: LocalBackendOptions = {}): Promise<LocalBackend> {
  const environment = { ...(await localDeploymentVariables()), ...options.environment };
  return startLocalBackend({ port: 0, sitePort: 0, dataDir: null, migrations: STARTUP_MIGRATIONS, ...options, environment });
}

export function newClient(url: string): ConvexClient {
  return new ConvexClient(url, {
    webSocketConstructor: WebSocket as unknown as typeof globalThis.WebSocket,
    unsavedChangesWarning: false,
    // Failed calls are part of the tests; the client would log each one.
    logger: false,
  });
}

/** Signs in with the local provider the way the app does, returning the JWT. */
export function signInLocally(client: ConvexClient, name: string, email: string): Promise<string> {
  return localSignInToken(client, name, email);
}

/** Gives the client a token and resolves with whether the server accepted it. */
export function authenticate(client: ConvexClient, token: string): Promise<boolean> {
  return new Promise((resolve) => client.setAuth(() => Promise.resolve(token), resolve));
}

/** A client signed in as a new local user. */
export async function signedInClient(url: string, name: string, email: string): Promise<ConvexClient> {
  const client = newClient(url);
  const accepted = await authenticate(client, await signInLocally(client, name, email));
  if (!accepted) throw new Error("the server rejected a freshly issued token");
  return client;
}

/**
 * A backend for the calling test file: started before its tests, then closed after them with
 * every client `signedIn` handed out.
 */
export function backendForFile() {
  let backend: LocalBackend | undefined;
  const clients: ConvexClient[] = [];
  beforeAll(async () => {
    backend = await startTestBackend();
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await backend?.close();
  });
  return {
    /** A client signed in as a new local user, closed with the backend. */
    async signedIn(name: string, email: string): Promise<ConvexClient> {
      const client = await signedInClient(backend!.url, name, email);
      clients.push(client);
      return client;
    },
  };
}

/** Resolves with the first result of a subscription that satisfies `predicate`. */
export function waitForQuery<Query extends FunctionReference<"query">>(
  client: ConvexClient,
  query: Query,
  args: Query["_args"],
  predicate: (value: FunctionReturnType<Query>) => boolean,
): Promise<FunctionReturnType<Query>> {
  return new Promise((resolve, reject) => {
    let last: unknown;
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`timed out waiting on a subscription; last value ${JSON.stringify(last)}`));
    }, WAIT_MS);
    const unsubscribe = client.onUpdate(
      query,
      args,
      (value) => {
        last = value;
        if (!predicate(value)) return;
        clearTimeout(timer);
        unsubscribe();
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        unsubscribe();
        reject(error);
      },
    );
  });
}

/** Creates an event through the public API (goal R$ 1.000,00: a few supports never reach it); override any field. */
export function createEvent(client: ConvexClient, overrides: Partial<CreateEventArgs> = {}) {
  return client.mutation(api.events.create, eventInput({ name: "Show de Teste", goalCents: 100_000, ...overrides }));
}

/** The ConvexError data a call rejected with; fails when it did not reject with one. */
export async function rejectionData(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    if (typeof error === "object" && error !== null && "data" in error) return error.data;
    throw error;
  }
  throw new Error("expected the call to fail");
}

/** The message a call failed with; fails when it did not fail. */
export async function failureMessage(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected the call to fail");
}

/** What a call came to: "ok", or the code it was refused with (for races where either may win). */
export async function settled(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return "ok";
  } catch (error) {
    return ((await rejectionData(Promise.reject(error))) as { code: string }).code;
  }
}
