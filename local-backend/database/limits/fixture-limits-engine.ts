/**
 * The limits tests' engine: test-convex/ served by a FunctionRunner for the calling test file,
 * with limits lowered for one test (`lower`) and put back after it.
 */
import path from "node:path";
import { afterAll, afterEach, beforeAll } from "vitest";
import { FunctionRunner } from "../../functions/function-runner.ts";
import { configureLimits } from "./knobs.ts";

type Kind = "query" | "mutation";
type Args = Record<string, unknown>;

export function limitsTestEngine() {
  let engine: FunctionRunner;
  let restore: (() => void) | null = null;
  beforeAll(async () => {
    engine = await FunctionRunner.start(path.join(import.meta.dirname, "test-convex"));
  });
  afterAll(() => engine.dispose());
  const restoreLimits = () => {
    restore?.();
    restore = null;
  };
  afterEach(restoreLimits);

  const call = async (kind: Kind, name: string, args: Args = {}) => (await engine.call(kind, `limits:${name}`, args as never, null)).value;
  /** The call's error message, or "no error". */
  const failure = (kind: Kind, name: string, args: Args = {}) =>
    call(kind, name, args).then(
      () => "no error",
      (error: Error) => error.message,
    );
  const lower = (limits: Parameters<typeof configureLimits>[0]) => {
    restore = configureLimits(limits);
  };
  return { call, failure, lower, restoreLimits };
}
