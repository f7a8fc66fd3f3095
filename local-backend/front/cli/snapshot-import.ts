/**
 * `npx convex import`: the upload (`/api/import/start_upload`, `upload_part`, `finish_upload`),
 * the check and the summary to confirm, then `/api/perform_import`, which writes everything
 * in ONE transaction across the app and its components — so an import that fails (a document
 * the schema refuses, a table that must be empty and is not, a disk that cannot save) changes
 * nothing. The CLI follows the state with `_system/cli/queryImport`.
 */
import { randomUUID } from "node:crypto";
import type { FunctionRunner } from "../../functions/function-runner.ts";
import type { FileStore } from "../files/file-store.ts";
import { HttpError } from "../http-api.ts";
import {
  committedDocuments,
  idCounters,
  schemaTables,
  setIdCounters,
  stageWrite,
  tableOf,
  testOf,
  validateDocument,
  type DatabaseFake,
  type Document,
} from "../../database/convex-test-adapter.ts";
import {
  ImportError,
  parseSnapshotZip,
  parseTableRows,
  type ImportFormat,
  type Row,
  type Snapshot,
  type TableRows,
} from "./import-parse.ts";
import { refuseForeignIds, renumberedTables, settleIds, type Renumbered } from "./import-ids.ts";
import { NOT_EXPORTED } from "./snapshot-export.ts";
import type { TableNumbers } from "../../database/ids/table-numbers.ts";
import { isCounterId } from "../../database/ids/random-ids.ts";

type Mode = "requireEmpty" | "append" | "replace" | "replaceAll";
const MODES = new Set<Mode>(["requireEmpty", "append", "replace", "replaceAll"]);
const FORMATS = new Set<ImportFormat>(["csv", "jsonLines", "jsonArray", "zip"]);

type ImportState =
  | { state: "uploaded" }
  | {
      state: "waiting_for_confirmation";
      message_to_confirm: string;
      require_manual_confirmation: boolean;
    }
  | {
      state: "in_progress";
      progress_message: string;
      checkpoint_messages: string[];
    }
  | { state: "completed"; num_rows_written: bigint }
  | { state: "failed"; error_message: string };

/** A creation time after every one given so far, for an imported document without one. */
function nextCreationTime(db: DatabaseFake): number {
  const now = Date.now();
  const { lastCreationTime } = idCounters(db);
  const next = now <= lastCreationTime ? lastCreationTime + 0.001 : now;
  setIdCounters(db, { lastCreationTime: next });
  return next;
}

type ImportRecord = {
  _id: string;
  _creationTime: number;
  state: ImportState;
  mode: Mode;
  format: ImportFormat;
  plan?: Snapshot | TableRows;
};

export type ImportDeps = {
  engine: FunctionRunner;
  files: FileStore;
  tableNumbers: TableNumbers;
  /** Resolves once a commit is durable; rejects when it was rolled back. */
  persisted: (commit?: number) => Promise<void>;
};

/** What a plan does to one table: how many documents it writes and deletes. */
type TableChange = {
  componentPath: string;
  table: string;
  create: number;
  remove: number;
  existing: number;
};

export class SnapshotImports {
  private readonly uploads = new Map<string, Buffer[]>();
  private readonly imports = new Map<string, ImportRecord>();

  constructor(private readonly deps: ImportDeps) {}

  startUpload(): { uploadToken: string } {
    const uploadToken = randomUUID();
    this.uploads.set(uploadToken, []);
    return { uploadToken };
  }

  uploadPart(token: string | null, partNumber: number, bytes: Buffer): string {
    const parts = token === null ? undefined : this.uploads.get(token);
    if (parts === undefined) throw new HttpError(400, "InvalidUploadToken", "Unknown upload token");
    if (!Number.isInteger(partNumber) || partNumber < 1) throw new HttpError(400, "InvalidPartNumber", "partNumber must be 1 or more");
    parts[partNumber - 1] = bytes;
    return `${token}:${partNumber}`;
  }

