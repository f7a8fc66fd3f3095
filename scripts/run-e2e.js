#!/usr/bin/env node
// Runs the Playwright suite in the system Chromium (no browser download: the machine is offline).
// Outside CI, a machine without Chromium skips only this part, loudly; in CI that is a failure.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const chrome = process.env.CHROME_PATH || "/usr/bin/chromium";
if (!existsSync(chrome)) {
  const banner = "!".repeat(78);
  console.error(`\n${banner}\n  Chromium not found at ${chrome}: the browser tests did NOT run.`);
  console.error("  Install it with `apt-get install -y chromium` or set CHROME_PATH.");
  console.error(`${banner}\n`);
  process.exit(process.env.CI ? 1 : 0);
}

const result = spawnSync("npx", ["playwright", "test", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, CHROME_PATH: chrome },
});
process.exit(result.status ?? 1);
