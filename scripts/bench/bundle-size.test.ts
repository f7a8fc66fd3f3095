import { beforeAll, describe, expect, it } from "vitest";
import { FIRST_LOAD_JS_TARGETS, ROUTES, measureBundle, type BundleSizes } from "./bundle-size";

// The size guard of `npm test`: a production build (~10 s), weighed as the bench's bundle part
// weighs it, so an import that makes a page's first load heavier than its target fails here,
// not only in a later bench run.
describe("first-load JavaScript of each page (gzip)", () => {
  let sizes: BundleSizes;
  beforeAll(() => {
    sizes = measureBundle();
  });

  it.each(ROUTES)("%s stays within its target", (route) => {
    expect(sizes.routes[route].js, `${route} loads ${sizes.routes[route].js} bytes of JavaScript first`).toBeLessThanOrEqual(
      FIRST_LOAD_JS_TARGETS[route],
    );
  });
});
