import { defineConfig } from "vitest/config";
import { convexProject, SCALE_TESTS } from "./vitest.config.ts";

// `npm run test:scale`: the scale tests `npm test` leaves out (thousands of refunds, queued
// supports and purchases, long random runs). Each proves a size; its small version in `npm test`
// fails on the same bug. CI runs this tier after `npm test`.
export default defineConfig({
  test: {
    projects: [
      convexProject("convex-scale", [`convex/${SCALE_TESTS}`]),
      // The on-sale race at 2,000 buyers and exactly-once e-mail at 1,000 purchases on the real engine (local-backend/app-concurrency/).
      {
        test: {
          name: "local-backend-scale",
          include: [`local-backend/${SCALE_TESTS}`],
          environment: "node",
          testTimeout: 900_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
