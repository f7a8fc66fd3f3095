/** Types of env-local.js (plain Node, run by scripts/dev.js before any TypeScript tooling). */
export declare function updateEnvFile(file: string, values: Record<string, string>): void;
