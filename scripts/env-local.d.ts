/** Types of env-local.js (plain Node, which scripts/dev.ts and its test import). */
export declare function updateEnvFile(file: string, values: Record<string, string>): void;
