/**
 * The read sets of every subscribed query, indexed by what they read, so a commit finds the
 * subscriptions it may change in one pass over its writes without visiting the others:
 * - a document read by id, by "component:id";
 * - a table read whole, by "component:table";
 * - an index range, by its table, its index and the values of its equality prefix (a range
 *   `eq("eventId", e)` is found from a written support's eventId); a range with no equality,
 *   or one on values this cannot key exactly, is checked for every write to its table.
 * A subscription whose last run left no read set (it failed, or it reads the backend's own
 * state) is found by every commit, as is an owner marked busy (a session whose mutations wait
 * for the Transition that confirms them).
 */
import { convexToJson, type Value } from "convex/values";
import { isInRange, keyOf, type IndexRange } from "../../database/indexes/index-range.ts";
import type { ReadSet, WrittenDocument } from "../../database/read-set.ts";

type Entry<Owner> = { owner: Owner; reads: ReadSet | null; keys: string[]; ranges: { bucket: string; range: IndexRange }[] };

/**
 * The bucket text of equality values: two values Convex orders as equal get the same text;
 * null for values it does not key (arrays, objects, bytes), whose ranges are checked always.
 */
function exactKey(values: (Value | undefined)[]): string | null {
  const parts: string[] = [];
  for (const value of values) {
    if (value === undefined) parts.push("u");
    else if (value === null || typeof value === "boolean" || typeof value === "string" || typeof value === "bigint") {
      parts.push(JSON.stringify(convexToJson(value)));
    } else if (typeof value === "number") {
      // -0 shares 0's bucket: a bucket may hold more than it matches, never less (every range in it is checked).
      parts.push(`n${Object.is(value, -0) ? 0 : value}`);
    } else return null;
  }
  return parts.join("\u0001");
}

export class SubscriptionIndex<Owner> {
  private readonly entries = new Map<object, Entry<Owner>>();
  /** "component:id" and "component:table" (table scans) → subscriptions. */
  private readonly byKey = new Map<string, Set<object>>();
  /** "component:table" → the index shapes ranges of it are keyed by ("fields|prefix length"). */
  private readonly shapesByTable = new Map<string, Map<string, { fields: string[]; prefix: number; count: number }>>();
  /** Range bucket ("component:table|fields|prefix length|values", or "component:table|*") → subscriptions' ranges. */
  private readonly buckets = new Map<string, Map<object, IndexRange[]>>();
  private readonly always = new Set<object>();
  private readonly busy = new Set<Owner>();

  /** Indexes `subscription` (of `owner`) by `reads`, replacing what it was indexed by; null: found by every commit. */
  set(subscription: object, owner: Owner, reads: ReadSet | null): void {
    this.delete(subscription);
    const entry: Entry<Owner> = { owner, reads, keys: [], ranges: [] };
    this.entries.set(subscription, entry);
    if (reads === null) {
      this.always.add(subscription);
      return;
    }
    const { tables, documents, ranges } = reads.reads();
    for (const key of [...tables, ...documents]) {
      entry.keys.push(key);
      let set = this.byKey.get(key);
      if (set === undefined) this.byKey.set(key, (set = new Set()));
      set.add(subscription);
    }
    for (const [table, byName] of ranges) {
      for (const range of byName.values()) {
        const values = exactKey(range.equal);
        const shape = `${range.fields.join(",")}|${range.equal.length}`;
        const bucket = range.equal.length === 0 || values === null ? `${table}|*` : `${table}|${shape}|${values}`;
        if (!bucket.endsWith("|*")) {
          let shapes = this.shapesByTable.get(table);
          if (shapes === undefined) this.shapesByTable.set(table, (shapes = new Map()));
          const known = shapes.get(shape);
          if (known === undefined) shapes.set(shape, { fields: range.fields, prefix: range.equal.length, count: 1 });
          else known.count += 1;
        }
        entry.ranges.push({ bucket, range });
        let inBucket = this.buckets.get(bucket);
        if (inBucket === undefined) this.buckets.set(bucket, (inBucket = new Map()));
        const list = inBucket.get(subscription);
        if (list === undefined) inBucket.set(subscription, [range]);
        else list.push(range);
      }
    }
  }

  delete(subscription: object): void {
    const entry = this.entries.get(subscription);
    if (entry === undefined) return;
    this.entries.delete(subscription);
    this.always.delete(subscription);
    for (const key of entry.keys) {
      const set = this.byKey.get(key);
      set?.delete(subscription);
      if (set?.size === 0) this.byKey.delete(key);
    }
    for (const { bucket, range } of entry.ranges) {
      const inBucket = this.buckets.get(bucket);
      inBucket?.delete(subscription);
      if (inBucket?.size === 0) this.buckets.delete(bucket);
      if (bucket.endsWith("|*")) continue;
      const table = bucket.slice(0, bucket.indexOf("|"));
      const shapes = this.shapesByTable.get(table);
      const shape = shapes?.get(`${range.fields.join(",")}|${range.equal.length}`);
      if (shape !== undefined && --shape.count === 0) shapes!.delete(`${range.fields.join(",")}|${range.equal.length}`);
      if (shapes?.size === 0) this.shapesByTable.delete(table);
    }
  }

  /** An owner found by every commit while busy. */
  setBusy(owner: Owner, busy: boolean): void {
    if (busy) this.busy.add(owner);
    else this.busy.delete(owner);
  }

  deleteOwner(owner: Owner): void {
    this.busy.delete(owner);
    for (const [subscription, entry] of this.entries) if (entry.owner === owner) this.delete(subscription);
  }

  /** The owners of the subscriptions a commit's writes may change, and the busy ones. */
  affected(written: readonly WrittenDocument[]): Set<Owner> {
    const owners = new Set(this.busy);
    const found = (subscription: object) => owners.add(this.entries.get(subscription)!.owner);
    for (const subscription of this.always) found(subscription);
    for (const document of written) {
      const table = `${document.component}:${document.table}`;
      for (const subscription of this.byKey.get(table) ?? []) found(subscription);
      for (const subscription of this.byKey.get(`${document.component}:${document.id}`) ?? []) found(subscription);
      const versions = [document.before, document.after].filter((version) => version !== null);
      const buckets = [`${table}|*`];
      for (const [shape, { fields, prefix }] of this.shapesByTable.get(table) ?? []) {
        for (const version of versions) {
          const values = exactKey(keyOf(fields.slice(0, prefix), version));
          if (values !== null) buckets.push(`${table}|${shape}|${values}`);
        }
      }
      for (const bucket of buckets) {
        for (const [subscription, ranges] of this.buckets.get(bucket) ?? []) {
          if (ranges.some((range) => versions.some((version) => isInRange(range, version)))) found(subscription);
        }
      }
    }
    return owners;
  }
}
