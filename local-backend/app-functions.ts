/**
 * The functions of this project's convex/ the backend runs by itself: the demo data for an
 * empty database, and the pending data migrations every start runs on existing data. The
 * server takes them as options; this is where the command line and the tests get them.
 */
export const SEED_FUNCTION = "seed:run";
export const STARTUP_MIGRATIONS = ["migrations:runAll"];
