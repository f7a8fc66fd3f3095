import type { Value } from "convex/values";
import { tableOf } from "./indexes/document-indexes.ts";
import { validateDocument, type DatabaseFake, type Document } from "./convex-test-adapter.ts";

/** Thrown by a reload whose schema the existing data does not match. */
export class SchemaMismatchError extends Error {
  constructor(
    message: string,
    /** The table of the first document that does not match. */
    readonly table: string,
  ) {
    super(message);
  }
}

/**
 * Checks the app's documents against the schema of a freshly loaded instance, as `convex dev`
 * does before a push: the first one that does not match stops the reload, named with its table
 * and id (the validator's message names the field).
 */
export function checkDocumentsMatch(documents: ReadonlyMap<string, Document>, next: DatabaseFake): void {
  for (const document of documents.values()) {
    const table = tableOf(document._id);
    // Validators describe a document without its system fields, as written.
    const fields: Record<string, Value> = { ...document };
    delete fields._id;
    delete fields._creationTime;
    try {
      validateDocument(next, table, fields);
    } catch (error) {
      throw new SchemaMismatchError(
        `the new schema does not match the data: table "${table}", document ${document._id}: ${(error as Error).message}`,
        table,
      );
    }
  }
}
