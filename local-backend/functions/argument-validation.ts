/**
 * A function's arguments checked against its `args` validator with Convex's own wording
 * (the backend's ValidationError): "ArgumentValidationError: Object is missing the required
 * field `name`. …", "… Value does not match validator.\nPath: .amount\nValue: …\nValidator: …",
 * values and validators written as Convex writes them (`{name: "x"}`, `v.object({…})`).
 * convex-test checks too, in its own words; this runs first, for the calls the backend takes.
 */
import { getConvexSize, type Value } from "convex/values";
import { FunctionError } from "./function-error.ts";
import { humanSize, LimitError, valueLimit } from "../database/limits/knobs.ts";
import { checkedTableOf } from "../database/ids/table-numbers.ts";

/** A validator as `exportArgs()` gives it (convex/values' JSON form). */
type ValidatorJson =
  | { type: "null" | "number" | "bigint" | "boolean" | "string" | "bytes" | "any" }
  | { type: "literal"; value: unknown }
  | { type: "id"; tableName: string }
  | { type: "array"; value: ValidatorJson }
  | { type: "record"; keys: ValidatorJson; values: FieldJson }
  | { type: "object"; value: Record<string, FieldJson> }
  | { type: "union"; value: ValidatorJson[] };
type FieldJson = { fieldType: ValidatorJson; optional: boolean };

class ValidationError extends Error {
  readonly path: string[] = [];
  constructor(private readonly text: (path: string) => string) {
    super("");
  }
  describe(): string {
    const path = this.path.length === 0 ? "" : `Path: ${[...this.path].reverse().join("")}`;
    return this.text(path);
  }
}

function sortedEntries<V>(record: Record<string, V>): [string, V][] {
  return Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function literalOf(value: unknown): Value {
  if (value !== null && typeof value === "object" && "$integer" in value) {
    return Buffer.from((value as { $integer: string }).$integer, "base64").readBigInt64LE();
  }
  return value as Value;
}

/** As Convex's ConvexValue prints: floats with a fraction, strings quoted, objects by field name. */
export function describeValue(value: Value | undefined): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "bigint") return `${value}`;
  if (typeof value === "number") {
    if (Number.isNaN(value)) return "NaN";
    if (!Number.isFinite(value)) return value > 0 ? "inf" : "-inf";
    return Number.isInteger(value) && Math.abs(value) < 1e16 ? `${Object.is(value, -0) ? "-0" : value}.0` : `${value}`;
  }
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "boolean") return `${value}`;
  if (value instanceof ArrayBuffer) return `b"${Buffer.from(value).toString("base64")}"`;
  if (Array.isArray(value)) return `[${value.map(describeValue).join(", ")}]`;
  return `{${sortedEntries(value as Record<string, Value>)
    .map(([key, item]) => `${key}: ${describeValue(item)}`)
    .join(", ")}}`;
}

/** As Convex prints a validator: `v.string()`, `v.object({name: v.string()})`. */
export function describeValidator(validator: ValidatorJson): string {
  switch (validator.type) {
    case "number":
      return "v.float64()";
    case "bigint":
      return "v.int64()";
    case "literal":
      return `v.literal(${describeValue(literalOf(validator.value))})`;
    case "id":
      return `v.id("${validator.tableName}")`;
    case "array":
      return `v.array(${describeValidator(validator.value)})`;
    case "record":
      return `v.record(${describeValidator(validator.keys)}, ${describeField(validator.values)})`;
    case "object":
      return `v.object({${sortedEntries(validator.value)
        .map(([key, field]) => `${key}: ${describeField(field)}`)
        .join(", ")}})`;
    case "union":
      return `v.union(${validator.value.map(describeValidator).join(", ")})`;
    default:
      return `v.${validator.type}()`;
  }
}

function describeField({ fieldType, optional }: FieldJson): string {
  return optional ? `v.optional(${describeValidator(fieldType)})` : describeValidator(fieldType);
}

const noMatch = (value: Value, validator: ValidatorJson) =>
  new ValidationError(
    (path) => `Value does not match validator.\n${path}\nValue: ${describeValue(value)}\nValidator: ${describeValidator(validator)}`,
  );

function isObject(value: Value): value is Record<string, Value> {
  return value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof ArrayBuffer);
}

/** Runs `work`; a mismatch found inside it is at `context` (".name", "[2]") below here. */
function within(context: string, work: () => void): void {
  try {
    work();
  } catch (error) {
    if (error instanceof ValidationError) error.path.push(context);
    throw error;
  }
}

type Primitive = { type: "null" | "number" | "bigint" | "boolean" | "string" | "bytes" };

function checkPrimitive(validator: Primitive, value: Value): void {
  const kind = value === null ? "null" : typeof value;
  const matches = validator.type === "bytes" ? value instanceof ArrayBuffer : kind === validator.type;
  if (!matches) throw noMatch(value, validator);
}

/** As Convex's validator.rs: an id that does not decode (or names no table) does not match; one of another table says which. */
function checkId(validator: Extract<ValidatorJson, { type: "id" }>, value: Value): void {
  const table = typeof value === "string" ? checkedTableOf(value) : null;
  if (table === null) throw noMatch(value, validator);
  if (table === validator.tableName) return;
  const found = table.startsWith("_") ? "from a system table" : `from table \`${table}\``;
  throw new ValidationError(
    (path) =>
      `Found ID "${value as string}" ${found}, which does not match the table name in validator \`v.id("${validator.tableName}")\`.${path}`,
  );
}

