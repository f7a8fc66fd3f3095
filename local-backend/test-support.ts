/**
 * Helpers for the local backend's tests: real `convex/browser` clients against a backend on
 * free loopback ports.
 */
import { spawn } from "node:child_process";
import { ConvexClient } from "convex/browser";
import type { FunctionReference, FunctionReturnType } from "convex/server";
import { WebSocket } from "ws";
import { api } from "../convex/_generated/api";
import { startLocalBackend, type LocalBackend, type LocalBackendOptions } from "./server.ts";

const DAY = 24 * 60 * 60 * 1000;
const WAIT_MS = 10_000;

/** An in-memory, unseeded backend on free ports, unless the test says otherwise. */
export function startTestBackend(options: LocalBackendOptions = {}): Promise<LocalBackend> {
  return startLocalBackend({ port: 0, sitePort: 0, dataDir: null, seed: false, ...options });
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
export async function signInLocally(client: ConvexClient, name: string, email: string): Promise<string> {
  const result = await client.action(api.auth.signIn, { provider: "local", params: { name, email } });
  const token = result.tokens?.token;
  if (typeof token !== "string") throw new Error(`sign-in returned no token: ${JSON.stringify(result)}`);
  return token;
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

/** Creates an event through the public API; override any field. */
export function createEvent(client: ConvexClient, overrides: Partial<typeof api.events.create._args> = {}) {
  return client.mutation(api.events.create, {
    venueName: "Teatro Municipal",
    city: "São Paulo",
    uf: "SP",
    name: "Show de Teste",
    category: "Música",
    startsAt: Date.now() + 7 * DAY,
    goalCents: 100_000,
    minSupportCents: 500,
    goalPercentage: 100,
    isTicketed: false,
    ...overrides,
  });
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

/**
 * A backend in a child process (`node --import tsx <script> ...args`), so a test can kill -9 it.
 * `url` resolves once it prints that it is ready, and rejects if it exits first.
 */
export function spawnBackend(script: string, args: string[]) {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args]);
  let output = "";
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const found = /Local backend ready at (\S+)/.exec(output)?.[1];
      if (found !== undefined) resolve(found);
    });
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", () => reject(new Error(`backend exited:\n${output}`)));
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  /** kill -9, then wait until the process is gone. */
  const kill = async () => void (child.kill("SIGKILL"), await exited);
  return { child, url, exited, kill };
}
