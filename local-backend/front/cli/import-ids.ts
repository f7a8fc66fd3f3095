/**
 * The ids an imported snapshot's documents end up with. A table keeps the number its ids carry
 * (a Convex deployment's, from its export), so every id — and every field holding one — stays
 * as it was. Two cases get new ids, as on Convex: documents without `_id`, and the documents of
 * a table whose number already names another table here (a component's, numbered on its own on
 * Convex, or a table this backend numbered first); fields anywhere in the import holding one of
 * those old ids are rewritten to the new one, so references still resolve.
 */
import type { Value } from "convex/values";
import { tableOfNumber, type TableNumbers } from "../../database/ids/table-numbers.ts";
import { ImportError, type TableRows } from "./import-parse.ts";
import { randomDocumentId } from "../../database/ids/random-ids.ts";
import type { Row, Snapshot } from "./import-parse.ts";

/** A table whose number is taken here by another table: its documents get new ids. */
export type Renumbered = { componentPath: string; table: string; number: number };

/** The tables of `plan` whose number is taken here, app first (its ids matter most). */
export function renumberedTables(plan: Snapshot, numbers: TableNumbers): Renumbered[] {
  const renumbered: Renumbered[] = [];
  const claimed = new Map<number, string>();
  for (const componentPath of [...plan.numbers.keys()].sort()) {
    for (const [table, number] of plan.numbers.get(componentPath)!) {
      const claimant = claimed.get(number);
      if (!numbers.canAdopt(table, number) || (claimant !== undefined && claimant !== table)) {
        renumbered.push({ componentPath, table, number });
      } else claimed.set(number, table);
    }
  }
  return renumbered;
}

function rewrite(value: Value, newIds: Map<string, string>): Value {
  if (typeof value === "string") return newIds.get(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => rewrite(item, newIds));
  if (value !== null && typeof value === "object" && !(value instanceof ArrayBuffer)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, rewrite(item as Value, newIds)]));
  }
  return value;
}

/**
 * Gives `plan`'s tables their numbers and every document its final `_id` and `_creationTime`
 * (`creationTime()` for one it lacks). Returns component → table → documents ready to write.
 */
export function settleIds(plan: Snapshot, numbers: TableNumbers, creationTime: () => number): Map<string, Map<string, Row[]>> {
  const renumbered = new Set(renumberedTables(plan, numbers).map(({ componentPath, table }) => `${componentPath}|${table}`));
  for (const [componentPath, tables] of plan.numbers) {
    for (const [table, number] of tables) if (!renumbered.has(`${componentPath}|${table}`)) numbers.adopt(table, number);
  }
  const newIds = new Map<string, string>();
  const settled = new Map<string, Map<string, Row[]>>();
  for (const [componentPath, tables] of plan.components) {
    const out = new Map<string, Row[]>();
    settled.set(componentPath, out);
    for (const [table, rows] of tables) {
      const fresh = renumbered.has(`${componentPath}|${table}`);
      out.set(
        table,
        rows.map((row) => {
          if (row._id !== undefined && !fresh) return { ...row, _creationTime: row._creationTime ?? creationTime() };
          const _id = randomDocumentId(numbers, table);
          if (typeof row._id === "string") newIds.set(row._id, _id);
          return { ...row, _id, _creationTime: row._creationTime ?? creationTime() };
        }),
      );
    }
  }
  if (newIds.size === 0) return settled;
  for (const tables of settled.values()) {
    for (const [table, rows] of tables) {
      tables.set(
        table,
        rows.map(({ _id, _creationTime, ...fields }) => ({
          ...(rewrite(fields, newIds) as Row),
          _id: _id!,
          _creationTime: _creationTime!,
        })),
      );
    }
  }
  return settled;
}

/**
 * Refuses, as Convex's import does (`assign_table_numbers`), a table not listed in `_tables`
 * (a JSONL file, a ZIP without `_tables`) whose ids carry the number of another table of the
 * same component here that the import does not replace: its documents' `_id`s belong to that
 * table. `exists(componentPath, table)` says whether the component has that table here.
 */
export function refuseForeignIds(
  plan: Snapshot | TableRows,
  mode: string,
  exists: (componentPath: string, table: string) => boolean,
): void {
  if (mode === "replaceAll") return;
  const candidates: { componentPath: string; table: string; number: number; imported: Set<string> }[] = [];
  if (plan.kind === "table") {
    if (plan.idNumber !== undefined) candidates.push({ ...plan, number: plan.idNumber, imported: new Set([plan.table]) });
  } else {
    for (const [componentPath, tables] of plan.numbers) {
      const imported = new Set(plan.components.get(componentPath)?.keys() ?? []);
      for (const [table, number] of tables) {
        if (!plan.listed.get(componentPath)?.has(table)) candidates.push({ componentPath, table, number, imported });
      }
    }
  }
  for (const { componentPath, table, number, imported } of candidates) {
    const owner = tableOfNumber(number);
    if (owner === undefined || owner === table || imported.has(owner) || !exists(componentPath, owner)) continue;
    const inComponent = componentPath === "" ? "" : ` in component \`${componentPath}\``;
    throw new ImportError(
      owner.startsWith("_")
        ? `New table \`${table}\`${inComponent} has IDs that conflict with existing internal table. Consider importing this table without \`_id\` fields or import into a new deployment.`
        : `New table \`${table}\`${inComponent} has IDs that conflict with existing table \`${owner}\`. To delete all existing tables, import with \`npx convex import --replace-all\`.`,
    );
  }
}
