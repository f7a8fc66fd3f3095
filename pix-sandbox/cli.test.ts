import { describe, expect, test } from "vitest";
import { spawnPixSandbox } from "../test-kit/pix-sandbox.ts";
import { parseCommandLine } from "./command-line.ts";

describe("the command line", () => {
  test("reads every flag", () => {
    expect(
      parseCommandLine([
        "--port",
        "0",
        "--access-token",
        "T",
        "--webhook-secret",
        "S",
        "--data-file",
        "x.json",
        "--retry-delays",
        "200,500",
        "--webhook-timeout-ms",
        "1000",
        "--duplicates",
        "--out-of-order-ms",
        "50",
        "--no-webhooks",
      ]),
    ).toMatchObject({
      port: 0,
      accessToken: "T",
      webhookSecret: "S",
      dataFile: expect.stringMatching(/x\.json$/),
      webhooks: { retryDelaysMs: [200, 500], timeoutMs: 1000, duplicates: true, outOfOrderMs: 50, webhooks: false },
    });
    expect(parseCommandLine([])).toMatchObject({ port: 3212, dataFile: null, webhooks: {} });
  });

  test.each([["--port", "70000"], ["--retry-delays", "1,x"], ["--access-token", ""], ["--bogus"]])("refuses %s %s", (...args) => {
    expect(() => parseCommandLine(args)).toThrow();
  });

  test("the spawner starts it in its own process and reads the ready line; the token it made is the one accepted", async () => {
    const sandbox = await spawnPixSandbox();
    try {
      expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const answer = await fetch(`${sandbox.url}/v1/payments/1`, { headers: { authorization: `Bearer ${sandbox.accessToken}` } });
      expect(answer.status).toBe(404);
      const refused = await fetch(`${sandbox.url}/v1/payments/1`, { headers: { authorization: "Bearer TEST-apoie-pix-sandbox" } });
      expect(refused.status).toBe(401);
    } finally {
      sandbox.child.kill("SIGTERM");
    }
  });
});
