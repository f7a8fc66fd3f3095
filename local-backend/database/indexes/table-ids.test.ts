import { expect, it } from "vitest";
import { TableIds } from "./table-ids.ts";

it("holds what was added and not deleted, through deletions, additions back and compaction", () => {
  const ids = new TableIds();
  const expected = new Set<string>();
  const check = () => {
    expect(new Set(ids)).toEqual(expected);
    expect([...ids]).toHaveLength(expected.size);
    expect(ids.size).toBe(expected.size);
  };
  for (let i = 0; i < 100; i++) {
    ids.add(`id${i}`);
    expected.add(`id${i}`);
  }
  check();
  // Deleting most of them compacts the list on the way; some come back as a rollback would bring them.
  for (let i = 0; i < 80; i++) {
    ids.delete(`id${i}`);
    expected.delete(`id${i}`);
    if (i % 10 === 0) {
      ids.add(`id${i}`);
      expected.add(`id${i}`);
    }
    check();
  }
  ids.add("new");
  expected.add("new");
  check();
});
