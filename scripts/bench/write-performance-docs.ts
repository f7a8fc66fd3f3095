/** `npm run bench:docs`: docs/performance.md's table and docs/performance-results.md from scripts/bench/results.json, without measuring. */
import { BENCH_PARTS } from "./parts";
import { writePerformanceDocs } from "./performance-doc";

await writePerformanceDocs(BENCH_PARTS);
