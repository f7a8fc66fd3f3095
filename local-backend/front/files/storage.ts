/**
 * File storage as on Convex: `ctx.storage.generateUploadUrl()` gives a URL on this backend
 * that takes a POST of the bytes (with their Content-Type) and answers `{storageId}`;
 * `getUrl` gives `<backend>/api/storage/<id>`, served with the file's type; `store`, `get`
 * and `delete` work in actions. `_storage` documents hold `sha256`, `size`, `contentType`.
 *
 * convex-test keeps blobs in memory beside its `_storage` documents and answers with fake
 * URLs; its syscalls are wrapped here so the bytes go to a FileStore first (on disk before
 * the document commits) and the URLs point here. Files whose document is gone are removed a
 * while later (a deletion may still roll back when it is seen).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Value } from "convex/values";
import type { FunctionRunner } from "../../functions/function-runner.ts";
import {
  committedDocuments,
  interceptAsyncSyscall,
  interceptJsSyscall,
  internalsOf,
  tableOf,
  testOf,
  type DatabaseFake,
  type ConvexTestInstance,
} from "../../database/convex-test-adapter.ts";
import type { FileStore } from "./file-store.ts";
import { setCorsHeaders } from "../security/cors.ts";

/** The largest upload taken, in bytes (see local-backend/README.md). */
export const DEFAULT_MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** As on Convex, an upload URL works for an hour. */
const UPLOAD_URL_LIFETIME_MS = 60 * 60 * 1000;
/** Files without a document are removed this long after a deletion... */
const COLLECT_DELAY_MS = 5_000;
/** ...unless written in the last minute: an upload whose document is about to commit. */
const UPLOAD_GRACE_MS = 60_000;
const FILES = "_storage";
const UPLOAD_PATH = "/api/storage/upload";
const FILE_PATH = /^\/api\/storage\/([^/]+)$/;
/**
 * Types a browser shows without running anything in them. Files are served from the
 * dashboard's origin, so anything else (HTML, SVG, XML, PDF, unknown) is sent as a download;
 * and every file gets `nosniff` (the type is never guessed from the bytes) and a CSP sandbox
 * (opened as a page anyway, it runs no script and has no origin to read the dashboard from).
 */
const SHOWN_IN_PLACE = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "image/bmp", "image/x-icon"]);
const { setTimeout, clearTimeout } = globalThis;

class UploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}

export class FileStorage {
  private readonly tokens = new Map<string, number>();
  /** The Content-Type of the blob `ctx.storage.store` is storing, for its `_storage` insert. */
  private readonly storingType = new AsyncLocalStorage<string | undefined>();
  private readonly outside = AsyncLocalStorage.bind((work: () => void) => work());
  private collectTimer: NodeJS.Timeout | undefined;
  private engine: FunctionRunner | null = null;
  private baseUrl = "";

  /** Resolves once committed data is durable; an upload is answered after it. */
  private persisted: () => Promise<void> = async () => {};

  constructor(
    private readonly store: FileStore,
    private readonly maxUploadBytes: number,
  ) {}

  /** Part of each instance's setup: wraps its storage syscalls and each component's files. */
  install(instance: ConvexTestInstance): void {
    const internals = internalsOf(instance);
    for (const { db } of Object.values(internals.components)) this.wrapDatabase(db);
    interceptAsyncSyscall(internals, ["1.0/storageGenerateUploadUrl"], async () => JSON.stringify(this.newUploadUrl()));
    interceptAsyncSyscall(internals, ["1.0/storageGetUrl"], async (_op, jsonArgs, next) => {
      const result = await next();
      if (JSON.parse(result) === null) return result;
      const { storageId } = JSON.parse(jsonArgs) as { storageId: string };
      return JSON.stringify(`${this.baseUrl}/api/storage/${storageId}`);
    });
    interceptAsyncSyscall(internals, ["1.0/storageDelete"], async (_op, _jsonArgs, next) => {
      const result = await next();
      this.collectSoon();
      return result;
    });
    interceptJsSyscall(internals, ["storage/storeBlob"], async (_op, args, next) => {
      const blob = args.blob as Blob;
      await this.store.write(new Uint8Array(await blob.arrayBuffer()));
      return this.storingType.run(blob.type || undefined, next);
    });
  }

  private wrapDatabase(db: DatabaseFake): void {
    const insert = db.insert.bind(db);
    db.insert = (table, value) => {
      const contentType = table === FILES ? this.storingType.getStore() : undefined;
      return insert(table, contentType === undefined ? value : { ...value, contentType });
    };
    // The bytes are in the FileStore already (written before the document).
    db.storeFile = () => {};
    db.getFile = (storageId) => {
      const document = db.get(FILES, storageId);
      const bytes = document === null ? null : this.store.read(document.sha256 as string);
      if (document === null || bytes === null) return null;
      return new Blob([new Uint8Array(bytes)], { type: (document.contentType as string | undefined) ?? "" });
    };
  }

