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
import { randomFillSync } from "node:crypto";
import { committedDocuments, internalsOf, replaceIdGenerator, type EngineInstance } from "../engine/convex-test-adapter.ts";

const DIGITS = 40;
/** Bytes 250–255 are drawn again, so each digit (byte % 10) is equally likely. */
const UNBIASED_LIMIT = 250;
/** Random bytes are fetched a pool at a time: one system call per hundred ids, not per id. */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function randomByte(): number {
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  return pool[poolOffset++]!;
}

function randomDigits(): string {
  let digits = "";
  while (digits.length < DIGITS) {
    const byte = randomByte();
    if (byte < UNBIASED_LIMIT) digits += String(byte % 10);
  }
  return digits;
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
    replaceIdGenerator(db, (table) => {
      // A repeat among 10^40 values is not expected; never hand out a taken id all the same.
      for (;;) {
        const id = randomDocumentId(table);
        if (!(id in committedDocuments(db))) return id;
      }
    });
  }
}
