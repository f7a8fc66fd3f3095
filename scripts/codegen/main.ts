/** `npm run codegen`: regenerates this project's convex/_generated/ with the official CLI (official-codegen.ts). */
import path from "node:path";
import { generateCode } from "./official-codegen.ts";

const root = path.resolve(import.meta.dirname, "../..");
const run = await generateCode(root);
console.log(`convex/_generated/ written by npx convex codegen in ${run.seconds.toFixed(1)} s`);
