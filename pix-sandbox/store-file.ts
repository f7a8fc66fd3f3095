/**
 * The sandbox's data file: the store read back at start and written after each change
 * (atomically, one write at a time), so a restart of `npm run dev` loses nothing.
 */
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { Store, type SavedStore } from "./store.ts";

export type StoreFile = {
  store: Store;
  /** Resolves once every change so far is in the file. */
  flushed(): Promise<void>;
};

/** The store kept in `file` (read now if it exists), or in memory only when `file` is null. */
export async function openStoreFile(file: string | null): Promise<StoreFile> {
  if (file === null) return { store: new Store(), flushed: () => Promise.resolve() };
  const store = await readStore(file);
  let writing: Promise<void> = Promise.resolve();
  let writePending = false;
  store.onChange(() => {
    writePending = true;
    // One write at a time; changes made while one runs are all in the next.
    writing = writing
      .then(async () => {
        if (!writePending) return;
        writePending = false;
        await writeAtomically(file, JSON.stringify(store.snapshot()));
      })
      .catch((error: unknown) => console.error(`pix-sandbox: could not save ${file}: ${(error as Error).message}`));
  });
  return { store, flushed: () => writing };
}

async function readStore(file: string): Promise<Store> {
  try {
    return Store.fromSaved(JSON.parse(await readFile(file, "utf8")) as SavedStore);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return new Store();
    throw new Error(`${file} is not a sandbox data file: ${(error as Error).message}`);
  }
}

async function writeAtomically(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, text, { mode: 0o600 });
  await rename(temporary, file);
}
