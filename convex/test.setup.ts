/// <reference types="vite/client" />
// The modules convex-test loads: every function file, not tests or type declarations.
export const modules = import.meta.glob(["./**/*.ts", "./**/*.js", "!./**/*.test.ts", "!./**/*.helpers.ts", "!./**/*.d.ts"]);
