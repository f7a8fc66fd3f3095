/**
 * CLI: `npx tsx mail-sandbox/main.ts [--port 3213] [--api-key KEY] [--hold-ms MS]`.
 * Prints `Caixa de e-mails (local): http://127.0.0.1:PORT` once it accepts connections.
 */
import { parseArgs } from "node:util";
import { DEFAULT_PORT, startMailSandbox } from "./server.ts";

export const DEFAULT_API_KEY = "re_apoie_local";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: String(DEFAULT_PORT) },
    "api-key": { type: "string", default: DEFAULT_API_KEY },
    "hold-ms": { type: "string", default: "15000" },
  },
});
const sandbox = await startMailSandbox({ port: Number(values.port), apiKey: values["api-key"], holdMs: Number(values["hold-ms"]) });
console.log(`Caixa de e-mails (local): ${sandbox.url}`);
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
