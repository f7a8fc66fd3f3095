/**
 * The wire format of Convex's sync protocol, as `convex/browser` speaks it (see
 * node_modules/convex/dist/esm-types/browser/sync/protocol.d.ts). Incoming messages are
 * validated here, so the session code only ever sees well-formed ones.
 */
import { jsonToConvex, type JSONValue, type Value } from "convex/values";
import { FunctionError } from "../../functions/function-error.ts";

/** A state version as the server tracks it; `ts` is a commit timestamp in nanoseconds. */
export type StateVersion = { querySet: number; identity: number; ts: bigint };

/** `componentPath` (a component's function) is for the admin only. */
export type AddQuery = {
  type: "Add";
  queryId: number;
  udfPath: string;
  args: JSONValue[];
  journal?: string | null;
  componentPath?: string;
};
export type RemoveQuery = { type: "Remove"; queryId: number };

export type ClientMessage =
  | { type: "Connect"; sessionId: string; connectionCount: number }
  | { type: "ModifyQuerySet"; baseVersion: number; newVersion: number; modifications: (AddQuery | RemoveQuery)[] }
  | { type: "Mutation" | "Action"; requestId: number; udfPath: string; args: JSONValue[]; componentPath?: string }
  | { type: "Authenticate"; tokenType: "User"; value: string; baseVersion: number }
  /** The admin key, acting as `impersonating` when given (`npx convex run --identity --watch`). */
  | { type: "Authenticate"; tokenType: "Admin"; value: string; baseVersion: number; impersonating?: JSONValue }
  | { type: "Authenticate"; tokenType: "None"; baseVersion: number }
  | { type: "Event" };

export type QueryModification =
  | { type: "QueryUpdated"; queryId: number; value: JSONValue; logLines: string[]; journal: null }
  | {
      type: "QueryFailed";
      queryId: number;
      errorMessage: string;
      errorData?: JSONValue;
      logLines: string[];
      journal: null;
    }
  | { type: "QueryRemoved"; queryId: number };

/** A client sent something this server cannot make sense of; the connection ends. */
export class ProtocolError extends Error {}

/** Encodes a u64 the way the client decodes it: 8 bytes little-endian, base64. */
export function encodeTs(ts: bigint): string {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(ts);
  return bytes.toString("base64");
}

export function encodeVersion(version: StateVersion) {
  return { querySet: version.querySet, identity: version.identity, ts: encodeTs(version.ts) };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

function requireField(ok: boolean, type: string, field: string): void {
  if (!ok) throw new ProtocolError(`${type}: missing or invalid "${field}"`);
}

function parseModification(raw: unknown): AddQuery | RemoveQuery {
  if (!isObject(raw)) throw new ProtocolError("ModifyQuerySet: a modification is not an object");
  requireField(isCount(raw.queryId), `ModifyQuerySet ${String(raw.type)}`, "queryId");
  if (raw.type === "Remove") return { type: "Remove", queryId: raw.queryId as number };
  if (raw.type !== "Add") throw new ProtocolError(`ModifyQuerySet: unknown modification "${String(raw.type)}"`);
  requireField(typeof raw.udfPath === "string", "ModifyQuerySet Add", "udfPath");
  requireField(Array.isArray(raw.args), "ModifyQuerySet Add", "args");
  requireField(
    raw.componentPath === undefined || raw.componentPath === null || typeof raw.componentPath === "string",
    "ModifyQuerySet Add",
    "componentPath",
  );
  const add: AddQuery = { type: "Add", queryId: raw.queryId as number, udfPath: raw.udfPath as string, args: raw.args as JSONValue[] };
  if (typeof raw.componentPath === "string") add.componentPath = raw.componentPath;
  return add;
}

/** Parses one text frame; throws ProtocolError for anything that is not a known, complete message. */
export function parseClientMessage(text: string): ClientMessage {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ProtocolError("message is not JSON");
  }
  if (!isObject(raw) || typeof raw.type !== "string") throw new ProtocolError("message has no type");
  const { type } = raw;
  switch (type) {
    case "Connect":
      requireField(typeof raw.sessionId === "string", type, "sessionId");
      return { type, sessionId: raw.sessionId as string, connectionCount: Number(raw.connectionCount ?? 0) };
    case "ModifyQuerySet": {
      requireField(isCount(raw.baseVersion), type, "baseVersion");
      requireField(isCount(raw.newVersion), type, "newVersion");
      requireField(Array.isArray(raw.modifications), type, "modifications");
      const modifications = (raw.modifications as unknown[]).map(parseModification);
      return { type, baseVersion: raw.baseVersion as number, newVersion: raw.newVersion as number, modifications };
    }
    case "Mutation":
    case "Action":
      requireField(isCount(raw.requestId), type, "requestId");
      requireField(typeof raw.udfPath === "string", type, "udfPath");
      requireField(Array.isArray(raw.args), type, "args");
      requireField(
        raw.componentPath === undefined || raw.componentPath === null || typeof raw.componentPath === "string",
        type,
        "componentPath",
      );
      return {
        type,
        requestId: raw.requestId as number,
        udfPath: raw.udfPath as string,
        args: raw.args as JSONValue[],
        ...(typeof raw.componentPath === "string" ? { componentPath: raw.componentPath } : {}),
      };
    case "Authenticate":
      requireField(isCount(raw.baseVersion), type, "baseVersion");
      if (raw.tokenType === "User") {
        requireField(typeof raw.value === "string", type, "value");
        return { type, tokenType: "User", value: raw.value as string, baseVersion: raw.baseVersion as number };
      }
      if (raw.tokenType === "Admin") {
        requireField(typeof raw.value === "string", type, "value");
        const admin = { type, tokenType: "Admin", value: raw.value as string, baseVersion: raw.baseVersion as number } as const;
        return raw.impersonating === undefined || raw.impersonating === null
          ? admin
          : { ...admin, impersonating: raw.impersonating as JSONValue };
      }
      if (raw.tokenType === "None") return { type, tokenType: "None", baseVersion: raw.baseVersion as number };
      throw new ProtocolError(`Authenticate: unknown tokenType "${String(raw.tokenType)}"`);
    case "Event":
      return { type };
    default:
      throw new ProtocolError(`unknown message type "${type}"`);
  }
}

/** Converts the protocol's `args: [argsObject]` to the function's argument object. */
export function functionArgs(args: JSONValue[] | JSONValue): Record<string, Value> {
  let value: Value;
  try {
    value = jsonToConvex(Array.isArray(args) ? (args[0] ?? {}) : args);
  } catch (error) {
    throw new FunctionError(`Invalid arguments: ${(error as Error).message}`, undefined);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value) || value instanceof ArrayBuffer) {
    throw new FunctionError("The arguments to a Convex function must be an object.", undefined);
  }
  return value as Record<string, Value>;
}
