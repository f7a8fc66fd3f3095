import { ESLint } from "eslint";
import { expect, it } from "vitest";

// import-x/no-cycle (eslint.config.js). The text below is linted as if it were
// convex/model/shared/errors.ts: importing convex/model/users/accounts.ts, which imports that very
// file, closes a cycle through real files on disk.
// Only that rule runs, without type information: the TypeScript program ESLint builds for typed
// rules cost most of this file's minute and made it time out on a busy machine, and the rule
// reads the imported files itself.
const RULE = "import-x/no-cycle";
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === RULE,
});

async function cycleErrors(filePath: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === RULE).length;
}

it("refuses an import that closes a cycle", async () => {
  const code = 'import { currentUser } from "../users/accounts";\nexport const x = currentUser;\n';
  expect(await cycleErrors("convex/model/shared/errors.ts", code)).toBe(1);
});

it("lets the same import through where it closes no cycle", async () => {
  const code = 'import { currentUser } from "../users/accounts";\nexport const x = currentUser;\n';
  expect(await cycleErrors("convex/model/shared/categories.ts", code)).toBe(0);
});