function checkLiteral(validator: Extract<ValidatorJson, { type: "literal" }>, value: Value): void {
  const literal = literalOf(validator.value);
  if (value === literal) return;
  throw new ValidationError(
    (path) => `\`${describeValue(value)}\` does not match literal validator \`v.literal(${describeValue(literal)})\`.${path}`,
  );
}

function checkRecord(validator: Extract<ValidatorJson, { type: "record" }>, value: Value): void {
  if (!isObject(value)) throw noMatch(value, validator);
  for (const [key, item] of Object.entries(value)) {
    within(".keys()", () => check(validator.keys, key));
    within(".values()", () => check(validator.values.fieldType, item));
  }
}

/** The first option that matches; none: the union's own mismatch. */
function checkUnion(validator: Extract<ValidatorJson, { type: "union" }>, value: Value): void {
  if (validator.value.length === 1) return check(validator.value[0]!, value);
  for (const option of validator.value) {
    try {
      check(option, value);
      return;
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
    }
  }
  throw noMatch(value, validator);
}

/** Fields in name order, as Convex checks them: a missing required one, then an extra one. */
function checkObject(validator: Extract<ValidatorJson, { type: "object" }>, value: Value): void {
  if (!isObject(value)) throw noMatch(value, validator);
  const object = value;
  const described = (path: string) => `\n${path}\nObject: ${describeValue(object)}\nValidator: ${describeValidator(validator)}`;
  for (const [name, field] of sortedEntries(validator.value)) {
    if (object[name] !== undefined) within(`.${name}`, () => check(field.fieldType, object[name]!));
    else if (!field.optional) {
      throw new ValidationError(
        (path) =>
          `Object is missing the required field \`${name}\`. Consider wrapping the field validator in \`v.optional(...)\` if this is expected.${described(path)}`,
      );
    }
  }
  for (const name of Object.keys(object).sort()) {
    if (!(name in validator.value)) {
      throw new ValidationError((path) => `Object contains extra field \`${name}\` that is not in the validator.${described(path)}`);
    }
  }
}

function check(validator: ValidatorJson, value: Value): void {
  switch (validator.type) {
    case "any":
      return;
    case "id":
      return checkId(validator, value);
    case "literal":
      return checkLiteral(validator, value);
    case "array":
      if (!Array.isArray(value)) throw noMatch(value, validator);
      return value.forEach((item, index) => within(`[${index}]`, () => check(validator.value, item)));
    case "record":
      return checkRecord(validator, value);
    case "union":
      return checkUnion(validator, value);
    case "object":
      return checkObject(validator, value);
    default:
      return checkPrimitive(validator as Primitive, value);
  }
}

/**
 * Checks `args` against a function's `exportArgs()` JSON (none: any arguments); throws
 * Convex's "ArgumentValidationError: …" for the first problem.
 */
export function checkArguments(exportedArgs: string | undefined, args: Record<string, Value>): void {
  if (exportedArgs === undefined) return;
  try {
    check(JSON.parse(exportedArgs) as ValidatorJson, args);
  } catch (error) {
    if (error instanceof ValidationError) throw new FunctionError(`ArgumentValidationError: ${error.describe()}`, undefined);
    throw error;
  }
}

/** A function path as Convex prints it in its size errors: "events.js:list". */
function canonicalPath(udfPath: string): string {
  const [module = "", name = "default"] = udfPath.split(":");
  return `${/\.[jt]s$/.test(module) ? module : `${module}.js`}:${name}`;
}

/**
 * Convex's sentence for arguments past its limit (FUNCTION_MAX_ARGS_SIZE, 16 MiB; 5 MiB for a
 * `"use node"` action), or null when they fit.
 */
export function argumentsTooLarge(
  udfPath: string,
  args: Value,
  limitName: "argumentsBytes" | "nodeArgumentsBytes" = "argumentsBytes",
): string | null {
  const size = getConvexSize([args]);
  const limit = valueLimit(limitName);
  if (size <= limit) return null;
  return `Arguments for ${canonicalPath(udfPath)} are too large (actual: ${humanSize(size)}, limit: ${humanSize(limit)})`;
}

/** Refuses a client's or the CLI's arguments past Convex's 16 MiB, in its words. */
export function checkArgumentsSize(udfPath: string, args: Record<string, Value>): void {
  const tooLarge = argumentsTooLarge(udfPath, args);
  if (tooLarge !== null) throw new FunctionError(`Uncaught Error: ${tooLarge}`, undefined);
}

/** Refuses a return value past Convex's 16 MiB (FUNCTION_MAX_RESULT_SIZE), in its words. */
export function checkReturnValueSize(udfPath: string, value: Value): void {
  const size = getConvexSize(value);
  const limit = valueLimit("returnValueBytes");
  if (size > limit) {
    throw new LimitError(
      "TooLargeFunctionResult",
      `Function ${canonicalPath(udfPath)} return value is too large (actual: ${humanSize(size)}, limit: ${humanSize(limit)})`,
    );
  }
}

/** `work`'s value, refused past the return value limit (checkReturnValueSize). */
export async function checkedReturnValue<T>(udfPath: string, work: Promise<T>): Promise<T> {
  const value = await work;
  checkReturnValueSize(udfPath, value as Value);
  return value;
}
