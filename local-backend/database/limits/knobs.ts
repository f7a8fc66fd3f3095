/**
 * Convex's production limits, written once: the numbers of Convex's `crates/common/src/knobs.rs`
 * and its "Limits" documentation page, with the error code and the sentence Convex answers with
 * (crates/database/src/reads.rs and writes.rs, crates/model/src/scheduled_jobs, crates/value,
 * crates/udf/src/helpers.rs). Everything that refuses or warns about a limit reads it here.
 *
 * Tests may lower a number with `configureLimits` (one backend per process, like `process.env`),
 * so a test of "the 4,097th range fails" need not read 32,000 documents first.
 */

export const MiB = 1 << 20;

/** Convex's advice after a read limit (reads.rs `OVER_LIMIT_HELP`). */
export const OVER_LIMIT_HELP =
  "Consider using smaller limits in your queries, paginating your queries, or using indexed queries with a selective index range expressions.";

/** Bytes as Convex's `common::fmt::format_bytes` writes them: "16 MiB", "4.5 MiB", "1534 bytes". */
export function formatBytes(bytes: number): string {
  if (bytes === 0) return "0 bytes";
  const units: [number, string][] = [
    [1 << 30, "GiB"],
    [1_000_000_000, "GB"],
    [MiB, "MiB"],
    [1_000_000, "MB"],
    [1 << 10, "KiB"],
    [1_000, "KB"],
  ];
  for (const [size, name] of units) {
    if (bytes < size) continue;
    if (bytes % size === 0) return `${bytes / size} ${name}`;
    if ((bytes * 10) % size === 0) return `${(bytes * 10) / size / 10} ${name}`;
  }
  return `${bytes} bytes`;
}

