import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// Tables with one writer (eslint.config.js, ONE_WRITER): a write to `events` outside
// convex/model/events/writer.ts, or to the name search's rows outside nameIndex.ts, is refused
// in deployed code. Each text is linted as if it were a real file with that line in it.
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === "no-restricted-syntax",
});

async function refusals(filePath: string, body: string): Promise<string[]> {
  const code = `export async function f(ctx: any, id: any) {\n  ${body}\n}\n`;
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-syntax").map((m) => m.message);
}

describe("one writer per table (ESLint)", () => {
  it("refuses a write to an event outside the event writer, in any form", async () => {
    for (const body of [
      'await ctx.db.patch("events", id, { ticketsUsed: 1 });',
      'await ctx.db.replace("events", id, {});',
      'await ctx.db.insert("events", {});',
      'await ctx.db.delete("events", id);',
    ]) {
      for (const file of ["convex/model/door/checkIn.ts", "convex/model/settlement/settle.ts", "convex/migrations.ts"]) {
        expect(await refusals(file, body), `${file}: ${body}`).toEqual([
          expect.stringContaining("Only convex/model/events/writer.ts writes events"),
        ]);
      }
    }
    const destructured = 'const { db } = ctx;\n  await db.patch("events", id, { finished: true });';
    expect(await refusals("convex/model/tickets/purchaseCancel.ts", destructured)).toEqual([
      expect.stringContaining("Only convex/model/events/writer.ts writes events"),
    ]);
  });

  it("refuses a write that does not name its table, since the rule could not tell which it is", async () => {
    expect(await refusals("convex/model/door/checkIn.ts", "await ctx.db.patch(id, { ticketsUsed: 1 });")).toEqual([
      expect.stringContaining("Name the table"),
    ]);
    expect(await refusals("convex/model/door/checkIn.ts", "await ctx.db.delete(id);")).toEqual([expect.stringContaining("Name the table")]);
  });

  it("refuses a write to the search rows outside the name index, the event writer included", async () => {
    for (const file of ["convex/model/events/writer.ts", "convex/model/events/search.ts", "convex/migrations.ts"]) {
      expect(await refusals(file, 'await ctx.db.patch("eventNameGrams", id, { finished: true });'), file).toEqual([
        expect.stringContaining("Only convex/model/events/nameIndex.ts writes eventNameGrams"),
      ]);
    }
  });

  it("lets each writer write its own tables, other code write other tables, and tests set up any row", async () => {
    expect(await refusals("convex/model/events/writer.ts", 'await ctx.db.patch("events", id, { finished: true });')).toEqual([]);
    expect(
      await refusals("convex/model/events/nameIndex.ts", 'await ctx.db.insert("eventNameGramCounts", { gram: "abc", count: 1 });'),
    ).toEqual([]);
    expect(await refusals("convex/model/door/checkIn.ts", 'await ctx.db.patch("tickets", id, { status: "used" });')).toEqual([]);
    expect(await refusals("convex/tests/door/checkIn.test.ts", 'await ctx.db.patch("events", id, { ticketsUsed: 1 });')).toEqual([]);
    expect(await refusals("convex/tests/test.helpers.ts", 'await ctx.db.patch("events", id, { ticketsUsed: 1 });')).toEqual([]);
  });
});
