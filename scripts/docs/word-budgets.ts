/**
 * Word budgets for the repository's Markdown pages: the docs are read by newcomers, and a page
 * that only grows stops being read. `npm test` checks them (word-budgets.test.ts); when a page
 * passes its budget, cut repetition or move reference material into a page of its own.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

/** Which pages: a list of paths, or every page a test accepts (a folder that may gain pages). */
type Pages = string[] | ((path: string) => boolean);

/** A budget over one page, or over several read together (`sum`), or over each of a family. */
export type Budget = { name: string; words: number } & ({ sum: Pages } | { each: (path: string) => boolean });

/** Generated from data (its freshness is checked instead, by the generator's test). */
export const GENERATED_PAGES = ["docs/performance-results.md"];

const inFolder = (folder: string) => (path: string) => path.startsWith(`${folder}/`);

/** The budgets, first match wins for `each`; every page no budget names falls to the last. */
export const BUDGETS: Budget[] = [
  { name: "README", words: 1_000, sum: ["README.md"] },
  {
    name: "the newcomer's path (architecture, testing, the local backend)",
    words: 3_500,
    sum: ["docs/architecture.md", "docs/testing.md", "local-backend/README.md"],
  },
  { name: "the performance summary", words: 1_500, sum: ["docs/performance.md"] },
  {
    name: "the product pages (product.md and docs/product/)",
    words: 5_500,
    sum: (path) => path === "docs/product.md" || inFolder("docs/product")(path),
  },
  { name: "the local backend's differences from Convex", words: 900, sum: ["local-backend/DIFFERENCES.md"] },
  { name: "the PIX sandbox's API reference", words: 3_000, each: (path) => path === "pix-sandbox/API.md" },
  { name: "any other page", words: 2_000, each: () => true },
];

/** Words as a reader counts them: runs of text holding a letter or a digit (table rules, bullets and code fences are not words). */
export function countWords(markdown: string): number {
  return markdown.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token) && !token.startsWith("```")).length;
}

const SKIPPED_FOLDERS = new Set(["node_modules", ".git", "dist", "test-results", "playwright-report", ".convex-local", "coverage"]);

/** Every Markdown page of the repository under `root`, as a path relative to it with "/" separators. */
export function markdownPages(root: string): string[] {
  const pages: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory() && !SKIPPED_FOLDERS.has(entry.name)) walk(join(folder, entry.name));
      else if (entry.isFile() && entry.name.endsWith(".md")) pages.push(relative(root, join(folder, entry.name)).split(sep).join("/"));
    }
  };
  walk(root);
  return pages.sort();
}

export type Overrun = { budget: string; pages: string[]; words: number; limit: number };

/** The budgets `root`'s pages pass, each with the pages and their words. */
export function overBudget(root: string, budgets: Budget[] = BUDGETS): Overrun[] {
  const words = (page: string) => countWords(readFileSync(join(root, page), "utf8"));
  const pages = markdownPages(root).filter((page) => !GENERATED_PAGES.includes(page));
  const members = (selection: Pages) =>
    pages.filter((page) => (typeof selection === "function" ? selection(page) : selection.includes(page)));
  const summed = new Set(budgets.flatMap((budget) => ("sum" in budget ? members(budget.sum) : [])));
  const overruns: Overrun[] = [];
  for (const budget of budgets) {
    if (!("sum" in budget)) continue;
    const present = members(budget.sum);
    const total = present.reduce((sum, page) => sum + words(page), 0);
    if (total > budget.words) overruns.push({ budget: budget.name, pages: present, words: total, limit: budget.words });
  }
  for (const page of pages.filter((path) => !summed.has(path))) {
    const budget = budgets.find((candidate) => "each" in candidate && candidate.each(page));
    const count = words(page);
    if (budget !== undefined && count > budget.words)
      overruns.push({ budget: budget.name, pages: [page], words: count, limit: budget.words });
  }
  return overruns;
}
