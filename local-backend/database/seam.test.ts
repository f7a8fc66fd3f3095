/**
 * convex-test-adapter.ts is the one file that touches convex-test's private internals, so a
 * convex-test upgrade is checked in one place (and at start, by `checkInternals`). This finds
 * any other file of the backend (or its benches and scripts) naming one of them.
 *
 * `asyncSyscall`/`jsSyscall` are two names with two meanings. As members of convex-test's
 * per-instance state (what the adapter wraps) they are private. As members of the `Convex`
 * global they are the `convex` package's own runtime contract, which the function runtime
 * implements in its workers and forwards to: that use goes through
 * functions/runtime/convex-syscalls.ts (`convexSyscalls()`) or the global itself (`Convex.`).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
/** The adapter, its own test (which breaks members on purpose), this file and the `Convex` global's one module. */
const ALLOWED = new Set([
  ...["convex-test-adapter.ts", "convex-test-adapter.test.ts", "seam.test.ts"].map((file) => path.join("local-backend", "database", file)),
  path.join("local-backend", "functions", "runtime", "convex-syscalls.ts"),
]);
/** The members of convex-test's database, transaction manager and global state that are not its API. */
const PRIVATE_MEMBER =
  /\.(_documents|_writes|_nextDocId|_lastCreationTime|_generateId|_resolveQuerySource|_iterateDocs|_queryResults|_nextQueryId|_schema|_validate|_lastCommitTs|_waitOnCurrentFunction|_markTransactionDone|_metricsTracker|transactionManager)\b|(?<!\bConvex|\bconvexSyscalls\(\))\.(asyncSyscall|jsSyscall)\b/;

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|js)$/.test(entry.name) && !entry.parentPath.includes("node_modules"))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

it("names convex-test's private members only in the adapter", () => {
  const offenders: string[] = [];
  for (const file of [...sourceFiles("local-backend"), ...sourceFiles("scripts")]) {
    if (ALLOWED.has(file)) continue;
    readFileSync(path.join(ROOT, file), "utf8")
      .split("\n")
      .forEach((line, index) => {
        if (PRIVATE_MEMBER.test(line)) offenders.push(`${file}:${index + 1}: ${line.trim()}`);
      });
  }
  expect(offenders).toEqual([]);
});

it("would find one", () => {
  expect(PRIVATE_MEMBER.test("const documents = db._documents;")).toBe(true);
  expect(PRIVATE_MEMBER.test("internals.asyncSyscall = wrap;")).toBe(true);
  expect(PRIVATE_MEMBER.test("instance.global.jsSyscall(op, args)")).toBe(true);
  expect(PRIVATE_MEMBER.test("committedDocuments(db)")).toBe(false);
});

it("lets the `Convex` global's syscalls through, the contract of the convex package", () => {
  expect(PRIVATE_MEMBER.test("return convexSyscalls().asyncSyscall(op, args);")).toBe(false);
  expect(PRIVATE_MEMBER.test("await Convex.asyncSyscall(PAUSE_SYSCALL, json);")).toBe(false);
  expect(PRIVATE_MEMBER.test("asyncSyscall: (op, args) => request(op, args),")).toBe(false);
});
