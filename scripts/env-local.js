/**
 * Keeps `CONVEX_SELF_HOSTED_URL` and `CONVEX_SELF_HOSTED_ADMIN_KEY` of the local backend in the
 * project's `.env.local` (git-ignored), where the Convex CLI looks for its deployment, so any
 * `npx convex …` (run, data, env, logs, import, export) reaches the backend `npm run dev`
 * started, without exporting anything. Other lines of the file are kept as they are. Plain Node.
 */
import { readFileSync, writeFileSync } from "node:fs";

/** Sets `values` in the dotenv file `file` (creating it), replacing earlier lines of the same names. */
export function updateEnvFile(file, values) {
  let text = "";
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if (error.code !== "ENOENT") throw error;
  }
  const names = Object.keys(values);
  const kept = text.split("\n").filter((line) => !names.some((name) => new RegExp(`^\\s*${name}\\s*=`).test(line)));
  while (kept.length > 0 && kept.at(-1).trim() === "") kept.pop();
  const added = Object.entries(values).map(([name, value]) => `${name}=${value}`);
  writeFileSync(file, `${[...kept, ...added].join("\n")}\n`, { mode: 0o600 });
}
