import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { countWords, markdownPages, overBudget } from "./word-budgets";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

describe("the docs' word budgets", () => {
  it("every page of the repository is within its budget", () => {
    const overruns = overBudget(ROOT);
    expect(overruns, overruns.map((o) => `${o.budget}: ${o.pages.join(" + ")} has ${o.words} words, budget ${o.limit}`).join("\n")).toEqual(
      [],
    );
  });

  it("finds the pages that carry the budgets", () => {
    const pages = markdownPages(ROOT);
    for (const page of ["README.md", "docs/architecture.md", "docs/testing.md", "local-backend/README.md", "docs/performance.md"]) {
      expect(pages).toContain(page);
    }
    expect(pages.some((page) => page.startsWith("node_modules/"))).toBe(false);
  });

  it("counts words, not table rules, bullets or code fences", () => {
    expect(countWords("| Measure | Result |\n| --- | --- |\n- one two\n```sh\nnpm test\n```")).toBe(6);
  });
});

describe("a page past its budget fails", () => {
  let root = "";
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  const write = (page: string, words: number) => {
    mkdirSync(dirname(join(root, page)), { recursive: true });
    writeFileSync(join(root, page), `${Array.from({ length: words }, (_, i) => `word${i}`).join(" ")}\n`);
  };

  it("the README at 1,001 words, the path's three pages at 3,501 together, a new page at 2,001", () => {
    root = mkdtempSync(join(tmpdir(), "word-budgets-"));
    write("README.md", 1_001);
    write("docs/architecture.md", 2_000);
    write("docs/testing.md", 1_000);
    write("local-backend/README.md", 501);
    write("docs/product/tickets.md", 1_300);
    write("docs/new-page.md", 2_001);
    write("node_modules/some-package/README.md", 50_000);
    expect(overBudget(root).map((o) => [o.budget, o.words])).toEqual([
      ["README", 1_001],
      ["the newcomer's path (architecture, testing, the local backend)", 3_501],
      ["any other page", 2_001],
    ]);
  });

  it("the product pages at 5,501 together, a page added to the folder counted in; the differences at 901", () => {
    root = mkdtempSync(join(tmpdir(), "word-budgets-"));
    write("docs/product.md", 500);
    write("docs/product/tickets.md", 3_000);
    write("docs/product/a-new-feature.md", 2_001);
    write("local-backend/DIFFERENCES.md", 901);
    expect(overBudget(root).map((o) => [o.budget, o.pages, o.words])).toEqual([
      [
        "the product pages (product.md and docs/product/)",
        ["docs/product.md", "docs/product/a-new-feature.md", "docs/product/tickets.md"],
        5_501,
      ],
      ["the local backend's differences from Convex", ["local-backend/DIFFERENCES.md"], 901],
    ]);
  });

  it("passes the same pages one word under", () => {
    root = mkdtempSync(join(tmpdir(), "word-budgets-"));
    write("README.md", 1_000);
    write("docs/architecture.md", 2_000);
    write("docs/testing.md", 1_000);
    write("local-backend/README.md", 500);
    write("docs/new-page.md", 2_000);
    write("docs/product.md", 500);
    write("docs/product/tickets.md", 3_000);
    write("docs/product/a-new-feature.md", 2_000);
    write("local-backend/DIFFERENCES.md", 900);
    expect(overBudget(root)).toEqual([]);
  });
});
