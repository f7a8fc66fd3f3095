import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The model boundary lives in eslint.config.js; these lint real files' paths with a deliberate
// violation as their text, so the rule is proven to fire (and to let allowed imports through).
const eslint = new ESLint({ cwd: process.cwd() });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("the convex/model boundary (ESLint)", () => {
  it("refuses a browser import of server-only model code", async () => {
    const errors = await boundaryErrors("src/lib/dates.ts", 'import { requireUser } from "../../convex/model/users";\nexport const x = requireUser;\n');
    expect(errors).toEqual([expect.stringContaining("only convex/model/shared/")]);
  });

  it("lets the browser import shared model code, and server-only types", async () => {
    const code = [
      'import { formatBRL } from "../../convex/model/shared/money";',
      'import type { Timeline } from "../../convex/model/timeline";',
      "export const x: [typeof formatBRL, Timeline | null] = [formatBRL, null];",
      "",
    ].join("\n");
    expect(await boundaryErrors("src/lib/dates.ts", code)).toEqual([]);
  });

  it("keeps shared model code free of server-only modules", async () => {
    const errors = await boundaryErrors("convex/model/shared/money.ts", 'import { idArg } from "../args";\nexport const x = idArg;\n');
    expect(errors).toEqual([expect.stringContaining("keep it free of server-only modules")]);
  });
});
