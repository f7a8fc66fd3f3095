/**
 * What a function prints with `console.*` while serving a client, as Convex's `logLines`
 * ("[LOG] 'text' 42"), which the Convex client shows in the caller's console. The output
 * still reaches this process's own console too.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { inspect } from "node:util";

const LEVELS = { log: "LOG", info: "INFO", warn: "WARN", error: "ERROR", debug: "DEBUG" } as const;
const capture = new AsyncLocalStorage<string[]>();
let installed = false;

/** Formats like Convex: strings quoted, values as Node shows them. */
function formatLine(level: string, args: unknown[]): string {
  return `[${level}] ${args.map((arg) => inspect(arg, { depth: 4, breakLength: Infinity })).join(" ")}`;
}

/**
 * Wraps the console's methods once per process. Functions see the same console object
 * (convex-test leaves it alone), so this sees their calls; outside a capture it only passes
 * them on.
 */
function install(): void {
  if (installed) return;
  installed = true;
  for (const [method, level] of Object.entries(LEVELS) as [keyof typeof LEVELS, string][]) {
    const original = console[method].bind(console);
    console[method] = (...args: unknown[]) => {
      capture.getStore()?.push(formatLine(level, args));
      original(...args);
    };
  }
}

/** Runs `work`, adding to `lines` what it logs (including from the functions it calls). */
export function captureLogLines<T>(lines: string[], work: () => Promise<T>): Promise<T> {
  install();
  return capture.run(lines, work);
}

/** A line of the backend's own (a limit warning) in the running execution's log lines, unquoted as Convex writes its system lines; also on this process's stderr. */
export function logSystemLine(level: "WARN" | "INFO", text: string): void {
  capture.getStore()?.push(`[${level}] ${text}`);
  process.stderr.write(`[${level}] ${text}\n`);
}
