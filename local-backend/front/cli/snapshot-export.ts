/**
 * `npx convex export`: a snapshot of every component's documents at one saved commit, in
 * Convex's snapshot ZIP layout — `<table>/documents.jsonl` (one document per line, ids and
 * `_creationTime` kept), `_tables/documents.jsonl` (each table's name and number), stored files under `_storage/<id>`, and
 * components under `_components/<name>/` (nested for their own components). Values are
 * written as `convexToJson` writes them, so a bigint or bytes value keeps its type
 * (`{"$integer": …}`, `{"$bytes": …}`). Scheduled functions are left out, as on Convex.
 */
import { convexToJson } from "convex/values";
import type { FunctionRunner } from "../../functions/function-runner.ts";
import type { FileStore } from "../files/file-store.ts";
import { committedDocuments, internalsOf, tableOf, type Document } from "../../database/convex-test-adapter.ts";
import { tableNumberPrefix } from "../../database/ids/convex-id.ts";
import { writeZip } from "./zip.ts";

/** Tables a snapshot leaves out: the scheduler's own state, as Convex does. */
export const NOT_EXPORTED = new Set(["_scheduled_functions"]);

export type ExportState = {
  _id: string;
  _creationTime: number;
  state: "completed";
  start_ts: bigint;
  complete_ts: bigint;
  zip_object_key: string;
  requestor: "cliExport";
  format: { format: "zip"; include_storage: boolean };
};

/** "rateLimiter/batchWorker" → "_components/rateLimiter/_components/batchWorker/". */
export function exportPrefix(componentPath: string): string {
  return componentPath === ""
    ? ""
    : componentPath
        .split("/")
        .map((name) => `_components/${name}/`)
        .join("");
}

const README = `# Snapshot export

Written by the Apoie local backend in Convex's snapshot layout: each table's documents are in
\`<table>/documents.jsonl\` (ids and _creationTime kept), stored files in \`_storage/<id>\`, and each
component's tables under \`_components/<name>/\`. Import with \`npx convex import --replace-all <file>\`.
`;

function jsonl(documents: Document[]): Buffer {
  return Buffer.from(documents.map((document) => `${JSON.stringify(convexToJson(document))}\n`).join(""));
}

/** The table number its documents' ids carry (Convex's form), as a deployment lists it in `_tables`. */
function numberOfTable(documents: Document[]): number | undefined {
  for (const document of documents) {
    const number = tableNumberPrefix(document._id);
    if (number !== null) return number;
  }
  return undefined;
}

/** Builds the ZIP of the committed, saved state. */
export async function buildExport(
  engine: FunctionRunner,
  files: FileStore,
  includeStorage: boolean,
  saved: (commit: number) => Promise<void>,
): Promise<{ zip: Buffer; ts: bigint }> {
  const { value: components, ts } = await engine.readAtOneCommit(
    () =>
      engine.withInstance(async (instance) =>
        Object.entries(internalsOf(instance).components).map(([path, { db }]) => [path, [...committedDocuments(db).values()]] as const),
      ),
    saved,
  );
  const entries: { name: string; data: Uint8Array }[] = [{ name: "README.md", data: Buffer.from(README) }];
  for (const [componentPath, documents] of components.sort(([a], [b]) => a.localeCompare(b))) {
    const prefix = exportPrefix(componentPath);
    const tables = new Map<string, Document[]>();
    for (const document of documents) {
      const table = tableOf(document._id);
      if (NOT_EXPORTED.has(table) || (table === "_storage" && !includeStorage)) continue;
      let list = tables.get(table);
      if (list === undefined) tables.set(table, (list = []));
      list.push(document);
    }
    const names = [...tables.keys()].sort();
    entries.push({
      name: `${prefix}_tables/documents.jsonl`,
      data: Buffer.from(
        names
          .filter((name) => !name.startsWith("_"))
          .map((name) => `${JSON.stringify({ name, id: numberOfTable(tables.get(name)!) })}\n`)
          .join(""),
      ),
    });
    for (const name of names) {
      const sorted = tables.get(name)!.sort((a, b) => a._creationTime - b._creationTime);
      entries.push({ name: `${prefix}${name}/documents.jsonl`, data: jsonl(sorted) });
      if (name !== "_storage") continue;
      for (const file of sorted) {
        const bytes = files.read(file.sha256 as string);
        if (bytes !== null) entries.push({ name: `${prefix}_storage/${file._id}`, data: bytes });
      }
    }
  }
  return { zip: writeZip(entries), ts };
}
