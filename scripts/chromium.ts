// The system Chromium the browser tests and the Lighthouse bench drive (no browser download:
// the machine is offline), and the flags that keep it quiet on a closed network.

export const CHROMIUM_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
