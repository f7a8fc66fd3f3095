import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PERFORMANCE_DOC, mergeIntoDoc } from "./performance-doc";
import { SECTIONS } from "./table";

const doc = [
  "# Performance",
  "",
  `## ${SECTIONS.weight}`,
  "",
  "| Measure | Result | Target | Status |",
  "| --- | --- | --- | --- |",
  "| first load of / | JS 117.2 kB, CSS 5.8 kB | JS ≤ 118 kB | PASS |",
  "| whole build | JS 305.8 kB, CSS 9.1 kB | | |",
  "",
  "The whole build includes the QR scanner.",
].join("\n");

describe("mergeIntoDoc", () => {
  it("replaces the row with the same measure, appends a new one and keeps the rest and the prose", () => {
    const merged = mergeIntoDoc(doc, [
      { section: "weight", measure: "first load of /", result: "JS 119.0 kB, CSS 5.8 kB", target: "JS ≤ 118 kB", status: "FAIL" },
      { section: "weight", measure: "first load of /new", result: "JS 1.0 kB, CSS 0.1 kB" },
    ]);
    expect(merged).toContain("| first load of /    | JS 119.0 kB, CSS 5.8 kB | JS ≤ 118 kB | FAIL   |");
    expect(merged).not.toContain("117.2");
    expect(merged).toContain("| whole build        | JS 305.8 kB, CSS 9.1 kB |");
    expect(merged).toMatch(/\| first load of \/new +\| JS 1\.0 kB, CSS 0\.1 kB/);
    expect(merged).toContain("The whole build includes the QR scanner.");
  });

  it("adds a section the document does not have yet at its end", () => {
    const merged = mergeIntoDoc(doc, [{ section: "dev", measure: "save", result: "median 2.5 s" }]);
    expect(
      merged.endsWith(`## ${SECTIONS.dev}\n\n| Measure | Result       |\n| ------- | ------------ |\n| save    | median 2.5 s |`),
    ).toBe(true);
  });

  it("finds every section of docs/performance.md by its heading", () => {
    const text = readFileSync(PERFORMANCE_DOC, "utf8");
    for (const heading of Object.values(SECTIONS)) expect(text).toContain(`\n## ${heading}\n`);
  });
});
