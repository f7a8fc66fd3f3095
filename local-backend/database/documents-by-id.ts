/**
 * A component's committed documents by id (convex-test's `_documents`), filed into the Map a
 * table at a time: a start leaves each table's documents unfiled until something asks for one
 * of them by id, changes one, or lists them all. Filing costs ~1 µs a document (1.3 s for the
 * 1.2 million name rows of a 50,000-event folder), and a table that only its indexes read (a
 * search through an index order the snapshot saved) is never filed.
 */
import { tableOf } from "./ids/table-numbers.ts";
import type { Document } from "./convex-test-adapter.ts";

export class DocumentsById extends Map<string, Document> {
  /** Documents of the tables not filed yet, by table. */
  private readonly unfiled: Map<string, Document[]>;

  constructor(unfiled: Map<string, Document[]>) {
    super();
    this.unfiled = unfiled;
  }

  /** The documents of `table` if it is not filed yet (all of them: a change files it first); the list is not to be changed. */
  unfiledDocuments(table: string): readonly Document[] | undefined {
    return this.unfiled.get(table);
  }

  private file(table: string): void {
    const documents = this.unfiled.get(table);
    if (documents === undefined) return;
    this.unfiled.delete(table);
    for (const document of documents) super.set(document._id, document);
  }

  private fileAll(): void {
    for (const table of [...this.unfiled.keys()]) this.file(table);
  }

  /** Files the table of `id` before anything reads or writes it by id. */
  private fileTableOf(id: string): void {
    if (this.unfiled.size > 0) this.file(tableOf(id) ?? "");
  }

  override get(id: string): Document | undefined {
    this.fileTableOf(id);
    return super.get(id);
  }

  override has(id: string): boolean {
    this.fileTableOf(id);
    return super.has(id);
  }

  override set(id: string, document: Document): this {
    this.fileTableOf(id);
    return super.set(id, document);
  }

  override delete(id: string): boolean {
    this.fileTableOf(id);
    return super.delete(id);
  }

  override clear(): void {
    this.unfiled.clear();
    super.clear();
  }

  override get size(): number {
    this.fileAll();
    return super.size;
  }

  override keys(): MapIterator<string> {
    this.fileAll();
    return super.keys();
  }

  override values(): MapIterator<Document> {
    this.fileAll();
    return super.values();
  }

  override entries(): MapIterator<[string, Document]> {
    this.fileAll();
    return super.entries();
  }

  override [Symbol.iterator](): MapIterator<[string, Document]> {
    this.fileAll();
    return super[Symbol.iterator]();
  }

  override forEach(callback: (document: Document, id: string, map: Map<string, Document>) => void, thisArg?: unknown): void {
    this.fileAll();
    super.forEach(callback, thisArg);
  }
}
