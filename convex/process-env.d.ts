// Convex's runtime is not Node: of Node's `process` it offers only `process.env`. Functions read
// settings through `env` (convex/_generated/server); auth.config.ts is read before that exists.
declare const process: { readonly env: Readonly<Record<string, string | undefined>> };