  /** Parses and checks the upload; the import then waits for confirmation, or has failed. */
  async finishUpload(body: Record<string, unknown>): Promise<{ importId: string }> {
    const token = typeof body.uploadToken === "string" ? body.uploadToken : null;
    const parts = token === null ? undefined : this.uploads.get(token);
    if (parts === undefined || token === null) throw new HttpError(400, "InvalidUploadToken", "Unknown upload token");
    this.uploads.delete(token);
    const options = (body.import ?? {}) as {
      tableName?: unknown;
      componentPath?: unknown;
      mode?: unknown;
      format?: unknown;
    };
    const mode = options.mode as Mode;
    const format = options.format as ImportFormat;
    if (!MODES.has(mode) || !FORMATS.has(format)) throw new HttpError(400, "InvalidImport", "Unknown import mode or format");
    const record: ImportRecord = {
      _id: randomUUID(),
      _creationTime: Date.now(),
      state: { state: "uploaded" },
      mode,
      format,
    };
    this.imports.set(record._id, record);
    try {
      const bytes = Buffer.concat(parts.filter((part) => part !== undefined));
      const componentPath = typeof options.componentPath === "string" ? options.componentPath : "";
      record.plan =
        format === "zip"
          ? parseSnapshotZip(bytes)
          : parseTableRows(format, bytes, typeof options.tableName === "string" ? options.tableName : "", componentPath);
      const plan = record.plan;
      await this.deps.engine.withInstance(async (instance) =>
        refuseForeignIds(plan, mode, (componentPath, table) => {
          const db = instance.global.components[componentPath]?.db;
          if (db === undefined) return false;
          return (
            (schemaTables(db)?.has(table) ?? false) ||
            this.deps.engine.database.tableDocuments(table).some((found) => found.componentPath === componentPath)
          );
        }),
      );
      const changes = await this.changes(record.plan, mode);
      const deletes = changes.some((change) => change.remove > 0);
      record.state = {
        state: "waiting_for_confirmation",
        message_to_confirm: summary(
          changes,
          mode,
          record.plan.kind === "snapshot" ? renumberedTables(record.plan, this.deps.tableNumbers) : [],
        ),
        require_manual_confirmation: deletes,
      };
    } catch (error) {
      if (!(error instanceof ImportError)) throw error;
      record.state = { state: "failed", error_message: error.message };
    }
    return { importId: record._id };
  }

  /** Writes the import in one transaction; the state says how it went. */
  async perform(importId: unknown): Promise<void> {
    const record = typeof importId === "string" ? this.imports.get(importId) : undefined;
    if (record === undefined) throw new HttpError(400, "InvalidImportId", "Unknown import");
    if (record.state.state !== "waiting_for_confirmation" || record.plan === undefined) {
      throw new HttpError(400, "ImportNotConfirmable", `The import is ${record.state.state}`);
    }
    const plan = record.plan;
    record.state = {
      state: "in_progress",
      progress_message: "Importing",
      checkpoint_messages: [],
    };
    try {
      const written = await this.apply(plan, record.mode);
      record.state = { state: "completed", num_rows_written: BigInt(written) };
    } catch (error) {
      record.state = {
        state: "failed",
        error_message: error instanceof Error ? error.message : String(error),
      };
    } finally {
      delete record.plan;
    }
  }

  /** `_system/cli/queryImport` (one) and `:list` (all, newest first), as documents with a `state`. */
  get(importId: unknown): Omit<ImportRecord, "plan"> | null {
    const record = typeof importId === "string" ? this.imports.get(importId) : undefined;
    return record === undefined ? null : withoutPlan(record);
  }

  list(): Omit<ImportRecord, "plan">[] {
    return [...this.imports.values()].reverse().map(withoutPlan);
  }

  private changes(plan: Snapshot | TableRows, mode: Mode): Promise<TableChange[]> {
    return this.deps.engine.withInstance(async (instance) => changesIn(instance.global.components, plan, mode));
  }

