import { defineConfig } from "vitest/config";
import { convexProject, SCALE_TESTS } from "./vitest.config.ts";

// `npm run test:scale`: the scale tests `npm test` leaves out (thousands of refunds, queued
// supports and purchases, long random runs). Each proves a size; its small version in `npm test`
// fails on the same bug. CI runs this tier after `npm test`.
export default defineConfig({
  test: {
    projects: [
      convexProject("convex-scale", [`convex/${SCALE_TESTS}`]),
      // Real clients against the local backend at full size (the on-sale room's 2,000 buyers).
      { test: { name: "local-backend-scale", include: [`local-backend/${SCALE_TESTS}`], environment: "node", hookTimeout: 120_000 } },
    ],
  },
});
