/**
 * Index keys and ranges as Convex defines them: a document's key in an index is the values of
 * the index's fields followed by `_creationTime` and `_id`, ordered as Convex orders values;
 * a range (`withIndex(..., q => q.eq(...).gt(...).lt(...))`) is equalities on a prefix of
 * the fields, then at most one lower and one upper bound on the next field. Such a range is
 * one contiguous stretch of the index, which is what makes a sorted index and range read
 * sets possible.
 */
import { compareValues, jsonToConvex, type JSONValue, type Value } from "convex/values";

/** A range expression as it reaches convex-test's database (`query.source.range`). */
export type RangeExpression = { type: "Eq" | "Gt" | "Gte" | "Lt" | "Lte"; fieldPath: string; value: JSONValue };

type Bound = { value: Value | undefined; inclusive: boolean };

/** One contiguous range of an index. */
export type IndexRange = {
  /** The index's fields, `_creationTime` and `_id` included. */
  fields: string[];
  /** Values of the first `equal.length` fields. */
  equal: (Value | undefined)[];
  /** Bounds on the field after them. */
  lower: Bound | null;
  upper: Bound | null;
};

export type IndexKey = (Value | undefined)[];

/** A query bound: `{ $undefined: null }` stands for a missing field, as in convex-test. */
function boundValue(json: JSONValue): Value | undefined {
  if (typeof json === "object" && json !== null && !Array.isArray(json) && "$undefined" in json) return undefined;
  return jsonToConvex(json);
}

/**
 * The range the expressions describe on an index with `fields`, or null when they are not a
 * valid range (convex-test then reports the mistake with its own message).
 */
export function parseRange(fields: string[], expressions: RangeExpression[]): IndexRange | null {
  const range: IndexRange = { fields, equal: [], lower: null, upper: null };
  for (const expression of expressions) {
    const value = boundValue(expression.value);
    if (expression.type === "Eq") {
      if (range.lower !== null || range.upper !== null || expression.fieldPath !== fields[range.equal.length]) return null;
      range.equal.push(value);
      continue;
    }
    if (expression.fieldPath !== fields[range.equal.length]) return null;
    const bound = { value, inclusive: expression.type === "Gte" || expression.type === "Lte" };
    if (expression.type === "Gt" || expression.type === "Gte") {
      if (range.lower !== null) return null;
      range.lower = bound;
    } else {
      if (range.upper !== null) return null;
      range.upper = bound;
    }
  }
  return range;
}

/** Characters whose UTF-16 order differs from the UTF-8 order Convex sorts strings by. */
const NOT_ORDERED_AS_UTF16 = /[\uD800-\uFFFF]/;

/** Whether every string in `key` sorts the same by UTF-16 code units as by UTF-8 bytes (nearly all do). */
export function isUtf16Ordered(key: IndexKey): boolean {
  for (const value of key) if (typeof value === "string" && NOT_ORDERED_AS_UTF16.test(value)) return false;
  return true;
}

/**
 * Convex's order of values (`compareValues`), with fast paths for the common cases: this runs
 * millions of times while an index of a large table is sorted. `utf16Ordered`: both values'
 * strings are known to pass `isUtf16Ordered`, so two strings need no check.
 */
export function compareValue(a: Value | undefined, b: Value | undefined, utf16Ordered = false): number {
  // Equal values of any type but numbers (0 and -0 are equal to ===, not to Convex).
  if (a === b && typeof a !== "number") return 0;
  if (typeof a === "number" && typeof b === "number") {
    if (a < b) return -1;
    if (a > b) return 1;
    if (a === b && a !== 0) return 0;
  } else if (typeof a === "string" && typeof b === "string") {
    if (utf16Ordered || (!NOT_ORDERED_AS_UTF16.test(a) && !NOT_ORDERED_AS_UTF16.test(b))) return a < b ? -1 : 1;
  } else if ((typeof a === "bigint" && typeof b === "bigint") || (typeof a === "boolean" && typeof b === "boolean")) {
    return a < b ? -1 : a > b ? 1 : 0;
  }
  // NaN, -0, strings outside the fast path, mixed types, arrays, objects, bytes.
  return compareValues(a, b);
}

/** Convex's order of index keys; `utf16Ordered` as for compareValue, for both keys. */
export function compareKeys(a: IndexKey, b: IndexKey, utf16Ordered = false): number {
  for (let i = 0; i < a.length && i < b.length; i++) {
    const order = compareValue(a[i], b[i], utf16Ordered);
    if (order !== 0) return order;
  }
  return a.length - b.length;
}

function isPlainObject(value: unknown): value is Record<string, Value> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof ArrayBuffer);
}

/** A field of a document by its dotted path (`"address.city"`), undefined when missing. */
function fieldAt(document: Record<string, Value>, fieldPath: string): Value | undefined {
  let value: Value | undefined = document;
  for (const part of fieldPath.split(".")) value = isPlainObject(value) ? value[part] : undefined;
  return value;
}

/** The value of one index field of a document (a top-level one read directly: an index of a million rows reads each). */
export function valueOf(field: string, document: Record<string, Value>): Value | undefined {
  return field.includes(".") ? fieldAt(document, field) : document[field];
}

export function keyOf(fields: string[], document: Record<string, Value>): IndexKey {
  const key: IndexKey = new Array(fields.length);
  for (let i = 0; i < fields.length; i++) key[i] = valueOf(fields[i]!, document);
  return key;
}

/** Where a key lies relative to the range: -1 before it, 0 inside, 1 after it. */
export function positionOf(range: IndexRange, key: IndexKey): -1 | 0 | 1 {
  for (const [i, value] of range.equal.entries()) {
    const order = compareValue(key[i], value);
    if (order !== 0) return order < 0 ? -1 : 1;
  }
  const next = key[range.equal.length];
  if (range.lower !== null) {
    const order = compareValue(next, range.lower.value);
    if (order < 0 || (order === 0 && !range.lower.inclusive)) return -1;
  }
  if (range.upper !== null) {
    const order = compareValue(next, range.upper.value);
    if (order > 0 || (order === 0 && !range.upper.inclusive)) return 1;
  }
  return 0;
}

export function isInRange(range: IndexRange, document: Record<string, Value>): boolean {
  return positionOf(range, keyOf(range.fields, document)) === 0;
}
