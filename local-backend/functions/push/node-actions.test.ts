/**
 * A `"use node"` module pushed with the official `npx convex dev --once`: the push is taken,
 * and its action runs in Node (Node's own `crypto` and `Buffer`) with the same `ctx` as any
 * action — here it calls a mutation, whose write the app's query then sees. One that defines
 * a query or a mutation is refused, as Convex refuses it (only actions run in Node.js).
 */
import { createHash } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { ConvexHttpClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runCli, type CliTarget } from "../../front/cli/convex-cli.ts";
import type { LocalBackend } from "../../server.ts";
import { startTestBackend } from "../../test-support.ts";
import { scratchProject, type ScratchProject } from "../../../test-kit/scratch-project.ts";

const TIMEOUT = 240_000;
const digest = makeFunctionReference<"action", { text: string }, { sha256: string; stored: string; node: string }>("nodeProbe:digest");

let scratch: ScratchProject;
let backend: LocalBackend;

beforeAll(async () => {
  scratch = await scratchProject();
  backend = await startTestBackend({ dataDir: path.join(scratch.dir, ".data") });
}, 60_000);

afterAll(async () => {
  await backend.close();
  await scratch.remove();
});

it(
  'takes a "use node" module at push and runs its action in Node, calling a mutation through ctx',
  async () => {
    const convexDir = path.join(scratch.dir, "convex");
    await writeFile(
      path.join(convexDir, "nodeProbe.ts"),
      [
        '"use node";',
        'import { createHash } from "node:crypto";',
        'import { v } from "convex/values";',
        'import { internal } from "./_generated/api";',
        'import { action } from "./_generated/server";',
        "",
        "export const digest = action({",
        "  args: { text: v.string() },",
        "  handler: async (ctx, { text }) => {",
        '    const sha256 = createHash("sha256").update(text).digest("hex");',
        "    const stored: string = await ctx.runMutation(internal.nodeProbeWrites.remember, { sha256 });",
        "    return { sha256, stored, node: process.versions.node };",
        "  },",
        "});",
        "",
      ].join("\n"),
    );
    await writeFile(
      path.join(convexDir, "nodeProbeWrites.ts"),
      [
        'import { v } from "convex/values";',
        'import { internalMutation } from "./_generated/server";',
        "",
        "/** Runs in Convex's default runtime, called from the Node action. */",
        "export const remember = internalMutation({",
        "  args: { sha256: v.string() },",
        "  handler: async (ctx, { sha256 }) => `remembered ${sha256.slice(0, 8)}`,",
        "});",
        "",
      ].join("\n"),
    );
    const target: CliTarget = { url: backend.url, adminKey: backend.adminKey, cwd: scratch.dir };
    const pushed = await runCli(target, ["dev", "--once", "--typecheck", "disable"]);
    expect(pushed.code, pushed.stderr).toBe(0);

    const result = await new ConvexHttpClient(backend.url).action(digest, { text: "apoie" });
    expect(result.sha256).toBe(createHash("sha256").update("apoie").digest("hex"));
    expect(result.stored).toBe(`remembered ${result.sha256.slice(0, 8)}`);
    expect(result.node).toBe(process.versions.node);
  },
  TIMEOUT,
);

it(
  'refuses a "use node" module that defines a query or a mutation, with Convex\'s message, and keeps serving the code it had',
  async () => {
    const convexDir = path.join(scratch.dir, "convex");
    const target: CliTarget = { url: backend.url, adminKey: backend.adminKey, cwd: scratch.dir };
    const probe = makeFunctionReference<"query", Record<string, never>, string>("nodeQuery:probe");
    for (const [kind, definer] of [
      ["Query", "query"],
      ["Mutation", "mutation"],
    ] as const) {
      await writeFile(
        path.join(convexDir, "nodeQuery.ts"),
        [
          '"use node";',
          `import { ${definer} } from "./_generated/server";`,
          "",
          `export const probe = ${definer}({ args: {}, handler: async () => "node" });`,
          "",
        ].join("\n"),
      );
      const pushed = await runCli(target, ["dev", "--once", "--typecheck", "disable", "--codegen", "disable"]);
      expect(pushed.code).not.toBe(0);
      expect(pushed.stdout + pushed.stderr).toContain(
        `probe defined in nodeQuery.js is a ${kind} function. Only actions can be defined in Node.js.`,
      );
    }
    await expect(new ConvexHttpClient(backend.url).query(probe, {})).rejects.toThrow(/Could not find public function/);
  },
  TIMEOUT,
);
