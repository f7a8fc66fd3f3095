/**
 * Reads what `npx convex import` uploads into documents: a snapshot ZIP in the layout
 * `npx convex export` writes — this backend's (snapshot-export.ts) or a Convex deployment's:
 * every table of every component, `_tables/documents.jsonl` with the tables' numbers, ids and
 * `_creationTime` kept, stored files under `_storage/` — or one table's rows as JSON lines, a
 * JSON array or CSV. Anything damaged or not in that layout is refused with a message saying where.
 */
import { jsonToConvex, type JSONValue, type Value } from "convex/values";
import { sha256Of } from "../files/file-store.ts";
import { decodeConvexId } from "../../database/ids/convex-id.ts";
import { readZip, ZipError } from "./zip.ts";

export class ImportError extends Error {}

export type ImportFormat = "csv" | "jsonLines" | "jsonArray" | "zip";
export type Row = Record<string, Value>;
/**
 * A snapshot: component path → table → its documents (with `_id` and `_creationTime`, or
 * without: they get new ones) and the number Convex gave the table, when its ids carry one.
 */
export type Snapshot = {
  kind: "snapshot";
  components: Map<string, Map<string, Row[]>>;
  numbers: Map<string, Map<string, number>>;
  /** Per component, the tables `_tables` lists (the others' numbers come from their ids). */
  listed: Map<string, Set<string>>;
  files: Map<string, Uint8Array>;
};
/**
 * One table's new rows (without ids: they get new ones); `idNumber`, the table number its
 * first `_id` carries, if any (Convex would take the table's number from it).
 */
export type TableRows = { kind: "table"; componentPath: string; table: string; rows: Row[]; idNumber?: number };

const TABLE_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
/** Fields of Convex's `_storage` export that are its own storage's, not the document's. */
const STORAGE_EXPORT_ONLY = ["internalId"];

function isObject(value: unknown): value is Record<string, JSONValue> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function parseJsonLines(text: string, where: string): JSONValue[] {
  const values: JSONValue[] = [];
  text.split("\n").forEach((line, index) => {
    if (line.trim() === "") return;
    try {
      values.push(JSON.parse(line) as JSONValue);
    } catch {
      throw new ImportError(`${where}, line ${index + 1}: not JSON`);
    }
  });
  return values;
}

function toRow(value: JSONValue, where: string): Row {
  if (!isObject(value)) throw new ImportError(`${where}: a document is not a JSON object`);
  try {
    return jsonToConvex(value) as Row;
  } catch (error) {
    throw new ImportError(`${where}: ${(error as Error).message}`);
  }
}

