import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { resolve } from "./vite.config";
import { functionEnvironment } from "./local-backend/functions/function-environment";

// Five projects: Convex functions run in edge-runtime (closest to Convex's V8 runtime),
// React components in jsdom, the local backend, the PIX sandbox and tooling checks (scripts/) in Node.

// beforeAll/afterAll hooks start and stop backends, sandboxes and scratch projects (the CLI's npm
// install included). On a busy 2-core machine that outran vitest's 10 s default, so a test failed on
// a clock. They wait for the process to say it is ready; this ceiling only bounds a hang.
const hookTimeout = 120_000;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "convex",
          include: ["convex/**/*.test.ts"],
          environment: "edge-runtime",
          // Some tests drive thousands of documents (upload sweeps, 10,000-support timelines,
          // random invariant sequences); on a busy 2-core machine they outrun the 5 s default.
          testTimeout: 30_000,
          hookTimeout,
          // Read when convex/auth.ts loads, so they must be set before the first call.
          env: functionEnvironment(),
          server: { deps: { inline: ["convex-test"] } },
        },
      },
      {
        plugins: [react()],
        resolve,
        test: {
          name: "src",
          include: ["src/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["src/test/setup.ts"],
          // Above the 10 s wait ceiling in the setup file, so a slow machine fails on a state, not a clock.
          testTimeout: 30_000,
          hookTimeout,
        },
      },
      {
        test: {
          name: "local-backend",
          include: ["local-backend/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout,
        },
      },
      {
        test: {
          name: "pix-sandbox",
          include: ["pix-sandbox/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout,
        },
      },
      {
        test: {
          name: "tooling",
          include: ["scripts/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout,
        },
      },
    ],
  },
});
