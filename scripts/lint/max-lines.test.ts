import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The 80-line rule of eslint.config.js, proven to fire in every folder: a function of 81
// statement lines is refused at a real path of each, one of 80 passes, and tests are left out.
// Only that rule runs, without type information (fast on a busy machine).
const RULE = "max-lines-per-function";
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === RULE,
});

/** A function of `lines` lines, its signature and closing brace included (as the rule counts them). */
const functionOf = (lines: number) =>
  `export function long(): number {\n  let total = 0;\n${Array.from({ length: lines - 4 }, (_, i) => `  total += ${i};`).join("\n")}\n  return total;\n}\n`;

async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message);
}

const FOLDERS = [
  "scripts/bench/main.ts",
  "scripts/codegen/main.ts",
  "test-kit/ports.ts",
  "local-backend/server.ts",
  "local-backend/front/http-api.ts",
  "local-backend/database/database.ts",
  "local-backend/functions/function-runner.ts",
  "pix-sandbox/handler.ts",
  "mail-sandbox/handler.ts",
  "e2e/helpers/backend.ts",
  "src/lib/dates.ts",
  "convex/events.ts",
  "vitest.config.ts",
];

describe("no function longer than 80 lines (ESLint)", () => {
  it.each(FOLDERS)("refuses one of 81 lines in %s", async (file) => {
    expect(await refusals(file, functionOf(81))).toEqual([expect.stringContaining("too many lines (81). Maximum allowed is 80")]);
  });

  it("lets one of 80 lines through", async () => {
    expect(await refusals("scripts/bench/main.ts", functionOf(80))).toEqual([]);
  });

  it("leaves tests and their helpers out", async () => {
    for (const file of [
      "scripts/bench/bundle-size.test.ts",
      "e2e/tickets.spec.ts",
      "convex/tests/test.helpers.ts",
      "src/test/convex-fake.ts",
    ]) {
      expect(await refusals(file, functionOf(120)), file).toEqual([]);
    }
  });
});
