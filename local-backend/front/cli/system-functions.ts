/**
 * The `_system/*` queries the Convex CLI reads (over the WebSocket or `POST /api/query`),
 * answered from the backend's own state rather than from functions in convex/: tables and
 * their documents, the function list, the deployment URL, components, environment
 * variables, and the state of imports and exports. Only the admin reaches them.
 */
import type { Value } from "convex/values";
import type { FunctionRunner } from "../../functions/function-runner.ts";
import { FunctionError } from "../../functions/function-error.ts";
import { committedDocuments, internalsOf, schemaTables, tableOf, type Document } from "../../database/convex-test-adapter.ts";
import { apiSpec } from "./api-spec.ts";

/** Parts of the backend the system queries read; each step of the CLI support adds its own. */
export type SystemState = {
  engine: FunctionRunner;
  /** The deployment URL (what `VITE_CONVEX_URL` holds). */
  url: () => string;
  /** More system queries by path ("_system/cli/queryEnvironmentVariables:get"). */
  extra: Map<string, (args: Record<string, Value>, componentPath: string) => Value | Promise<Value>>;
};

type PaginationOpts = { cursor: string | null; numItems: number };

function paginationOpts(args: Record<string, Value>): PaginationOpts {
  const opts = (args.paginationOpts ?? {}) as { cursor?: unknown; numItems?: unknown };
  const numItems = typeof opts.numItems === "number" && opts.numItems > 0 ? Math.floor(opts.numItems) : 100;
  return { cursor: typeof opts.cursor === "string" ? opts.cursor : null, numItems };
}

/** A page of `items`; the cursor is the position after the page (opaque to the CLI). */
function page<T extends Value>(items: T[], opts: PaginationOpts) {
  const start = opts.cursor === null ? 0 : Number(opts.cursor) || 0;
  const end = start + opts.numItems;
  return { page: items.slice(start, end), isDone: end >= items.length, continueCursor: String(Math.min(end, items.length)) };
}

function componentDb(engine: FunctionRunner, componentPath: string) {
  return engine.withInstance(async (instance) => {
    const component = internalsOf(instance).components[componentPath];
    if (component === undefined) throw new FunctionError(`Component '${componentPath}' does not exist`, undefined);
    return component.db;
  });
}

/** The user tables of a component: those of its schema and those holding documents. */
async function tables(state: SystemState, args: Record<string, Value>, componentPath: string) {
  const db = await componentDb(state.engine, componentPath);
  const names = new Set([...(schemaTables(db)?.keys() ?? [])]);
  for (const document of [...committedDocuments(db).values()]) names.add(tableOf(document._id));
  const list = [...names].filter((name) => !name.startsWith("_")).sort();
  return page(
    list.map((name) => ({ name })),
    paginationOpts(args),
  );
}

async function tableData(state: SystemState, args: Record<string, Value>, componentPath: string) {
  if (typeof args.table !== "string") throw new FunctionError("tableData needs a table name", undefined);
  const db = await componentDb(state.engine, componentPath);
  const table = args.table;
  const sign = args.order === "asc" ? 1 : -1;
  const documents = [...committedDocuments(db).values()]
    .filter((document) => tableOf(document._id) === table)
    .sort((a, b) => sign * (a._creationTime - b._creationTime));
  return page<Document>(documents, paginationOpts(args));
}

/** `convex dev` watches a table whose data failed a schema check: its documents, re-sent after each change. */
async function queryTable(state: SystemState, args: Record<string, Value>, componentPath: string) {
  if (typeof args.tableName !== "string") throw new FunctionError("queryTable needs a tableName", undefined);
  const db = await componentDb(state.engine, componentPath);
  const table = args.tableName;
  return [...committedDocuments(db).values()].filter((document) => tableOf(document._id) === table);
}

/** `convex deploy` asks how many documents a table has before deleting one of its indexes. */
async function tableSize(state: SystemState, args: Record<string, Value>, componentPath: string) {
  if (typeof args.tableName !== "string") throw new FunctionError("tableSize needs a tableName", undefined);
  const db = await componentDb(state.engine, componentPath);
  const table = args.tableName;
  return [...committedDocuments(db).values()].filter((document) => tableOf(document._id) === table).length;
}

async function components(state: SystemState) {
  const paths = await state.engine.withInstance(async (instance) => Object.keys(internalsOf(instance).components));
  return paths
    .filter((path) => path !== "")
    .sort()
    .map((path) => ({ id: path, name: path.split("/").at(-1)!, path, args: {}, state: "active", httpPrefix: null }));
}

const QUERIES: Record<string, (state: SystemState, args: Record<string, Value>, componentPath: string) => Promise<Value> | Value> = {
  "_system/cli/tables": tables,
  "_system/cli/tableData": tableData,
  "_system/cli/queryTable": queryTable,
  "_system/cli/tableSize": tableSize,
  "_system/cli/modules:apiSpec": (state, _args, componentPath) => apiSpec(state.engine, componentPath),
  "_system/cli/convexUrl:cloudUrl": (state) => state.url(),
  "_system/frontend/components:list": components,
};

/** A function path as these are keyed: "module:export", without ".js" and ":default". */
function canonicalPath(path: string): string {
  return path.replace(/\.js(?=:|$)/, "").replace(/:default$/, "");
}

/**
 * Runs the system query `path` ("_system/cli/tables:default", "_system/cli/tables.js", …)
 * in a component ("" the app). Throws Convex's "Could not find function" for others.
 */
export async function runSystemQuery(state: SystemState, path: string, args: Record<string, Value>, componentPath: string): Promise<Value> {
  const udfPath = canonicalPath(path);
  const query = QUERIES[udfPath];
  if (query !== undefined) return query(state, args, componentPath);
  const extra = state.extra.get(udfPath);
  if (extra !== undefined) return extra(args, componentPath);
  throw new FunctionError(`Could not find function for '${udfPath}'.`, undefined);
}
