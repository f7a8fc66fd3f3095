/**
 * CLI: `npx tsx pix-sandbox/main.ts [--port 3212] [--access-token T] [--webhook-secret S] [--data-file FILE]
 * [--retry-delays MS,MS,…] [--webhook-timeout-ms MS] [--duplicates] [--out-of-order-ms MS] [--no-webhooks]`.
 * Prints `Banco simulado (PIX): http://127.0.0.1:PORT` once it accepts connections (API.md).
 */
import { parseCommandLine, USAGE } from "./command-line.ts";
import { startPixSandbox, type PixSandboxOptions } from "./server.ts";

async function main(): Promise<void> {
  let options: PixSandboxOptions;
  try {
    options = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  const sandbox = await startPixSandbox(options);
  console.log(`Banco simulado (PIX): ${sandbox.url}`);
  const stop = () => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

await main();
