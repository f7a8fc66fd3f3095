/**
 * The ids of one table's committed documents. Filled in load order as a plain list (a start
 * files 1.3 million ids: appending to a list costs a quarter of adding to a set); a deletion
 * is remembered aside, and the list is compacted once half of it is deleted.
 */
export class TableIds {
  private ids: string[] = [];
  /** Ids still in `ids` whose documents are gone. */
  private readonly deleted = new Set<string>();

  get size(): number {
    return this.ids.length - this.deleted.size;
  }

  /** Adds the id of a document that was not committed (not idempotent: a patched document is not added again). */
  add(id: string): void {
    // An id deleted and added back (a rollback of its deletion) is still in the list.
    if (!this.deleted.delete(id)) this.ids.push(id);
  }

  /** Deletes the id of a committed document. */
  delete(id: string): void {
    this.deleted.add(id);
    if (this.deleted.size * 2 > this.ids.length) {
      this.ids = this.ids.filter((kept) => !this.deleted.has(kept));
      this.deleted.clear();
    }
  }

  /** The ids, in no particular order. */
  *[Symbol.iterator](): Iterator<string> {
    for (const id of this.ids) if (this.deleted.size === 0 || !this.deleted.has(id)) yield id;
  }
}

/** The ids of `table` in `tables`, a new empty entry if it has none yet. */
export function idsOfTable(tables: Map<string, TableIds>, table: string): TableIds {
  let ids = tables.get(table);
  if (ids === undefined) tables.set(table, (ids = new TableIds()));
  return ids;
}
