import { connect, type Socket } from "node:net";
import { ConvexHttpClient } from "convex/browser";
import { afterEach, expect, it } from "vitest";
import { api } from "../convex/_generated/api";
import { localDeploymentVariables } from "../test-kit/deployment-variables";
import { setDeploymentVariables, spawnLocalBackend, type SpawnedLocalBackend } from "../test-kit/local-backend";

/** A ceiling for a broken start, not a measure of a normal one. */
const START_CEILING_MS = 120_000;

const started: SpawnedLocalBackend[] = [];

/** Runs the CLI as `npm run backend:local` does, collecting its output; stopped after the test if still running. */
function runCli(args: string[]) {
  const cli = spawnLocalBackend({ args, startTimeoutMs: START_CEILING_MS });
  started.push(cli);
  return cli;
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((cli) => cli.stop()));
});

/** Resolves with everything `socket` received once `done` says it is enough. */
function receiveUntil(socket: Socket, done: (received: Buffer) => boolean): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (!done(received)) return;
      socket.off("data", onData);
      resolve(received);
    };
    socket.on("data", onData);
    socket.once("error", reject);
  });
}

it("prints the admin key and the ready line, serves, and stops cleanly on SIGTERM", { timeout: START_CEILING_MS + 60_000 }, async () => {
  const cli = runCli(["--port", "0", "--site-port", "0", "--in-memory"]);
  const { url, adminKey } = await cli.ready;
  expect(cli.output()).toMatch(/^Admin key: apoie-local\|[0-9a-f]{64}$/m);
  // A new deployment has no variables, so no sign-in is offered until `npx convex env set` (here its admin API) sets them.
  const http = new ConvexHttpClient(url);
  expect(await http.query(api.auth.providers, {})).toEqual({ google: false, local: false, email: false });
  await setDeploymentVariables(url, adminKey, await localDeploymentVariables());
  expect(await http.query(api.auth.providers, {})).toEqual({ google: false, local: true, email: false });
  // Seeded by default.
  const events = await http.query(api.events.list, { paginationOpts: { numItems: 50, cursor: null } });
  expect(events.page.length).toBeGreaterThan(0);

  expect(await cli.stop()).toBe(0);
});

it("refuses unknown and conflicting flags with the usage", async () => {
  const unknown = runCli(["--colour"]);
  const conflicting = runCli(["--in-memory", "--data-dir", "x"]);
  expect(await unknown.exited).toBe(2);
  expect(unknown.output()).toMatch(/Usage: npm run backend:local/);
  expect(await conflicting.exited).toBe(2);
  expect(conflicting.output()).toMatch(/cannot be used together/);
});

it("survives a malformed WebSocket frame, closing only that connection", { timeout: START_CEILING_MS + 60_000 }, async () => {
  const cli = runCli(["--port", "0", "--site-port", "0", "--in-memory", "--no-seed"]);
  const { url } = await cli.ready;
  const socket = connect(Number(new URL(url).port), "127.0.0.1");
  try {
    const upgraded = receiveUntil(socket, (received) => received.includes("\r\n\r\n"));
    socket.write(
      `GET /api/1.0/sync HTTP/1.1\r\nHost: 127.0.0.1:${new URL(url).port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
    );
    expect((await upgraded).toString()).toMatch(/^HTTP\/1.1 101 /);
    // A text frame "hi" without the mask every client frame must carry.
    const closed = receiveUntil(socket, (received) => received[0] === 0x88);
    socket.write(Buffer.from([0x81, 0x02, 0x68, 0x69]));
    expect((await closed).readUInt16BE(2)).toBe(1002);
    // The process is still up and serving.
    expect(await new ConvexHttpClient(url).query(api.auth.providers, {})).toEqual({ google: false, local: false, email: false });
  } finally {
    socket.destroy();
  }
  expect(await cli.stop()).toBe(0);
});
