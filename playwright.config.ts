import { defineConfig } from "@playwright/test";

// The system Chromium (no browser download here); flags keep it quiet on a closed network.
const chromeArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  // Each test makes its own users and events, so files may run side by side.
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  forbidOnly: true,
  reporter: [["list"]],
  use: {
    // Set by global-setup before the workers start (they inherit its environment).
    baseURL: process.env.E2E_BASE_URL,
    browserName: "chromium",
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    launchOptions: { executablePath: process.env.CHROME_PATH || "/usr/bin/chromium", args: chromeArgs },
    trace: "off",
  },
});
