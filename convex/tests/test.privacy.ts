/**
 * What the privacy suites share: which tables of the schema refer to a person, read from the
 * validators themselves (so a table added later is seen without anyone remembering it), and a
 * scan of every row of every table.
 */
import type { GenericValidator } from "convex/values";
import type { TableNames } from "../_generated/dataModel";
import schema from "../schema";
import type { Backend } from "./test.helpers";

/** Ids that stand for a person: their user row, their sign-in accounts and sessions. */
const PERSON_ID_TABLES = new Set(["users", "authAccounts", "authSessions"]);
/** A field named like this holds an e-mail address, someone's whatever its type. */
const EMAIL_FIELD = /e-?mail/i;

type AnyValidator = GenericValidator & {
  kind: string;
  tableName?: string;
  fields?: Record<string, AnyValidator>;
  members?: AnyValidator[];
  element?: AnyValidator;
  value?: AnyValidator;
};

function personFieldsIn(validator: AnyValidator, path: string): string[] {
  switch (validator.kind) {
    case "id":
      return PERSON_ID_TABLES.has(validator.tableName ?? "") ? [`${path} (an id of ${validator.tableName})`] : [];
    case "object":
      return Object.entries(validator.fields ?? {}).flatMap(([name, field]) => {
        const fieldPath = path === "" ? name : `${path}.${name}`;
        return [...(EMAIL_FIELD.test(name) ? [`${fieldPath} (an e-mail)`] : []), ...personFieldsIn(field, fieldPath)];
      });
    case "union":
      return (validator.members ?? []).flatMap((member) => personFieldsIn(member, path));
    case "array":
      return personFieldsIn(validator.element!, `${path}[]`);
    case "record":
      return personFieldsIn(validator.value!, `${path}{}`);
    default:
      return [];
  }
}

/** Each table of the schema whose rows refer to a person, with the fields that do. */
export function personReferencingTables(): Map<TableNames, string[]> {
  const found = new Map<TableNames, string[]>();
  for (const [table, definition] of Object.entries(schema.tables)) {
    const fields = [...new Set(personFieldsIn(definition.validator as unknown as AnyValidator, ""))];
    if (table === "users" || fields.length > 0) found.set(table as TableNames, table === "users" ? ["(the person)"] : fields);
  }
  return found;
}

/** Every row of every table of the schema, with its table. */
export async function everyRow(t: Backend): Promise<{ table: TableNames; row: Record<string, unknown> }[]> {
  const tables = Object.keys(schema.tables) as TableNames[];
  return t.run(async (ctx) => {
    const all = await Promise.all(tables.map(async (table) => (await ctx.db.query(table).collect()).map((row) => ({ table, row }))));
    return all.flat() as { table: TableNames; row: Record<string, unknown> }[];
  });
}

/** Whether `value` holds `needle` anywhere (a field, an array element, inside a text). */
export function holds(value: unknown, needle: string): boolean {
  if (typeof value === "string") return value.includes(needle);
  if (Array.isArray(value)) return value.some((item) => holds(item, needle));
  if (typeof value === "object" && value !== null) return Object.values(value).some((item) => holds(item, needle));
  return false;
}
