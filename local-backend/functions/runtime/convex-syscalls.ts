/**
 * The `convex` package's runtime contract: `convex/server` reaches its backend only through
 * `globalThis.Convex.syscall/asyncSyscall/jsSyscall`. convex-test installs that global in this
 * process and a function worker installs its own (function-worker.ts), so naming these three
 * here is not reaching into convex-test's private state (that stays in
 * database/convex-test-adapter.ts, which database/seam.test.ts checks).
 */

export type ConvexSyscalls = {
  syscall: (op: string, args: string) => string;
  asyncSyscall: (op: string, args: string) => Promise<string>;
  jsSyscall: (op: string, args: Record<string, unknown>) => Promise<unknown>;
};

type WithConvex = { Convex: ConvexSyscalls };

/** The syscalls installed in this process now (convex-test's, in the backend). */
export function convexSyscalls(): ConvexSyscalls {
  return (globalThis as unknown as WithConvex).Convex;
}

/** Installs `syscalls` as this process's `Convex` global (a function worker's own). */
export function installConvexSyscalls(syscalls: ConvexSyscalls): void {
  (globalThis as unknown as WithConvex).Convex = syscalls;
}

/**
 * Answers one asynchronous operation in this process and passes every other on to the
 * syscalls installed before (read at each call: convex-test's global resolves per call).
 * Tests use it to serve a function's own "pause" operation.
 */
export function answerAsyncSyscall(op: string, answer: (args: string) => Promise<string>): void {
  const installed = convexSyscalls();
  installConvexSyscalls({
    get syscall() {
      return installed.syscall;
    },
    get jsSyscall() {
      return installed.jsSyscall;
    },
    get asyncSyscall() {
      const passOn = installed.asyncSyscall;
      return (called: string, args: string) => (called === op ? answer(args) : passOn(called, args));
    },
  });
}