/** "_components/a/_components/b/" → "a/b". */
function componentPathOf(prefix: string): string {
  return [...prefix.matchAll(/_components\/([^/]+)\//g)].map((match) => match[1]).join("/");
}

/** `_tables/documents.jsonl`: each table's name and number (`{"name": "events", "id": 10001}`). */
function parseTableList(data: Buffer, where: string): Map<string, number> {
  const numbers = new Map<string, number>();
  for (const entry of parseJsonLines(data.toString("utf8"), where)) {
    if (!isObject(entry) || typeof entry.name !== "string") throw new ImportError(`${where}: an entry has no table name`);
    if (entry.id === undefined) continue;
    if (typeof entry.id !== "number" || !Number.isInteger(entry.id) || entry.id < 1) {
      throw new ImportError(`${where}: table "${entry.name}" has no valid number`);
    }
    numbers.set(entry.name, entry.id);
  }
  return numbers;
}

/**
 * Checks the rows of one table file: each `_id` (when present) is an id of this table, in
 * Convex's form (all with one table number, the one `_tables` lists) or this backend's older
 * form; `_creationTime`, when present, a number. Returns the table's number, if its ids carry one.
 */
function checkIds(rows: Row[], table: string, listed: number | undefined, where: string): number | undefined {
  let number = listed;
  for (const row of rows) {
    if (row._creationTime !== undefined && typeof row._creationTime !== "number") {
      throw new ImportError(`${where}: a document's _creationTime is not a number`);
    }
    if (row._id === undefined) continue;
    if (typeof row._id !== "string") throw new ImportError(`${where}: a document's _id is not a string`);
    const decoded = decodeConvexId(row._id);
    if (decoded === null) {
      // This backend's older form: digits, then the table's name.
      if (/^\d+([A-Za-z_][A-Za-z0-9_]*)$/.exec(row._id)?.[1] !== table) {
        throw new ImportError(`${where}: document id ${row._id} is not an id of table "${table}"`);
      }
      continue;
    }
    if (number === undefined) number = decoded.tableNumber;
    else if (decoded.tableNumber !== number) {
      throw new ImportError(
        `${where}: document id ${row._id} is of table number ${decoded.tableNumber}, but table "${table}" is number ${number}`,
      );
    }
  }
  return number;
}

/**
 * A table number names one table of a component: a table whose ids carry the number `_tables`
 * gives another table (or that another table's ids carry too) holds ids of that other table,
 * and Convex refuses to import them into it (ImportConflict). Nothing is written then.
 */
function refuseIdsOfOtherTables(rows: Map<string, Row[]>, numbers: Map<string, number>, listed: Map<string, number> | undefined): void {
  const owners = new Map<number, string>();
  for (const [table, number] of listed ?? []) owners.set(number, table);
  const unlisted = [...numbers].filter(([table, number]) => listed?.get(table) !== number).sort(([a], [b]) => a.localeCompare(b));
  for (const [table, number] of unlisted) {
    const owner = owners.get(number);
    if (owner !== undefined && owner !== table) {
      const id = rows.get(table)!.find((row) => typeof row._id === "string")!._id as string;
      throw new ImportError(`_id ${id} cannot be imported into '${table}': it is an id of table '${owner}' (table number ${number})`);
    }
    owners.set(number, table);
  }
}

function mapIn<K, V>(map: Map<string, Map<K, V>>, key: string): Map<K, V> {
  let inner = map.get(key);
  if (inner === undefined) map.set(key, (inner = new Map()));
  return inner;
}

export function parseSnapshotZip(bytes: Buffer): Snapshot {
  let entries: Map<string, Buffer>;
  try {
    entries = readZip(bytes);
  } catch (error) {
    if (error instanceof ZipError) throw new ImportError(`The file is not a readable ZIP: ${error.message}`);
    throw error;
  }
  const components = new Map<string, Map<string, Row[]>>();
  const listed = new Map<string, Map<string, number>>();
  const blobs = new Map<string, Buffer>();
  const tableFiles: { componentPath: string; table: string; name: string; data: Buffer }[] = [];
  for (const [name, data] of entries) {
    const [, prefix = "", rest = ""] = /^((?:_components\/[^/]+\/)*)(.*)$/.exec(name) ?? [];
    const componentPath = componentPathOf(prefix);
    if (rest === "README.md" || /^[^/]+\/generated_schema\.jsonl$/.test(rest)) continue;
    if (rest === "_tables/documents.jsonl") {
      listed.set(componentPath, parseTableList(data, name));
      continue;
    }
    const storage = /^_storage\/([^/]+)$/.exec(rest);
    if (storage !== null && storage[1] !== "documents.jsonl") {
      blobs.set(`${componentPath}|${storage[1]!.replace(/\.[^.]*$/, "")}`, data);
      continue;
    }
    const table = /^([^/]+)\/documents\.jsonl$/.exec(rest)?.[1];
    if (table === undefined || !TABLE_NAME.test(table)) {
      throw new ImportError(`This ZIP is not a Convex snapshot export: unexpected entry "${name}"`);
    }
    tableFiles.push({ componentPath, table, name, data });
  }
  const numbers = new Map<string, Map<string, number>>();
  for (const { componentPath, table, name, data } of tableFiles) {
    const rows = parseJsonLines(data.toString("utf8"), name).map((value) => toRow(value, name));
    const number = checkIds(rows, table, listed.get(componentPath)?.get(table), name);
    if (number !== undefined) mapIn(numbers, componentPath).set(table, number);
    mapIn(components, componentPath).set(table, rows);
  }
  if (components.size === 0) throw new ImportError("This ZIP is not a Convex snapshot export: it holds no <table>/documents.jsonl");
  for (const [componentPath, tables] of numbers) refuseIdsOfOtherTables(components.get(componentPath)!, tables, listed.get(componentPath));
  // Every stored file's bytes, checked against the SHA-256 its document records.
  const files = new Map<string, Uint8Array>();
  for (const [componentPath, tables] of components) {
    for (const file of tables.get("_storage") ?? []) {
      if (typeof file._id !== "string") throw new ImportError("A stored file in _storage has no _id");
      for (const field of STORAGE_EXPORT_ONLY) delete file[field];
      const bytes = blobs.get(`${componentPath}|${file._id}`);
      if (bytes === undefined) throw new ImportError(`Stored file ${file._id} is listed in _storage but its bytes are not in the ZIP`);
      file.sha256 ??= sha256Of(bytes);
      file.size ??= bytes.length;
      if (sha256Of(bytes) !== file.sha256) throw new ImportError(`Stored file ${file._id} does not match its SHA-256 (damaged)`);
      files.set(file.sha256 as string, bytes);
    }
  }
  const listedTables = new Map([...listed].map(([componentPath, tables]) => [componentPath, new Set(tables.keys())]));
  return { kind: "snapshot", components, numbers, listed: listedTables, files };
}

/** RFC 4180 CSV: a header row, then rows; numbers and true/false become numbers and booleans. */
function parseCsv(text: string): Row[] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === "") quoted = true;
    else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[index + 1] === "\n") index += 1;
      record.push(field);
      if (record.length > 1 || record[0] !== "") records.push(record);
      record = [];
      field = "";
    } else field += char;
  }
  if (quoted) throw new ImportError("CSV: a quoted field is not closed");
  if (field !== "" || record.length > 0) records.push([...record, field]);
  const [header, ...rows] = records;
  if (header === undefined) throw new ImportError("CSV: no header row");
  return rows.map((cells, line) => {
    if (cells.length !== header.length)
      throw new ImportError(`CSV, row ${line + 2}: ${cells.length} fields, the header has ${header.length}`);
    const row: Row = {};
    header.forEach((name, column) => {
      const cell = cells[column]!;
      row[name] =
        cell === "true" ? true : cell === "false" ? false : cell.trim() !== "" && Number.isFinite(Number(cell)) ? Number(cell) : cell;
    });
    return row;
  });
}

