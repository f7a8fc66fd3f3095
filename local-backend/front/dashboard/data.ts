/**
 * What the dashboard shows, read from the committed documents of every component: tables
 * with their counts, a page of a table's latest documents, scheduled jobs, stored files.
 */
import {
  committedDocuments,
  internalsOf,
  schemaTables,
  tableOf,
  type Document,
  type ConvexTestInstance,
} from "../../database/convex-test-adapter.ts";

export const PAGE_SIZE = 20;
const LATEST_JOBS = 50;
const LATEST_FILES = 50;

export type TableSummary = { component: string; table: string; count: number };
export type Overview = {
  tables: TableSummary[];
  jobs: Document[];
  jobCount: number;
  files: Document[];
  fileCount: number;
  fileBytes: number;
};
export type TablePage = { count: number; documents: Document[]; page: number; pages: number };

function newestFirst(a: Document, b: Document): number {
  return b._creationTime - a._creationTime;
}

/** Documents by table, for one component. */
function byTable(documents: ReadonlyMap<string, Document>): Map<string, Document[]> {
  const tables = new Map<string, Document[]>();
  for (const document of documents.values()) {
    const table = tableOf(document._id);
    let list = tables.get(table);
    if (list === undefined) tables.set(table, (list = []));
    list.push(document);
  }
  return tables;
}

export function readOverview(instance: ConvexTestInstance): Overview {
  const tables: TableSummary[] = [];
  const jobs: Document[] = [];
  let files: Document[] = [];
  const components = Object.entries(internalsOf(instance).components).sort(([a], [b]) => a.localeCompare(b));
  for (const [component, { db }] of components) {
    const found = byTable(committedDocuments(db));
    // Tables of the schema are listed even while empty; system tables once they hold something.
    const names = new Set([...(schemaTables(db)?.keys() ?? []), ...found.keys()]);
    for (const table of [...names].sort()) tables.push({ component, table, count: found.get(table)?.length ?? 0 });
    jobs.push(...(found.get("_scheduled_functions") ?? []).map((job) => ({ ...job, component })));
    if (component === "") files = found.get("_storage") ?? [];
  }
  return {
    tables,
    jobs: jobs.sort((a, b) => (b.scheduledTime as number) - (a.scheduledTime as number)).slice(0, LATEST_JOBS),
    jobCount: jobs.length,
    files: [...files].sort(newestFirst).slice(0, LATEST_FILES),
    fileCount: files.length,
    fileBytes: files.reduce((sum, file) => sum + (file.size as number), 0),
  };
}

/** One page (from 0) of a table's documents, newest first; null for an unknown component. */
export function readTablePage(instance: ConvexTestInstance, component: string, table: string, page: number): TablePage | null {
  const db = internalsOf(instance).components[component]?.db;
  if (db === undefined) return null;
  const documents = [...committedDocuments(db).values()].filter((document) => tableOf(document._id) === table).sort(newestFirst);
  const pages = Math.max(1, Math.ceil(documents.length / PAGE_SIZE));
  const shown = Math.min(Math.max(0, page), pages - 1);
  return { count: documents.length, documents: documents.slice(shown * PAGE_SIZE, (shown + 1) * PAGE_SIZE), page: shown, pages };
}
