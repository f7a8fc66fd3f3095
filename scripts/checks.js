#!/usr/bin/env node
// The static checks of `npm test` (typecheck, lint, format:check) side by side. Each is one
// single-threaded process (about 80, 105 and 20 CPU-seconds on a fresh clone), so run one after
// another they left the second core idle for three minutes. Each one's output is printed whole
// when it ends, so the three never interleave; the exit code fails when any of them failed.
import { spawn } from "node:child_process";

const CHECKS = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["typecheck", "lint", "format:check"];

/** Runs `npm run <script>`, resolving with its exit code, combined output and seconds taken. */
function run(script) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], { stdio: ["ignore", "pipe", "pipe"] });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("close", (code) =>
      resolve({ script, code: code ?? 1, output: Buffer.concat(output).toString(), seconds: (Date.now() - started) / 1000 }),
    );
  });
}

const results = await Promise.all(
  CHECKS.map((script) =>
    run(script).then((result) => {
      const verdict = result.code === 0 ? "passed" : `FAILED (exit ${result.code})`;
      process.stdout.write(`\n> npm run ${script}: ${verdict} in ${result.seconds.toFixed(0)} s\n${result.output}`);
      return result;
    }),
  ),
);
process.exit(results.every((result) => result.code === 0) ? 0 : 1);
