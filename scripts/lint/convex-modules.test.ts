import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { modules } from "../../convex/tests/test.setup";
import { isModuleFile } from "../../local-backend/index.ts";

const CONVEX_DIR = fileURLToPath(new URL("../../convex/", import.meta.url));

// Which files are Convex modules is one rule, isModuleFile, which the local backend and the
// bench call; convex-test's glob has to be written as a pattern, so this holds it to the rule.
// The glob sits in convex/tests/, so its keys start at the convex/ folder above it: `../…`.
it("convex-test loads exactly the files the local backend and the bench take for modules", () => {
  const byRule = readdirSync(CONVEX_DIR, { recursive: true, encoding: "utf8" })
    .filter((file) => isModuleFile(file))
    .map((file) => `../${file.split(path.sep).join("/")}`)
    .sort();
  expect(Object.keys(modules).sort()).toEqual(byRule);
  expect(byRule).toContain("../events.ts");
  expect(byRule).not.toContain("../tests/events/events.test.ts");
  expect(byRule).not.toContain("../tests/test.helpers.ts");
});
