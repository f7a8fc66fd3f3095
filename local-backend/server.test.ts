import { createServer } from "node:net";
import { expect, it } from "vitest";
import { startTestBackend } from "./test-support.ts";

it("allows one backend per process, since convex/ reads its settings from process.env", async () => {
  const backend = await startTestBackend();
  try {
    await expect(startTestBackend()).rejects.toThrow(/already running/);
  } finally {
    await backend.close();
  }
});

it("undoes a start that fails half-way, so the next start works", async () => {
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
  const taken = (blocker.address() as { port: number }).port;
  try {
    await expect(startTestBackend({ port: taken })).rejects.toThrow(/EADDRINUSE/);
  } finally {
    blocker.close();
  }
  const backend = await startTestBackend({ port: taken });
  expect(backend.url).toBe(`http://127.0.0.1:${taken}`);
  await backend.close();
});
