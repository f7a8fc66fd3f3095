import { defineConfig } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./scripts/chromium";

/** Specs that change the whole deployment (its environment variables) while they run. */
const DEPLOYMENT_WIDE = /fees-coupons\.spec\.ts$/;

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  // Each test makes its own users and events, so tests may run side by side, those of one file
  // too (a file that needs its order says so with describe.configure serial): the scheduler then
  // spreads a long file's tests over both workers instead of leaving one worker to finish it alone.
  workers: 2,
  fullyParallel: true,
  // A ceiling against hangs, not a measure: every test waits for states, and a busy 2-core machine
  // (load 15–19 seen) took over a minute for the screenshot and axe tests at two widths.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  retries: 0,
  forbidOnly: true,
  reporter: [["list"]],
  projects: [
    { name: "app", testIgnore: DEPLOYMENT_WIDE },
    // These change a deployment-wide setting (the service fee) for the length of a test, so they
    // run after every other test has finished and nothing else can see the setting.
    { name: "deployment-wide", testMatch: DEPLOYMENT_WIDE, dependencies: ["app"] },
  ],
  use: {
    // Set by global-setup before the workers start (they inherit its environment).
    baseURL: process.env.E2E_BASE_URL,
    browserName: "chromium",
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
    // Off by default (a trace per test costs a busy machine); `E2E_TRACE=1` keeps one per failing test.
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
  },
});