  /**
   * Serves uploads and files from now on, at `baseUrl`, answering an upload once `persisted`
   * resolves; removes files left without a document.
   */
  async start(engine: FunctionRunner, baseUrl: string, persisted: () => Promise<void>): Promise<void> {
    this.engine = engine;
    this.baseUrl = baseUrl;
    this.persisted = persisted;
    await this.collect();
  }

  stop(): void {
    clearTimeout(this.collectTimer);
  }

  private newUploadUrl(): string {
    const now = Date.now();
    for (const [token, expires] of this.tokens) if (expires < now) this.tokens.delete(token);
    const token = randomBytes(24).toString("base64url");
    this.tokens.set(token, now + UPLOAD_URL_LIFETIME_MS);
    return `${this.baseUrl}${UPLOAD_PATH}?token=${token}`;
  }

  /** Handles `/api/storage/…` on the main port; false for any other path. */
  async handleRequest(request: IncomingMessage, response: ServerResponse): Promise<boolean> {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const isUpload = url.pathname === UPLOAD_PATH;
    const file = FILE_PATH.exec(url.pathname)?.[1];
    if (!isUpload && file === undefined) return false;
    // The browser uploads and shows files from the app's origin.
    setCorsHeaders(request, response);
    if (request.method === "OPTIONS") {
      response.writeHead(204).end();
    } else if (isUpload && request.method === "POST") {
      await this.upload(url.searchParams.get("token"), request, response);
    } else if (file !== undefined && (request.method === "GET" || request.method === "HEAD")) {
      await this.serve(file, request.method === "HEAD", response);
    } else {
      sendJson(response, 405, { code: "MethodNotAllowed", message: "Method not allowed" });
    }
    return true;
  }

  private async upload(token: string | null, request: IncomingMessage, response: ServerResponse): Promise<void> {
    try {
      const expires = token === null ? undefined : this.tokens.get(token);
      if (expires === undefined || expires < Date.now()) throw new UploadError(401, "Invalid or expired upload URL");
      const bytes = await this.readUpload(request);
      const sha256 = await this.store.write(bytes);
      const contentType = request.headers["content-type"];
      const fields: Record<string, Value> = { sha256, size: bytes.length, ...(contentType ? { contentType } : {}) };
      const storageId = await this.engine!.withInstance((instance) => {
        const root = internalsOf(instance).components[""]!.db;
        return testOf(instance).runInComponent("", () => Promise.resolve(root.insert(FILES, fields)));
      });
      await this.persisted();
      sendJson(response, 200, { storageId });
    } catch (error) {
      if (error instanceof UploadError) {
        // The rest of a refused body is not read: close the connection instead.
        response.setHeader("Connection", "close");
        sendJson(response, error.status, { code: "UploadRefused", message: error.message });
      } else {
        console.error("local backend: upload failed:", error);
        sendJson(response, 500, { code: "InternalServerError", message: "The upload could not be stored" });
      }
    }
  }

  /** The whole body, or an UploadError as soon as it is known to be too large. */
  private async readUpload(request: IncomingMessage): Promise<Uint8Array> {
    const tooLarge = new UploadError(413, `The file is larger than the limit of ${this.maxUploadBytes} bytes`);
    if (Number(request.headers["content-length"] ?? 0) > this.maxUploadBytes) throw tooLarge;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of request as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > this.maxUploadBytes) throw tooLarge;
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  }

  private async serve(storageId: string, headOnly: boolean, response: ServerResponse): Promise<void> {
    // Only a `_storage` id names a file (the URL is open to anyone who has it).
    const document = await this.engine!.withInstance((instance) =>
      Promise.resolve(
        tableOf(storageId) === FILES ? (committedDocuments(internalsOf(instance).components[""]!.db).get(storageId) ?? null) : null,
      ),
    );
    const bytes = document === null ? null : this.store.read(document.sha256 as string);
    if (document === null || bytes === null) {
      sendJson(response, 404, { code: "NotFound", message: "No such file" });
      return;
    }
    const contentType = (document.contentType as string | undefined) ?? "application/octet-stream";
    const essence = contentType.split(";")[0]!.trim().toLowerCase();
    response.writeHead(200, {
      "Content-Type": contentType,
      "Content-Length": bytes.length,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox",
      ...(SHOWN_IN_PLACE.has(essence) ? {} : { "Content-Disposition": "attachment" }),
      // The bytes of an id never change.
      "Cache-Control": "private, max-age=2592000, immutable",
    });
    response.end(headOnly ? undefined : bytes);
  }

  private collectSoon(): void {
    clearTimeout(this.collectTimer);
    this.outside(() => {
      this.collectTimer = setTimeout(() => {
        this.collect().catch((error: unknown) => console.error("local backend: removing deleted files failed:", error));
      }, COLLECT_DELAY_MS);
    });
  }

  /** Removes the bytes no committed `_storage` document (of any component) refers to. */
  private async collect(): Promise<void> {
    const engine = this.engine!;
    const referenced = await engine.withInstance(() =>
      Promise.resolve(new Set(engine.database.tableDocuments(FILES).map(({ document }) => document.sha256 as string))),
    );
    await this.store.removeUnless((sha256) => referenced.has(sha256), UPLOAD_GRACE_MS);
  }
}
