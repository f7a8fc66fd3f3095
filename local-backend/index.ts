/**
 * The local backend's public face: everything code outside local-backend/ may use (lint refuses
 * a deeper import, see eslint.config.js). Programs start a backend and drive the official CLI
 * against it; the tools' configs read the environment the functions expect; the bench reaches
 * the engine's meters and profiler to measure what the app costs. The rest is the backend's own.
 */

// Running a backend, and the official Convex CLI against it.
export { startLocalBackend, DEFAULT_PORT, DEFAULT_DATA_DIR, type LocalBackend, type LocalBackendOptions } from "./server.ts";
export { functionEnvironment, DEFAULT_SITE_PORT, DEFAULT_SITE_URL } from "./functions/function-environment.ts";
export { runCli, startCli, outputUntil, type CliRun, type CliTarget } from "./front/cli/convex-cli.ts";

// Which files of convex/ are function modules, and loading them as a push would.
export { isModuleFile, loadModules, type LoadedModules } from "./functions/modules.ts";

// The engine, for the bench: a runner over a data folder, the snapshot file it starts from, the
// components the app installs, convex-test metered by Convex's limits, read sets and indexes.
export { FunctionRunner } from "./functions/function-runner.ts";
export { DATABASE_FILE } from "./database/storage/database-file.ts";
export { writeSnapshotFile } from "./database/storage/snapshot-writer.ts";
export { registerComponents } from "./functions/components/components.ts";
export { meterConvexTest } from "./functions/limits/meter-convex-test.ts";
export { attachToInternals } from "./database/convex-test-adapter.ts";
export { instrumentDatabase, NO_READ_RECORDER } from "./database/indexes/instrument-database.ts";
export { ReadSet, type WrittenDocument } from "./database/read-set.ts";

// Convex's limits and how close a run came to them; the conflict profiler.
export { transactionLimit, TRANSACTION_LIMIT_NAMES, type TransactionLimitName } from "./database/limits/knobs.ts";
export { limitReport, type LimitReport } from "./functions/limits/usage-peaks.ts";
export { ConflictProfiler, type ProfiledTransaction } from "./functions/profiler/conflict-profiler.ts";
