import { cp, mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
/** What the Convex CLI reads of the project besides node_modules. */
const PROJECT_FILES = ["convex", "package.json", "tsconfig.json", "tsconfig.base.json"];

export type ScratchProject = { dir: string; remove: () => Promise<void> };

/**
 * A copy of this project that the Convex CLI can push, codegen and typecheck (convex/, the
 * package and TypeScript settings; node_modules linked, not copied), so edits and generated
 * files never touch the working tree. `withGenerated: false` leaves convex/_generated/ out.
 */
export async function scratchProject({ withGenerated = true }: { withGenerated?: boolean } = {}): Promise<ScratchProject> {
  const dir = await mkdtemp(path.join(tmpdir(), "apoie-project-"));
  const generated = path.join(ROOT, "convex", "_generated");
  for (const file of PROJECT_FILES) {
    await cp(path.join(ROOT, file), path.join(dir, file), {
      recursive: true,
      filter: (source) => withGenerated || !source.startsWith(generated),
    });
  }
  await symlink(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
