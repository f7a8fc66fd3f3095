// A function worker's first file, plain JavaScript so Node runs it as it is (also under Vitest):
// it registers tsx for the worker's TypeScript, then starts it (function-worker.ts).
import { register } from "tsx/esm/api";

const api = register({ namespace: "apoie-function-worker" });
await api.import("./function-worker.ts", import.meta.url);
