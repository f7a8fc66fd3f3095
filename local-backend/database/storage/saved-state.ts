/**
 * The shapes the engine's state is saved in: the snapshot (`database.json`), one journal
 * record (`journal.jsonl`), and what undoing unsaved commits in memory needs.
 */
import type { JSONValue, Value } from "convex/values";
import type { Document } from "../convex-test-adapter.ts";
import type { SavedIndexOrders, TakenIndexOrder } from "./index-orders.ts";

/** The saved form of the database: every document as Convex JSON, plus the id and time counters. */
export type DatabaseSnapshot = {
  format: 1;
  nextDocId: number;
  lastCreationTime: number;
  /** Last commit timestamp (ns) as a decimal string, so time never runs backwards on restart. */
  lastCommitTs: string;
  documents: JSONValue[];
  /** The order of each index the backend had built, against `documents` (index-orders.ts); a hint. */
  indexOrders?: SavedIndexOrders;
  /** The databases of components (convex.config.ts), by path ("rateLimiter/batchWorker"). */
  components?: Record<string, ComponentSnapshot>;
  /** Results of recent mutations by "session id|request id": [key, result, commit ts]. */
  requests?: [string, JSONValue, string][];
  /** Number of commits this state holds; journal records up to it are already in it. */
  commitCount?: number;
};

/** What some commits changed, as one journal record: replaying it on the state before gives the state after. */
export type ChangeRecord = {
  /** The commit count after these commits. */
  seq: number;
  lastCommitTs: string;
  /** By component path ("" is the app): counters and the documents written (null: deleted). */
  components: Record<string, { nextDocId: number; lastCreationTime: number; documents: Record<string, JSONValue | null> }>;
  requests: [string, JSONValue, string][];
};

/** How to undo the changes of a ChangeRecord in memory (documents as they were before). */
export type UndoRecord = {
  components: Map<string, { nextDocId: number; lastCreationTime: number; documents: Map<string, Document | null> }>;
  lastCommitTs: bigint;
  commitCount: number;
  requestKeys: string[];
};

export type ComponentSnapshot = { nextDocId: number; lastCreationTime: number; documents: JSONValue[]; indexOrders?: SavedIndexOrders };

/**
 * The committed state taken at one moment, its documents still the engine's own values:
 * taking it costs a list of references (a committed document is never changed in place, a
 * commit replaces it), and each document becomes JSON only as it is written out.
 */
export type TakenSnapshot = Omit<DatabaseSnapshot, "documents" | "components" | "indexOrders"> & {
  documents: readonly Value[];
  indexOrders?: readonly TakenIndexOrder[];
  components: Record<string, TakenComponent>;
};

export type TakenComponent = {
  nextDocId: number;
  lastCreationTime: number;
  documents: readonly Value[];
  /** Each index's documents in its order (copies of the index's list: the index changes on). */
  indexOrders?: readonly TakenIndexOrder[];
};
