/**
 * Document ids as Convex makes them: the table's number, 16 random bytes (128 bits from the
 * system's generator) and a checksum (database/ids/convex-id.ts). convex-test numbers documents with a
 * counter ("00000000000000000000010582events"), so anyone holding one id could name the next
 * ones: the next person's refresh token (`<refresh token id>|<session id>`), the next upload.
 * Every new document, stored file and scheduled job of every component gets one of these.
 *
 * Data folders written before keep their ids, which name their table after digits: a counter
 * padded to 32 characters (`isCounterId`), or, later, 40 random digits.
 */
import { randomFillSync } from "node:crypto";
import { committedDocuments, internalsOf, replaceIdGenerator, type ConvexTestInstance } from "../convex-test-adapter.ts";
import { decodeConvexId, encodeConvexId } from "./convex-id.ts";
import type { TableNumbers } from "./table-numbers.ts";

const INTERNAL_ID_BYTES = 16;
/** Random bytes are fetched a pool at a time: one system call per 256 ids, not per id. */
const pool = Buffer.alloc(INTERNAL_ID_BYTES * 256);
let poolOffset = pool.length;

function randomInternalId(): Uint8Array {
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  poolOffset += INTERNAL_ID_BYTES;
  return pool.subarray(poolOffset - INTERNAL_ID_BYTES, poolOffset);
}

/** A new id of `table`, numbered by `numbers`. */
export function randomDocumentId(numbers: TableNumbers, table: string): string {
  return encodeConvexId(numbers.numberFor(table), randomInternalId());
}

/** Whether `id` was made by convex-test's counter (fewer than 40 digits, then the table). */
export function isCounterId(id: string): boolean {
  const legacy = /^(\d+)[A-Za-z_][A-Za-z0-9_]*$/.exec(id);
  return legacy !== null && legacy[1]!.length < 40 && decodeConvexId(id) === null;
}

/** Part of each instance's setup: every component's database mints Convex ids from now on. */
export function installRandomIds(instance: ConvexTestInstance, numbers: TableNumbers): void {
  for (const { db } of Object.values(internalsOf(instance).components)) {
    replaceIdGenerator(db, (table) => {
      // A repeat among 2^128 values is not expected; never hand out a taken id all the same.
      for (;;) {
        const id = randomDocumentId(numbers, table);
        if (!committedDocuments(db).has(id)) return id;
      }
    });
  }
}
