/**
 * Unguessable document ids. convex-test numbers documents with a counter
 * ("00000000000000000000010582events"), so anyone holding one id could name the next ones: the
 * next person's refresh token (`<refresh token id>|<session id>`), the next upload. Here every
 * new document, stored file and scheduled job of every component gets 40 random decimal digits
 * (over 132 bits) followed by its table, as convex-test's `normalizeId` and `v.id` read them
 * (digits, then the table name). Nothing about one id tells anything about another.
 *
 * Ids written before keep their form: a counter padded to 32 characters with its table, so
 * fewer than 40 digits (`isCounterId`).
 */
import { randomBytes } from "node:crypto";
import { internalsOf, type EngineInstance } from "../engine/convex-test-adapter.ts";

const DIGITS = 40;
const RANGE = 10n ** BigInt(DIGITS);
/** 136 random bits, and the largest multiple of RANGE below 2^136: values above it are drawn again, so every digit string is equally likely. */
const RANDOM_BYTES = 17;
const UNBIASED_LIMIT = (1n << BigInt(RANDOM_BYTES * 8)) - ((1n << BigInt(RANDOM_BYTES * 8)) % RANGE);

function randomDigits(): string {
  for (;;) {
    const value = BigInt(`0x${randomBytes(RANDOM_BYTES).toString("hex")}`);
    if (value < UNBIASED_LIMIT) return (value % RANGE).toString().padStart(DIGITS, "0");
  }
}

export function randomDocumentId(table: string): string {
  return `${randomDigits()}${table}`;
}

/** Whether `id` was made by convex-test's counter, before ids were random. */
export function isCounterId(id: string): boolean {
  const digits = /^\d*/.exec(id)![0].length;
  return digits > 0 && digits < DIGITS;
}

/** Part of each instance's setup: every component's database mints random ids from now on. */
export function installRandomIds(instance: EngineInstance): void {
  for (const { db } of Object.values(internalsOf(instance).components)) {
    db._generateId = (table) => {
      // A repeat among 10^40 values is not expected; never hand out a taken id all the same.
      for (;;) {
        const id = randomDocumentId(table);
        if (!(id in db._documents)) return id;
      }
    };
  }
}
