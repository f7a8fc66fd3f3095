/**
 * Convex's limits on one document, checked as each write is staged (and each imported
 * document), in Convex's words: its size ("Value is too large (1.2 MiB > maximum size 1 MiB)"),
 * nesting, fields per object, array elements and field name lengths (knobs.ts).
 */
import { getDocumentSize, type Value } from "convex/values";
import { LimitError, humanSize, valueLimit } from "./knobs.ts";

function isObject(value: Value | undefined): value is Record<string, Value> {
  return value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof ArrayBuffer);
}

/** Levels of arrays and objects, as Convex's `nesting()`: a value 0, `[1]` 1, `{a: [1]}` 2. */
function nestingOf(value: Value | undefined): number {
  let deepest = 0;
  if (Array.isArray(value)) for (const item of value) deepest = Math.max(deepest, nestingOf(item));
  else if (isObject(value)) for (const item of Object.values(value)) deepest = Math.max(deepest, nestingOf(item));
  else return 0;
  return deepest + 1;
}

/** Array lengths, field counts and nested keys' lengths (crates/value's array.rs, object.rs, identifier.rs). */
function checkShape(value: Value | undefined): void {
  if (Array.isArray(value)) {
    const maximum = valueLimit("arrayLength");
    if (value.length > maximum) {
      throw new LimitError("ArrayTooLong", `Array length is too long (${value.length} > maximum length ${maximum})`);
    }
    for (const item of value) checkShape(item);
    return;
  }
  if (!isObject(value)) return;
  const fields = Object.keys(value).filter((key) => value[key] !== undefined);
  const maximum = valueLimit("objectFields");
  if (fields.length > maximum) {
    throw new LimitError("TooManyFieldsError", `Object has too many fields (${fields.length} > maximum number ${maximum})`);
  }
  const longest = valueLimit("nestedFieldNameLength");
  for (const key of fields) {
    if (key.length > longest) throw new LimitError("InvalidFieldName", `Field name is too long (${key.length} > maximum ${longest})`);
    checkShape(value[key]);
  }
}

/** Throws Convex's error when a document of `fields` (system fields aside) breaks a document limit. */
export function checkDocumentLimits(fields: Record<string, Value>): void {
  const size = getDocumentSize(fields);
  const maximumSize = valueLimit("documentBytes");
  if (size > maximumSize) {
    throw new LimitError("ValueTooLargeError", `Value is too large (${humanSize(size)} > maximum size ${humanSize(maximumSize)})`);
  }
  const nesting = nestingOf(fields);
  const maximumNesting = valueLimit("documentNesting");
  if (nesting > maximumNesting) {
    throw new LimitError("TooNested", `Document is too nested (nested ${nesting} levels deep > maximum nesting ${maximumNesting})`);
  }
  const identifier = valueLimit("fieldNameLength");
  for (const key of Object.keys(fields)) {
    if (key.length > identifier) throw new LimitError("InvalidFieldName", `Identifier is too long (${key.length} > maximum ${identifier})`);
  }
  checkShape(fields);
}
