/**
 * Reads the database file a piece at a time and parses it a document at a time: the file
 * snapshot-writer.ts writes holds one document per line inside each `"documents":[` list, so
 * a database of a million documents is never one string (a 350 MB file decoded whole is a
 * 700 MB string when it holds one "ç") nor one buffer of the whole file.
 *
 * The lines around the documents (counters, components, requests) are parsed as one small
 * JSON text in which each list stands as its number. A file laid out otherwise (written
 * whole by an older version, or by hand) is simply that text, parsed whole: any valid
 * database file reads the same.
 */
import { open, type FileHandle } from "node:fs/promises";
import type { JSONValue } from "convex/values";

/** Bytes read at a time; a line longer than this grows the buffer. */
const PIECE_BYTES = 8 * 1024 * 1024;
const NEWLINE = 0x0a;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const LIST_OPENING = '"documents":[';

/** Thrown for a file that is not JSON: "it is empty", or "cut short or damaged: …" with the parser's words. */
export class NotJsonError extends Error {}

/**
 * The file's parsed JSON value and its size in bytes, or null when there is no file.
 * `pieceBytes` is for tests: small pieces cut lines anywhere.
 */
export async function readDatabaseFile(file: string, pieceBytes = PIECE_BYTES): Promise<{ value: unknown; bytes: number } | null> {
  let handle: FileHandle;
  try {
    handle = await open(file, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  try {
    return await readByLines(handle, pieceBytes);
  } catch (error) {
    if (!(error instanceof SyntaxError || error instanceof LayoutError)) throw error;
    // Not the writer's layout, or not JSON: the whole text decides, and words what is wrong.
    return await readWhole(handle);
  } finally {
    await handle.close();
  }
}

/** A line where the writer's layout has none (the whole text may still be valid JSON). */
class LayoutError extends Error {}

/** Reads at explicit positions, so the handle's own position stays at the start for readWhole. */
async function readByLines(handle: FileHandle, pieceBytes: number): Promise<{ value: unknown; bytes: number }> {
  const parser = new LineParser();
  let buffer: Buffer = Buffer.allocUnsafe(pieceBytes);
  let filled = 0;
  let bytes = 0;
  for (;;) {
    if (filled === buffer.length) buffer = grown(buffer);
    const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, bytes);
    bytes += bytesRead;
    filled += bytesRead;
    if (bytesRead === 0) {
      if (filled > 0) parser.line(buffer, 0, filled);
      return { value: parser.finish(), bytes };
    }
    const consumed = parser.lines(buffer, filled);
    buffer.copy(buffer, 0, consumed, filled);
    filled -= consumed;
  }
}

async function readWhole(handle: FileHandle): Promise<{ value: unknown; bytes: number }> {
  const buffer = await handle.readFile();
  if (buffer.length === 0) throw new NotJsonError("it is empty");
  try {
    return { value: JSON.parse(buffer.toString("utf8")) as unknown, bytes: buffer.length };
  } catch (error) {
    throw new NotJsonError(`cut short or damaged: ${(error as Error).message}`);
  }
}

function grown(buffer: Buffer): Buffer {
  const larger = Buffer.allocUnsafe(buffer.length * 2);
  buffer.copy(larger);
  return larger;
}

/** Splits the file into its outer text and its document lists, a line at a time. */
class LineParser {
  /** The text around the documents, each list replaced by its number in `lists`. */
  private readonly outer: string[] = [];
  private readonly lists: JSONValue[][] = [];
  /** The list whose document lines are being read, or null between lists. */
  private list: JSONValue[] | null = null;
  /** Whether the last document line read ended with a comma (another must follow): JSON's own rule. */
  private commaPending = false;

  /** Parses every complete line in `buffer[0, end)`; returns where the unfinished last one starts. */
  lines(buffer: Buffer, end: number): number {
    let start = 0;
    for (let newline = buffer.indexOf(NEWLINE, start); newline !== -1 && newline < end; newline = buffer.indexOf(NEWLINE, start)) {
      this.line(buffer, start, newline);
      start = newline + 1;
    }
    return start;
  }

  line(buffer: Buffer, start: number, end: number): void {
    if (this.list !== null && end > start && buffer[start] === OPEN_BRACE) {
      if (this.list.length > 0 && !this.commaPending) throw new LayoutError("two documents without a comma between them");
      this.commaPending = buffer[end - 1] === COMMA;
      this.list.push(JSON.parse(buffer.toString("utf8", start, this.commaPending ? end - 1 : end)) as JSONValue);
      return;
    }
    let text = buffer.toString("utf8", start, end);
    if (this.list !== null) {
      // The line closing the list: its "]" was never in the outer text.
      if (buffer[start] !== CLOSE_BRACKET) throw new LayoutError("a line inside a documents list is not a document");
      if (this.commaPending) throw new LayoutError("a comma after the last document");
      text = text.slice(1);
      this.list = null;
    }
    if (text.endsWith(LIST_OPENING)) {
      text = text.slice(0, -1) + String(this.lists.length);
      this.list = [];
      this.commaPending = false;
      this.lists.push(this.list);
    }
    this.outer.push(text);
  }

  /** The whole file's value, each list back in its place. */
  finish(): unknown {
    if (this.list !== null) throw new LayoutError("the file ends inside a documents list");
    const value = JSON.parse(this.outer.join("\n")) as unknown;
    if (this.lists.length === 0) return value;
    const placed = new Set<number>();
    const place = (holder: unknown) => {
      const record = holder as Record<string, unknown> | null;
      const index = record?.documents;
      if (typeof index !== "number" || this.lists[index] === undefined || placed.has(index)) {
        throw new LayoutError("a documents list is not where a database keeps one");
      }
      record!.documents = this.lists[index];
      placed.add(index);
    };
    const database = value as { components?: Record<string, unknown> } | null;
    place(database);
    for (const component of Object.values(database?.components ?? {})) place(component);
    if (placed.size !== this.lists.length) throw new LayoutError("a documents list is not where a database keeps one");
    return value;
  }
}
