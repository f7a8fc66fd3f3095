import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { FunctionRunner, DATABASE_FILE, writeSnapshotFile } from "../../local-backend/index.ts";
import type { Backend } from "./convex-backend";
import { fillCatalogue } from "./fill";

const CONVEX_DIR = fileURLToPath(new URL("../../convex/", import.meta.url));
const THIS_FILE = fileURLToPath(import.meta.url);

/**
 * A local backend data folder holding the bench catalogue of `events` events: filled through
 * the local backend's own engine and saved as its snapshot, as the backend would after a
 * shutdown, so a backend started on it loads exactly that state. The filling runs in a child
 * process: 50,000 events leave gigabytes of garbage behind, whose collection would otherwise
 * land in the latencies this process measures next.
 */
export async function filledDataFolder(events: number): Promise<{ dataDir: string; eventIds: string[] }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `apoie-bench-${events}-`));
  const idsFile = `${dataDir}.event-ids.json`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", THIS_FILE, String(events), dataDir, idsFile], { stdio: "inherit" });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`filling ${events} events exited with ${code}`))));
  });
  const eventIds = JSON.parse(await readFile(idsFile, "utf8")) as string[];
  await rm(idsFile);
  return { dataDir, eventIds };
}

/** The child's work: fill an engine and save its snapshot into `dataDir`, the event ids into `idsFile`. */
async function fill(events: number, dataDir: string, idsFile: string): Promise<void> {
  const engine = await FunctionRunner.start(CONVEX_DIR);
  try {
    // The engine's convex-test instance, without the bench's transaction limits: fill writes in batches well inside them.
    const { eventIds } = await engine.withInstance(({ t }) => fillCatalogue(t as unknown as Backend, events));
    await writeSnapshotFile(path.join(dataDir, DATABASE_FILE), engine.database.snapshot());
    await writeFile(idsFile, JSON.stringify(eventIds));
  } finally {
    await engine.dispose();
  }
}

if (process.argv[1] === THIS_FILE) {
  const [events, dataDir, idsFile] = process.argv.slice(2);
  await fill(Number(events), dataDir!, idsFile!);
}
