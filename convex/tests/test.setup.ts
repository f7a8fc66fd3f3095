/// <reference types="vite/client" />
// The modules convex-test loads, by Convex's own rule (local-backend/modules.ts isModuleFile,
// which the local backend and the bench use): .ts/.js files whose name has no other dot, so
// no tests (`*.test.ts`), test helpers (`test.*.ts`) or type declarations (`*.d.ts`).
export const modules = import.meta.glob(["../**/*.ts", "../**/*.js", "!../**/*.*.ts", "!../**/*.*.js"]);
