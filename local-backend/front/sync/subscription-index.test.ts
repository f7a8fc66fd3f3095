import { expect, it } from "vitest";
import { parseRange, type IndexRange } from "../../database/indexes/index-range.ts";
import { ReadSet, type WrittenDocument } from "../../database/read-set.ts";
import { SubscriptionIndex } from "./subscription-index.ts";

const BY_EVENT = ["eventId", "_creationTime", "_id"];
const BY_AMOUNT = ["amount", "_creationTime", "_id"];

/** A range that counts how often a write is checked against it (every check reads its fields). */
function countedRange(fields: string[], expressions: Parameters<typeof parseRange>[1], checks: { count: number }): IndexRange {
  const range = parseRange(fields, expressions)!;
  Object.defineProperty(range, "fields", {
    get: () => {
      checks.count += 1;
      return fields;
    },
  });
  return range;
}

function support(eventId: string, amount: number, id = `s-${eventId}-${amount}`): WrittenDocument {
  return { component: "", table: "supports", id, before: null, after: { _id: id, _creationTime: 1, eventId, amount } };
}

it("finds the subscriptions a commit's writes touch through an index, checking no other range", () => {
  const index = new SubscriptionIndex<string>();
  const checks = { count: 0 };
  // 1,000 pages, each reading its event's supports (eq prefix) and its event document.
  for (let page = 0; page < 1_000; page++) {
    const reads = new ReadSet();
    reads.addRange(
      "",
      "supports",
      `by_event:${page}`,
      countedRange(BY_EVENT, [{ type: "Eq", fieldPath: "eventId", value: `e${page}` }], checks),
    );
    reads.addDocument("", `event-${page}`);
    index.set({ page }, `page ${page}`, reads);
  }
  // A list of large supports (a bound, no equality) and a whole-table reader.
  const large = new ReadSet();
  large.addRange("", "supports", "by_amount", countedRange(BY_AMOUNT, [{ type: "Gte", fieldPath: "amount", value: 1_000 }], checks));
  index.set({}, "large supports", large);
  const scan = new ReadSet();
  scan.addTable("", "events");
  index.set({}, "every event", scan);

  checks.count = 0;
  expect(index.affected([support("e7", 10)])).toEqual(new Set(["page 7"]));
  // The bucket of e7 and the one range with no equality: 2 ranges checked, not 1,001.
  expect(checks.count).toBe(2);
  expect(index.affected([support("e8", 5_000)])).toEqual(new Set(["page 8", "large supports"]));
  expect(index.affected([{ component: "", table: "events", id: "event-3", before: null, after: null }])).toEqual(
    new Set(["page 3", "every event"]),
  );
  // A support moved from one event to another touches both ranges (its old and new versions).
  const moved: WrittenDocument = { ...support("e2", 1), before: { _id: "s", _creationTime: 1, eventId: "e1", amount: 1 } };
  expect(index.affected([moved])).toEqual(new Set(["page 1", "page 2"]));
  expect(index.affected([support("nobody's", 1)])).toEqual(new Set());
});

it("wakes subscriptions with no read set and busy owners on every commit, and forgets what was deleted", () => {
  const index = new SubscriptionIndex<string>();
  const failed = {};
  index.set(failed, "failed query", null);
  const page = {};
  const reads = new ReadSet();
  reads.addDocument("", "event-1");
  index.set(page, "event page", reads);
  index.setBusy("mutating", true);

  expect(index.affected([support("e1", 1)])).toEqual(new Set(["failed query", "mutating"]));
  index.setBusy("mutating", false);
  index.delete(failed);
  expect(index.affected([{ component: "", table: "events", id: "event-1", before: null, after: null }])).toEqual(new Set(["event page"]));
  // Indexed again by its new reads, not its old ones.
  const now = new ReadSet();
  now.addDocument("", "event-2");
  index.set(page, "event page", now);
  expect(index.affected([{ component: "", table: "events", id: "event-1", before: null, after: null }])).toEqual(new Set());
  index.deleteOwner("event page");
  expect(index.affected([{ component: "", table: "events", id: "event-2", before: null, after: null }])).toEqual(new Set());
});
