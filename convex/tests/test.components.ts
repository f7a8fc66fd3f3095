/**
 * Registers the components of convex.config.ts on a convex-test instance, with each
 * package's own test helper, so suites can call code that uses `components.*`. The name has
 * two dots, so Convex never deploys it. Outside Vitest (the local backend, the bench) the
 * components are found and loaded from convex.config.ts instead
 * (local-backend/components/components.ts), which imports the packages' compiled files
 * through tsx's Node loader; inside Vitest modules go through Vite, as the helpers' globs do.
 */
import migrationsTest from "@convex-dev/migrations/test";
import presenceTest from "@convex-dev/presence/test";
import rateLimiterTest from "@convex-dev/rate-limiter/test";
import type { TestConvex } from "convex-test";
import type { GenericSchema, SchemaDefinition } from "convex/server";

export function registerComponents(t: TestConvex<SchemaDefinition<GenericSchema, boolean>>): void {
  rateLimiterTest.register(t, "rateLimiter");
  presenceTest.register(t, "presence");
  migrationsTest.register(t, "migrations");
}
