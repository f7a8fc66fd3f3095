/** How a failed call reaches clients: ConvexError data intact, anything else as its message. */
import { convexToJson, type JSONValue, type Value } from "convex/values";
import { WriteConflictFailure } from "../database/write-conflicts.ts";

/** A function call that failed, in the form the protocol sends it. */
export class FunctionError extends Error {
  /** What the function logged before it failed (Convex's logLines). */
  logLines: string[] = [];
  constructor(
    message: string,
    readonly errorData: JSONValue | undefined,
  ) {
    super(message);
  }
}

export function isConvexError(error: unknown): error is Error & { data: Value } {
  return typeof error === "object" && error !== null && Symbol.for("ConvexError") in error;
}

/** What a client sees of a failure: ConvexError data intact, other errors as their message. */
export function toFunctionError(error: unknown): FunctionError {
  if (isConvexError(error)) return new FunctionError(`Uncaught ConvexError: ${error.message}`, convexToJson(error.data));
  // A system error, as Convex words it: not something the function threw.
  if (error instanceof WriteConflictFailure) return new FunctionError(error.message, undefined);
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return new FunctionError(`Uncaught ${message}`, undefined);
}
