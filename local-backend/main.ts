/**
 * CLI: `npm run backend:local -- [--port 3210] [--site-port 3211] [--data-dir DIR | --in-memory] [--no-seed] [--no-watch] [--no-source] [--new-admin-key] [--allowed-host NAME]...`
 * Prints `Admin key: <key>`, then `Local backend ready at http://127.0.0.1:PORT` once it accepts connections.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { SEED_FUNCTION, STARTUP_MIGRATIONS } from "./app-functions.ts";
import { DEFAULT_PORT, DEFAULT_SITE_PORT, startLocalBackend, type LocalBackendOptions } from "./server.ts";

const USAGE =
  "Usage: npm run backend:local -- [--port 3210] [--site-port 3211] [--data-dir DIR | --in-memory] [--no-seed] [--no-watch] [--no-source] [--new-admin-key] [--allowed-host NAME]...";

function port(value: string | undefined, fallback: number, flag: string): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > 65535) throw new Error(`${flag} must be a port number`);
  return number;
}

/** Turns the command line into options; throws with a message for anything unknown. */
function parseCommandLine(argv: string[]): LocalBackendOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      port: { type: "string" },
      "site-port": { type: "string" },
      "data-dir": { type: "string" },
      "in-memory": { type: "boolean" },
      "no-seed": { type: "boolean" },
      // With `npx convex dev` pushing the code, watching convex/ here is its job.
      "no-watch": { type: "boolean" },
      // No convex/ from source before the first push: a new deployment, as `npx convex dev` expects.
      "no-source": { type: "boolean" },
      "new-admin-key": { type: "boolean" },
      "allowed-host": { type: "string", multiple: true },
    },
  });
  if (values["in-memory"] && values["data-dir"] !== undefined) {
    throw new Error("--data-dir and --in-memory cannot be used together");
  }
  return {
    port: port(values.port, DEFAULT_PORT, "--port"),
    sitePort: port(values["site-port"], DEFAULT_SITE_PORT, "--site-port"),
    ...(values["in-memory"] ? { dataDir: null } : {}),
    ...(values["data-dir"] !== undefined ? { dataDir: path.resolve(values["data-dir"]) } : {}),
    seed: values["no-seed"] ? null : SEED_FUNCTION,
    migrations: STARTUP_MIGRATIONS,
    newAdminKey: values["new-admin-key"] === true,
    allowedHosts: values["allowed-host"] ?? [],
    watch: !values["no-watch"],
    ...(values["no-source"] ? { convexDir: null } : {}),
  };
}

async function main(): Promise<void> {
  let options: LocalBackendOptions;
  try {
    options = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  const backend = await startLocalBackend(options);
  console.log(`Admin key: ${backend.adminKey}`);
  console.log(`Dashboard: ${backend.url}/?key=${encodeURIComponent(backend.adminKey)}`);
  console.log(`Local backend ready at ${backend.url}`);
  // Closing writes the shutdown snapshot. The handlers stay: a signal repeated meanwhile (a
  // second Ctrl-C, a relay resending it to the process group) must not end the process
  // before the snapshot is written, as Node's default action would once no handler is left.
  let closing = false;
  const stop = (signal: NodeJS.Signals) => {
    if (closing) return console.log(`local backend: ${signal} again; still writing the shutdown snapshot`);
    closing = true;
    console.log(`local backend: ${signal}; writing the shutdown snapshot`);
    backend.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error("local backend failed to start:", error);
  process.exit(1);
});
