/**
 * `npx convex deploy` against a new local backend (no code from source): it checks the push
 * first (`evaluate_push`, and the size of a table whose index it deletes), then serves it; a
 * `--dry-run` serves nothing.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { ConvexHttpClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runCli, type CliTarget } from "../../front/cli/convex-cli.ts";
import type { LocalBackend } from "../../server.ts";
import { startTestBackend } from "../../test-support.ts";
import { scratchProject, type ScratchProject } from "../../../test-kit/scratch-project.ts";

const probe = makeFunctionReference<"query">("deployProbe:value");
let project: ScratchProject;
let backend: LocalBackend;

async function writeProbe(value: string): Promise<void> {
  const source = `import { query } from "./_generated/server";\nexport const value = query({ args: {}, handler: async () => ${JSON.stringify(value)} });\n`;
  await writeFile(path.join(project.dir, "convex", "deployProbe.ts"), source);
}

function deploy(...flags: string[]) {
  const target: CliTarget = { url: backend.url, adminKey: backend.adminKey, cwd: project.dir };
  return runCli(target, ["deploy", "-y", "--typecheck", "disable", ...flags]);
}

beforeAll(async () => {
  project = await scratchProject();
  backend = await startTestBackend({ convexDir: null });
});
afterAll(async () => {
  await backend.close();
  await project.remove();
});

it("deploys after checking the push, and a dry run serves nothing", async () => {
  await writeProbe("deployed");
  const first = await deploy();
  expect(first.code, first.stdout + first.stderr).toBe(0);
  expect(first.stdout + first.stderr).toContain("Deployed Convex functions");
  expect(await new ConvexHttpClient(backend.url).query(probe, {})).toBe("deployed");

  // Deleting an index makes the CLI size its table first (`_system/cli/tableSize`).
  const schemaFile = path.join(project.dir, "convex", "schema.ts");
  const schema = await readFile(schemaFile, "utf8");
  const withoutIndex = schema.replace(/\n\s*\.index\("by_userId", \["userId"\]\)/, "");
  expect(withoutIndex).not.toBe(schema);
  await writeFile(schemaFile, withoutIndex);
  await writeProbe("only a dry run");
  const dryRun = await deploy("--dry-run");
  expect(dryRun.code, dryRun.stdout + dryRun.stderr).toBe(0);
  expect(dryRun.stdout + dryRun.stderr).toContain("No large indexes are deleted by this push");
  expect(await new ConvexHttpClient(backend.url).query(probe, {})).toBe("deployed");
}, 120_000);