  private async apply(plan: Snapshot | TableRows, mode: Mode): Promise<number> {
    // The bytes first (content-addressed, fsync'd): a document never points at missing bytes.
    if (plan.kind === "snapshot") for (const bytes of plan.files.values()) await this.deps.files.write(bytes);
    const { engine } = this.deps;
    let written = 0;
    await engine.withInstance((instance) =>
      testOf(instance).runInComponent("", async () => {
        const components = instance.global.components;
        // Checked again inside the transaction: the data may have changed since the upload.
        changesIn(components, plan, mode);
        const incoming =
          plan.kind === "table"
            ? new Map([[plan.componentPath, new Map([[plan.table, plan.rows]])]])
            : settleIds(plan, this.deps.tableNumbers, () => nextCreationTime(components[""]!.db));
        const affected = mode === "replaceAll" ? Object.keys(components) : [...incoming.keys()];
        for (const componentPath of affected) {
          const db = components[componentPath]!.db;
          const tables = incoming.get(componentPath) ?? new Map<string, Row[]>();
          if (mode === "replace" || mode === "replaceAll") {
            for (const id of [...committedDocuments(db).keys()]) {
              const table = tableOf(id);
              if (mode === "replaceAll" ? !NOT_EXPORTED.has(table) : tables.has(table)) stageWrite(db, id, null);
            }
          }
          for (const [table, rows] of tables) {
            for (const row of rows) {
              if (plan.kind === "table") {
                // A new id and creation time, checked against the schema, as a mutation's insert.
                db.insert(table, row);
              } else {
                const { _id, _creationTime, ...fields } = row;
                if (mode === "append" && committedDocuments(db).has(_id as string)) {
                  throw new Error(`Document ${_id as string} already exists; import with --replace or --replace-all`);
                }
                validate(db, table, fields, _id as string);
                stageWrite(db, _id as string, row as Document);
                const { nextDocId, lastCreationTime } = idCounters(db);
                setIdCounters(db, { lastCreationTime: Math.max(lastCreationTime, _creationTime as number) });
                if (isCounterId(_id as string))
                  setIdCounters(db, { nextDocId: Math.max(nextDocId, Number(/^\d+/.exec(_id as string)![0]) + 1) });
              }
              written += 1;
            }
          }
        }
      }),
    );
    await this.deps.persisted(engine.database.commitCount);
    return written;
  }
}

/** Per table: documents created and deleted, against the committed state; throws ImportError when the mode forbids it. */
function changesIn(components: Record<string, { db: DatabaseFake }>, plan: Snapshot | TableRows, mode: Mode): TableChange[] {
  const counts = (db: DatabaseFake) => {
    const byTable = new Map<string, number>();
    for (const id of committedDocuments(db).keys()) byTable.set(tableOf(id), (byTable.get(tableOf(id)) ?? 0) + 1);
    return byTable;
  };
  const incoming = plan.kind === "table" ? new Map([[plan.componentPath, new Map([[plan.table, plan.rows]])]]) : plan.components;
  const changes: TableChange[] = [];
  for (const componentPath of incoming.keys()) {
    if (components[componentPath] === undefined)
      throw new ImportError(`The import has data for component "${componentPath}", which this app does not have`);
  }
  const affected = mode === "replaceAll" ? Object.keys(components) : [...incoming.keys()];
  for (const componentPath of affected.sort()) {
    const existing = counts(components[componentPath]!.db);
    const tables = incoming.get(componentPath) ?? new Map<string, Row[]>();
    const names = new Set([
      ...tables.keys(),
      ...(mode === "replaceAll" ? [...existing.keys()].filter((table) => !NOT_EXPORTED.has(table)) : []),
    ]);
    for (const table of [...names].sort()) {
      const count = existing.get(table) ?? 0;
      const create = tables.get(table)?.length ?? 0;
      if (mode === "requireEmpty" && count > 0 && create > 0) {
        throw new ImportError(`Table "${table}"${where(componentPath)} is not empty; import with --replace, --replace-all or --append`);
      }
      const remove = mode === "replace" || mode === "replaceAll" ? count : 0;
      changes.push({ componentPath, table, create, remove, existing: count });
    }
  }
  return changes;
}

function validate(db: DatabaseFake, table: string, fields: Row, id: string): void {
  if (table.startsWith("_")) return;
  try {
    validateDocument(db, table, fields as Document);
  } catch (error) {
    throw new Error(`Document ${id} of table "${table}" does not match the schema: ${(error as Error).message}`);
  }
}

function where(componentPath: string): string {
  return componentPath === "" ? "" : ` of component ${componentPath}`;
}

function withoutPlan(record: ImportRecord): Omit<ImportRecord, "plan"> {
  const rest = { ...record };
  delete rest.plan;
  return rest;
}

function summary(changes: TableChange[], mode: Mode, renumbered: Renumbered[]): string {
  const lines = changes
    .filter((change) => change.create > 0 || change.remove > 0)
    .map(
      (change) =>
        `${change.componentPath === "" ? "" : `${change.componentPath}:`}${change.table} | create ${change.create} | delete ${change.remove} of ${change.existing}`,
    );
  for (const { componentPath, table, number } of renumbered) {
    lines.push(
      `${componentPath === "" ? "" : `${componentPath}:`}${table}: table number ${number} is another table's here, so its documents get new ids (fields holding them are updated)`,
    );
  }
  return `Import change summary (${mode}):\n${lines.join("\n")}`;
}
