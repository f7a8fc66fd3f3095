/** What the function runner serves: a convex-test instance and the convex/ modules loaded into it. */
import type { ConvexTestInstance } from "../database/convex-test-adapter.ts";
import type { LoadedModules } from "./modules.ts";
import type { FunctionHost } from "./runtime/function-host.ts";

/**
 * A convex-test instance with its private state and its modules, for the subsystems
 * (scheduler, files, components); `host` runs its functions' handlers in workers (a component's
 * module loaders go through `host.routeGlob` too).
 */
export type EngineInstance = ConvexTestInstance & { modules: LoadedModules; host: FunctionHost };

/**
 * Prepares each new instance (at start and on every reload) before it serves: registers
 * components, wraps syscalls. Runs before any data is restored into it.
 */
export type InstanceSetup = (instance: EngineInstance) => Promise<void>;
