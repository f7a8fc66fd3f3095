/**
 * The indexes a push adds and removes, in the shape Convex's `start_push` answers them
 * (`schemaChange.indexDiffs`), so `npx convex dev` prints "Added table indexes: [+] events.by_x …"
 * and "Deleted table indexes: …" as against a deployment. Indexes here are built when a query
 * first uses them (database/indexes/document-indexes.ts), so nothing is backfilled: the diff is only
 * reported. A schema past Convex's index limits is refused (`checkIndexLimits`).
 */
import { valueLimit } from "../../database/limits/knobs.ts";

/** An index as the CLI reads it (its DeveloperIndexConfig). */
export type IndexConfig =
  | { name: string; type: "database"; fields: string[]; staged?: boolean }
  | { name: string; type: "search"; searchField: string; filterFields: string[]; staged?: boolean }
  | { name: string; type: "vector"; dimensions: number; vectorField: string; filterFields: string[]; staged?: boolean };

export type IndexDiff = { added_indexes: IndexConfig[]; removed_indexes: IndexConfig[] };

type Descriptor = {
  indexDescriptor: string;
  fields?: string[];
  searchField?: string;
  vectorField?: string;
  dimensions?: number;
  filterFields?: string[];
};
type TableExport = Partial<
  Record<"indexes" | "stagedDbIndexes" | "searchIndexes" | "stagedSearchIndexes" | "vectorIndexes" | "stagedVectorIndexes", Descriptor[]>
>;
type Schema = { tables?: Record<string, { export?: () => TableExport }> };

/** Every index of a schema (a `defineSchema` result, from any copy of convex/server); [] for none. */
export function indexesOf(schema: unknown): IndexConfig[] {
  const tables = (schema as Schema | null | undefined)?.tables ?? {};
  const indexes: IndexConfig[] = [];
  for (const [table, definition] of Object.entries(tables)) {
    const exported = definition.export?.() ?? {};
    const name = (index: Descriptor) => `${table}.${index.indexDescriptor}`;
    for (const staged of [false, true]) {
      const flag = staged ? { staged: true } : {};
      // Convex orders every database index by _creationTime after its own fields.
      for (const index of (staged ? exported.stagedDbIndexes : exported.indexes) ?? []) {
        indexes.push({ name: name(index), type: "database", fields: [...(index.fields ?? []), "_creationTime"], ...flag });
      }
      for (const index of (staged ? exported.stagedSearchIndexes : exported.searchIndexes) ?? []) {
        indexes.push({
          name: name(index),
          type: "search",
          searchField: index.searchField ?? "",
          filterFields: index.filterFields ?? [],
          ...flag,
        });
      }
      for (const index of (staged ? exported.stagedVectorIndexes : exported.vectorIndexes) ?? []) {
        indexes.push({
          name: name(index),
          type: "vector",
          dimensions: index.dimensions ?? 0,
          vectorField: index.vectorField ?? "",
          filterFields: index.filterFields ?? [],
          ...flag,
        });
      }
    }
  }
  return indexes;
}

/** What changed from `before` to `after`: an index whose definition changed is removed and added again, as on Convex. */
export function diffIndexes(before: IndexConfig[], after: IndexConfig[]): IndexDiff {
  const key = (index: IndexConfig) => JSON.stringify(index);
  const beforeKeys = new Set(before.map(key));
  const afterKeys = new Set(after.map(key));
  return {
    added_indexes: after.filter((index) => !beforeKeys.has(key(index))),
    removed_indexes: before.filter((index) => !afterKeys.has(key(index))),
  };
}

/** A push refused for an index rule, with Convex's code and words (index_validation_error.rs). */
export class IndexLimitError extends Error {
  constructor(
    readonly code: "TooManyIndexes" | "IndexTooManyFields",
    message: string,
  ) {
    super(message);
  }
}

/**
 * Refuses a schema past Convex's index limits (database/limits/knobs.ts): more indexes on a
 * table than allowed (database, text, vector and staged ones together, as Convex counts them),
 * or an index on more fields (`_creationTime`, which Convex adds to each, not counted).
 */
export function checkIndexLimits(schema: unknown): void {
  const perTable = new Map<string, number>();
  const fieldsAllowed = valueLimit("fieldsPerIndex");
  for (const index of indexesOf(schema)) {
    const table = index.name.split(".")[0]!;
    perTable.set(table, (perTable.get(table) ?? 0) + 1);
    if (index.type === "database" && index.fields.length - 1 > fieldsAllowed) {
      throw new IndexLimitError("IndexTooManyFields", `Indexes may have up to ${fieldsAllowed} fields.`);
    }
  }
  const indexesAllowed = valueLimit("indexesPerTable");
  for (const [table, count] of perTable) {
    if (count > indexesAllowed)
      throw new IndexLimitError("TooManyIndexes", `Table "${table}" cannot have more than ${indexesAllowed} indexes.`);
  }
}
