/**
 * convex/_generated/ as Convex makes it, offline: `npx convex codegen` needs a deployment (it
 * pushes the code for analysis: components, typed `env`), so this starts the local backend in
 * memory on free ports, points the official CLI at it (CONVEX_SELF_HOSTED_URL and _ADMIN_KEY)
 * and stops it again. Nothing is served or kept: `codegen` has the push analysed, not served.
 */
import { runCli, type CliRun, startLocalBackend } from "../../local-backend/index.ts";

/** Writes `<projectDir>/convex/_generated/`; throws with the CLI's output when it fails. */
export async function generateCode(projectDir: string): Promise<CliRun> {
  // No convex/ from source (it would need _generated/ to load): a fresh deployment, as codegen expects.
  const backend = await startLocalBackend({ port: 0, sitePort: 0, dataDir: null, convexDir: null });
  try {
    // The typecheck is `npm run typecheck`'s job (and would need _generated/ first).
    const run = await runCli({ url: backend.url, adminKey: backend.adminKey, cwd: projectDir }, ["codegen", "--typecheck", "disable"]);
    if (run.code !== 0) throw new Error(`npx convex codegen failed (exit ${run.code}):\n${run.stdout}\n${run.stderr}`);
    return run;
  } finally {
    await backend.close();
  }
}
