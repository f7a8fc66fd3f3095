/**
 * Test helper run as a child process: a backend serving test-convex/ with its data in the
 * folder given as the only argument, so a test can kill -9 it and start it again.
 */
import path from "node:path";
import { startLocalBackend } from "../../server.ts";

const backend = await startLocalBackend({
  port: 0,
  sitePort: 0,
  dataDir: process.argv[2]!,
  convexDir: path.join(import.meta.dirname, "test-convex"),
});
console.log(`Local backend ready at ${backend.url}`);
