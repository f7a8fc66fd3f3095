/**
 * Writes a taken snapshot to the database file a piece at a time, one document per line, so
 * a database of a million documents never exists as one string (nor as a second copy of
 * itself in JSON objects) and commits go on between the pieces. The file is the same JSON
 * object as ever (`format: 1`, see saved-state.ts): any JSON reader reads it whole.
 */
import { open, rename, rm } from "node:fs/promises";
import path from "node:path";
import { convexToJson, type Value } from "convex/values";
import { savedIndexOrders, type TakenIndexOrder } from "./index-orders.ts";
import type { TakenSnapshot } from "./saved-state.ts";
import { syncFolder } from "./synced-write.ts";

/** Text gathered before each write: large enough to cost few writes, small enough to cost no memory. */
const PIECE_CHARS = 1024 * 1024;

/**
 * Whether `value` is its own Convex JSON: no int64, bytes, NaN, ±Infinity or -0 anywhere in it
 * (JSON.stringify would throw on the first and change the rest). Most documents are, and are
 * then written without a converted copy.
 */
function isOwnJson(value: Value): boolean {
  switch (typeof value) {
    case "number":
      return Number.isFinite(value) && !Object.is(value, -0);
    case "bigint":
      return false;
    case "object":
      if (value === null) return true;
      if (Array.isArray(value)) return value.every(isOwnJson);
      // Bytes (and anything else not a plain object) go through the conversion.
      if (Object.getPrototypeOf(value) !== Object.prototype) return false;
      for (const field of Object.values(value as Record<string, Value | undefined>)) {
        if (field !== undefined && !isOwnJson(field)) return false;
      }
      return true;
    default:
      return true;
  }
}

export function documentJson(document: Value): string {
  return JSON.stringify(isOwnJson(document) ? document : convexToJson(document));
}

/**
 * Writes `snapshot` to `file` via a temporary file, fsync'd before the rename and the folder
 * after it (a crash leaves the old file or the new one); returns the bytes written.
 */
export async function writeSnapshotFile(file: string, snapshot: TakenSnapshot): Promise<number> {
  const temporary = `${file}.${process.pid}.tmp`;
  const handle = await open(temporary, "w");
  let bytes = 0;
  let pieces: string[] = [];
  let chars = 0;
  const flush = async () => {
    const buffer = Buffer.from(pieces.join(""));
    pieces = [];
    chars = 0;
    for (let offset = 0; offset < buffer.length;) offset += (await handle.write(buffer, offset)).bytesWritten;
    bytes += buffer.length;
  };
  const put = async (text: string) => {
    pieces.push(text);
    chars += text.length;
    if (chars >= PIECE_CHARS) await flush();
  };
  /** Writes a documents list and closes it, the orders of its indexes after it (index-orders.ts). */
  const putDocuments = async (documents: readonly Value[], orders: readonly TakenIndexOrder[] = []) => {
    const positionOf = new Map<Value, number>();
    for (const [index, document] of documents.entries()) {
      await put(`${index === 0 ? "" : ","}\n${documentJson(document)}`);
      if (orders.length > 0) positionOf.set(document, index);
    }
    await put("\n]");
    if (orders.length > 0) await put(`,"indexOrders":${JSON.stringify(savedIndexOrders(orders, positionOf))}`);
  };
  try {
    const { format, nextDocId, lastCreationTime, lastCommitTs, commitCount, requests } = snapshot;
    const counters = { format, nextDocId, lastCreationTime, lastCommitTs, commitCount, requests: requests ?? [] };
    await put(`${JSON.stringify(counters).slice(0, -1)},"components":{`);
    for (const [index, [componentPath, component]] of Object.entries(snapshot.components).entries()) {
      const { nextDocId, lastCreationTime } = component;
      await put(
        `${index === 0 ? "" : ","}\n${JSON.stringify(componentPath)}:${JSON.stringify({ nextDocId, lastCreationTime }).slice(0, -1)},"documents":[`,
      );
      await putDocuments(component.documents, component.indexOrders);
      await put("}");
    }
    await put(`},"documents":[`);
    await putDocuments(snapshot.documents, snapshot.indexOrders);
    await put("}\n");
    await flush();
    await handle.sync();
  } catch (error) {
    // The database file stays as it was; the half-written copy goes.
    await handle.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  await rename(temporary, file);
  await syncFolder(path.dirname(file));
  return bytes;
}