/** Sizes as Rust's humansize (BINARY) prints them in "Value is too large (1.2 MiB > maximum size 1 MiB)". */
export function humanSize(bytes: number): string {
  const units = ["B", "KiB", "MiB", "GiB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toFixed(2))} ${units[unit]}`;
}

/** One limit a query or mutation counts up to: what it is, Convex's code and its words. */
export type TransactionLimit = {
  limit: number;
  /** Convex's short code (`ErrorMetadata`), kept on the error as `code`. */
  code: string;
  /** The sentence Convex refuses with. */
  error: (limit: number) => string;
  /** The sentence of Convex's warning past 80% (crates/isolate/src/environment/udf/mod.rs). */
  warning: string;
  /** Said after the figures of the warning. */
  help: string | null;
  /** " bytes" for a size. */
  unit: string;
};

const TRANSACTION_LIMITS = {
  /** Documents scanned, rows a `.filter` dropped included (TRANSACTION_MAX_READ_SIZE_ROWS). */
  documentsRead: {
    limit: 32_000,
    code: "TooManyDocumentsRead",
    error: (limit: number) => `Too many documents read in a single function execution (limit: ${limit}). ${OVER_LIMIT_HELP}`,
    warning: "Many documents read in a single function execution",
    help: OVER_LIMIT_HELP,
    unit: "",
  },
  /** Index ranges read: each `db.get`, `db.query(…)` and page (TRANSACTION_MAX_READ_SET_INTERVALS). */
  indexRanges: {
    limit: 4_096,
    code: "TooManyReads",
    error: (limit: number) => `Too many reads in a single function execution (limit: ${limit}). ${OVER_LIMIT_HELP}`,
    warning: "Many reads in a single function execution",
    help: OVER_LIMIT_HELP,
    unit: "",
  },
  /** Bytes of the documents scanned (TRANSACTION_MAX_READ_SIZE_BYTES). */
  bytesRead: {
    limit: 16 * MiB,
    code: "TooManyBytesRead",
    error: (limit: number) => `Too many bytes read in a single function execution (limit: ${limit} bytes). ${OVER_LIMIT_HELP}`,
    warning: "Many bytes read in a single function execution",
    help: OVER_LIMIT_HELP,
    unit: " bytes",
  },
  /** Writes (each insert, patch, replace, delete) (TRANSACTION_MAX_NUM_USER_WRITES). */
  documentsWritten: {
    limit: 16_000,
    code: "TooManyWrites",
    error: (limit: number) => `Too many writes in a single function execution (limit: ${limit})`,
    warning: "Many writes in a single function execution",
    help: null,
    unit: "",
  },
  /** Bytes of the documents written (TRANSACTION_MAX_USER_WRITE_SIZE_BYTES). */
  bytesWritten: {
    limit: 16 * MiB,
    code: "TooManyBytesWritten",
    error: (limit: number) => `Too many bytes written in a single function execution (limit: ${formatBytes(limit)})`,
    warning: "Many bytes written in a single function execution",
    help: null,
    unit: " bytes",
  },
  /** Functions a mutation schedules (TRANSACTION_MAX_NUM_SCHEDULED). */
  functionsScheduled: {
    limit: 1_000,
    code: "TooManyFunctionsScheduled",
    error: (limit: number) => `Too many functions scheduled by this mutation (limit: ${limit})`,
    warning: "Many functions scheduled by this mutation",
    help: null,
    unit: "",
  },
  /** Bytes of their arguments (TRANSACTION_MAX_SCHEDULED_TOTAL_ARGUMENT_SIZE_BYTES). */
  scheduledArgumentsBytes: {
    limit: 16 * MiB,
    code: "ScheduledFunctionsArgumentsTooLarge",
    error: (limit: number) => `Too large total size of the arguments of scheduled functions from this mutation (limit: ${limit} bytes)`,
    warning: "Large total size of the arguments of scheduled functions from this mutation",
    help: null,
    unit: " bytes",
  },
} satisfies Record<string, TransactionLimit>;

export type TransactionLimitName = keyof typeof TRANSACTION_LIMITS;
export const TRANSACTION_LIMIT_NAMES = Object.keys(TRANSACTION_LIMITS) as TransactionLimitName[];

/** Limits of one call's values and of a document (crates/value, crates/common/src/document.rs, knobs.rs). */
const VALUE_LIMITS = {
  /** A function's arguments (FUNCTION_MAX_ARGS_SIZE). */
  argumentsBytes: 16 * MiB,
  /** A `"use node"` action's arguments (the Limits page: "Node actions only support arguments up to 5MiB"). */
  nodeArgumentsBytes: 5 * MiB,
  /** A function's return value (FUNCTION_MAX_RESULT_SIZE). */
  returnValueBytes: 16 * MiB,
  /** A document (MAX_USER_SIZE). */
  documentBytes: MiB,
  /** Fields of one object (MAX_OBJECT_FIELDS). */
  objectFields: 1_024,
  /** Levels of nesting of a document (MAX_DOCUMENT_NESTING). */
  documentNesting: 16,
  /** Elements of an array (MAX_ARRAY_LEN). */
  arrayLength: 8_192,
  /** A document's own field names (identifiers, MAX_IDENTIFIER_LEN). */
  fieldNameLength: 64,
  /** Keys of a nested object (MAX_FIELD_NAME_LENGTH). */
  nestedFieldNameLength: 1_024,
  /**
   * Indexes per table (the Limits page; its knob MAX_INDEXES_PER_TABLE counts text, vector and
   * staged indexes in it too).
   */
  indexesPerTable: 32,
  /** Fields per index (MAX_INDEX_FIELDS_SIZE; `_creationTime`, added to every index, not counted). */
  fieldsPerIndex: 16,
};

export type ValueLimitName = keyof typeof VALUE_LIMITS;

/** Past this share of a limit a call's log gets Convex's warning (FUNCTION_LIMIT_WARNING_RATIO). */
export const WARNING_RATIO = 0.8;

let transactionOverrides: Partial<Record<TransactionLimitName, number>> = {};
let valueOverrides: Partial<Record<ValueLimitName, number>> = {};

/** A transaction limit with its number now (a test may have lowered it). */
export function transactionLimit(name: TransactionLimitName): TransactionLimit {
  const base: TransactionLimit = TRANSACTION_LIMITS[name];
  const limit = transactionOverrides[name];
  return limit === undefined ? base : { ...base, limit };
}

export function valueLimit(name: ValueLimitName): number {
  return valueOverrides[name] ?? VALUE_LIMITS[name];
}

/** Lowers (or raises) limits for a test; returns how to put Convex's numbers back. */
export function configureLimits(limits: Partial<Record<TransactionLimitName | ValueLimitName, number>>): () => void {
  const before = { transactionOverrides, valueOverrides };
  transactionOverrides = { ...transactionOverrides };
  valueOverrides = { ...valueOverrides };
  for (const [name, limit] of Object.entries(limits)) {
    if (name in TRANSACTION_LIMITS) transactionOverrides[name as TransactionLimitName] = limit;
    else valueOverrides[name as ValueLimitName] = limit;
  }
  return () => ({ transactionOverrides, valueOverrides } = before);
}

/** A refusal for going over a limit: Convex's sentence as its message, its code as `code`. */
export class LimitError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Sentences of the value limits (value-limits.ts, the function runner) by their Convex code. */
const VALUE_LIMIT_SENTENCES: [string, string][] = [
  ["Value is too large (", "ValueTooLargeError"],
  ["Document is too nested (", "TooNested"],
  ["Array length is too long (", "ArrayTooLong"],
  ["Object has too many fields (", "TooManyFieldsError"],
  ["Identifier is too long (", "InvalidFieldName"],
  ["Field name is too long (", "InvalidFieldName"],
];

/**
 * The Convex code of a limit error from its message (a syscall's error reaches the function,
 * and back, as a plain Error with the same message), or null for another error.
 */
export function limitCodeOf(message: string): string | null {
  for (const name of TRANSACTION_LIMIT_NAMES) {
    const { code, error } = TRANSACTION_LIMITS[name];
    if (message.includes(error(0).split(" (limit: ")[0]!)) return code;
  }
  for (const [sentence, code] of VALUE_LIMIT_SENTENCES) if (message.includes(sentence)) return code;
  if (/ return value is too large \(| are too large \(actual: /.test(message)) return "TooLarge";
  return null;
}
