import { availableParallelism } from "node:os";
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import react from "@vitejs/plugin-react";
import { resolve } from "./vite.config.ts";
import { functionEnvironment } from "./local-backend/index.ts";

// Five projects: Convex functions run in edge-runtime (closest to Convex's V8 runtime),
// React components in jsdom, the local backend, the PIX sandbox and tooling checks (scripts/) in Node.
// Scale tests (`*.scale.test.ts`: thousands of rows) are left out here; `npm run test:scale`
// runs them (vitest.scale.config.ts), and each has a small version here that fails on the same bug.

/** The scale tier's files, in any project. */
export const SCALE_TESTS = "**/*.scale.test.ts";

// beforeAll/afterAll hooks start and stop backends, sandboxes and scratch projects (the CLI's npm
// install included). On a busy 2-core machine that outran vitest's 10 s default, so a test failed on
// a clock. They wait for the process to say it is ready; this ceiling only bounds a hang.
const hookTimeout = 120_000;

/** Convex functions on convex-test, in edge-runtime; `include` and `exclude` say which files. */
export function convexProject(name: string, include: string[], exclude: string[] = []): TestProjectInlineConfiguration {
  return {
    test: {
      name,
      include,
      exclude: [...configDefaults.exclude, ...exclude],
      environment: "edge-runtime",
      // A ceiling for a hang: on a busy 2-core machine a suite driving hundreds of documents
      // outruns the 5 s default. The scale tests set their own.
      testTimeout: 30_000,
      hookTimeout,
      // Read when convex/auth.ts loads, so they must be set before the first call.
      env: functionEnvironment(),
      server: { deps: { inline: ["convex-test"] } },
    },
  };
}

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on CI's 2 cores, idle while
    // a test waits on a backend or CLI process it spawned. A worker per core keeps both busy
    // (the main process only schedules and transforms).
    maxWorkers: availableParallelism(),
    projects: [
      convexProject("convex", ["convex/**/*.test.ts"], [SCALE_TESTS]),
      {
        plugins: [react()],
        resolve,
        test: {
          name: "src",
          include: ["src/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          // A worker thread per file instead of a child process: 76 instead of 83 CPU-seconds for
          // the project, every test passing the same (each file still gets its own jsdom and modules).
          pool: "threads",
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
          exclude: [...configDefaults.exclude, SCALE_TESTS],
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
          name: "mail-sandbox",
          include: ["mail-sandbox/**/*.test.ts"],
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