/** One table's rows; `_id` and `_creationTime` are dropped (the rows get new ones). */
export function parseTableRows(format: Exclude<ImportFormat, "zip">, bytes: Buffer, table: string, componentPath: string): TableRows {
  if (!TABLE_NAME.test(table) || table.startsWith("_")) throw new ImportError(`"${table}" is not a table an import can write`);
  const text = bytes.toString("utf8");
  let rows: Row[];
  if (format === "csv") rows = parseCsv(text);
  else if (format === "jsonLines") rows = parseJsonLines(text, "JSONL").map((value) => toRow(value, "JSONL"));
  else {
    let array: unknown;
    try {
      array = JSON.parse(text);
    } catch {
      throw new ImportError("The file is not a JSON array");
    }
    if (!Array.isArray(array)) throw new ImportError("The file is not a JSON array");
    rows = (array as JSONValue[]).map((value) => toRow(value, "JSON array"));
  }
  const firstId = rows.find((row) => typeof row._id === "string")?._id as string | undefined;
  const idNumber = firstId === undefined ? undefined : decodeConvexId(firstId)?.tableNumber;
  for (const row of rows) {
    delete row._id;
    delete row._creationTime;
  }
  return { kind: "table", componentPath, table, rows, ...(idNumber === undefined ? {} : { idNumber }) };
}
