/**
 * The order of each index built on a table, saved beside the documents so the next start
 * does not sort them again: sorting a 1.2-million-row index costs seconds, checking that
 * documents are already in order costs one comparison each.
 *
 * In the database file an order is the positions of the table's documents in the component's
 * `documents` list, in index order, as little-endian 32-bit numbers in base64. It is only a
 * hint: whatever it says, the index checks the order it gives (document-indexes.ts) and groups
 * the documents again when it is wrong; an order that does not fit the list is left out. An
 * index whose groups were not all sorted yet is saved as it is, and checked group by group.
 */
import type { Value } from "convex/values";

/** Saved form: table → index name → positions (base64). */
export type SavedIndexOrders = Record<string, Record<string, string>>;

/** One index's documents in its order, as an engine took it (references, not copies). */
export type TakenIndexOrder = { table: string; index: string; documents: readonly Value[] };

/** The documents of a table in the order of one of its indexes: table → index name → documents. */
export type IndexOrders = Map<string, Map<string, Value[]>>;

/**
 * The saved form of `orders` against `documents` (the list written beside them); an order
 * holding a document the list does not is left out. `positionOf` maps each listed document to
 * its position; the caller builds it while writing the list.
 */
export function savedIndexOrders(orders: readonly TakenIndexOrder[], positionOf: ReadonlyMap<Value, number>): SavedIndexOrders {
  const saved: SavedIndexOrders = {};
  for (const { table, index, documents } of orders) {
    const positions = Buffer.allocUnsafe(documents.length * 4);
    let complete = true;
    for (let i = 0; i < documents.length && complete; i++) {
      const position = positionOf.get(documents[i]!);
      if (position === undefined) complete = false;
      else positions.writeUInt32LE(position, i * 4);
    }
    if (complete) (saved[table] ??= {})[index] = positions.toString("base64");
  }
  return saved;
}

/** The orders of a saved file, as documents of `documents` (the component's list); anything that does not fit is left out. */
export function indexOrdersFrom(saved: unknown, documents: readonly Value[]): IndexOrders {
  const orders: IndexOrders = new Map();
  if (!isRecord(saved)) return orders;
  for (const [table, indexes] of Object.entries(saved)) {
    if (!isRecord(indexes)) continue;
    for (const [index, encoded] of Object.entries(indexes)) {
      const ordered = typeof encoded === "string" ? decoded(encoded, documents) : null;
      if (ordered !== null) setOrder(orders, table, index, ordered);
    }
  }
  return orders;
}

/** Orders an engine took (its own documents), copied: the indexes built from them change them. */
export function indexOrdersTaken(taken: readonly TakenIndexOrder[]): IndexOrders {
  const orders: IndexOrders = new Map();
  for (const { table, index, documents } of taken) setOrder(orders, table, index, [...documents]);
  return orders;
}

function setOrder(orders: IndexOrders, table: string, index: string, documents: Value[]): void {
  let ofTable = orders.get(table);
  if (ofTable === undefined) orders.set(table, (ofTable = new Map()));
  ofTable.set(index, documents);
}

function decoded(encoded: string, documents: readonly Value[]): Value[] | null {
  const positions = Buffer.from(encoded, "base64");
  if (positions.length % 4 !== 0) return null;
  const ordered: Value[] = new Array(positions.length / 4);
  // A position given twice would list a document twice (and leave another out).
  const given = new Uint8Array(documents.length);
  for (let i = 0; i < ordered.length; i++) {
    const position = positions.readUInt32LE(i * 4);
    if (position >= documents.length || given[position] === 1) return null;
    given[position] = 1;
    ordered[i] = documents[position]!;
  }
  return ordered;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
