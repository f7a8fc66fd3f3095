import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Engine } from "../../local-backend/engine";
import { DATABASE_FILE, writeFileAtomic } from "../../local-backend/storage/database-file";
import type { Backend } from "./convex-backend";
import { fillCatalogue } from "./fill";

const CONVEX_DIR = fileURLToPath(new URL("../../convex/", import.meta.url));

/**
 * A local backend data folder holding the bench catalogue of `events` events: filled through
 * the local backend's own engine and saved as its snapshot, as the backend would after a
 * shutdown, so a backend started on it loads exactly that state.
 */
export async function filledDataFolder(events: number): Promise<{ dataDir: string; eventIds: string[] }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `apoie-bench-${events}-`));
  const engine = await Engine.start(CONVEX_DIR);
  try {
    // The engine's convex-test instance, without the bench's transaction limits: fill writes in batches well inside them.
    const { eventIds } = await engine.withInstance(({ t }) => fillCatalogue(t as unknown as Backend, events));
    await writeFileAtomic(path.join(dataDir, DATABASE_FILE), JSON.stringify(engine.snapshot()));
    return { dataDir, eventIds };
  } finally {
    await engine.dispose();
  }
}
