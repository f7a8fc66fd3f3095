import type { Cost } from "./measure";

/** Convex's per-transaction read limits, to flag a figure no deployment would serve. */
const MAX_DOCUMENTS_READ = 32_000;
const MAX_BYTES_READ = 16 * 2 ** 20;

export const count = (n: number) => n.toLocaleString("en");

/** Bytes in kB (1 kB = 1,000 bytes, as Vite reports sizes) or MB. */
export function bytes(n: number): string {
  return n >= 1_000_000 ? `${(n / 1_000_000).toFixed(1)} MB` : `${(n / 1000).toFixed(1)} kB`;
}

export function cost({ documentsRead, bytesRead }: Cost): string {
  const overLimit = documentsRead > MAX_DOCUMENTS_READ || bytesRead > MAX_BYTES_READ;
  return `${count(documentsRead)} ${documentsRead === 1 ? "doc" : "docs"}, ${bytes(bytesRead)}${overLimit ? " (over Convex's read limits)" : ""}`;
}

export const ms = (n: number) => `${n.toFixed(1)} ms`;
