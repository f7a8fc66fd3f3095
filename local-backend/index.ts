/**
 * The local backend's public face: what code outside local-backend/ (the bench, the test kit,
 * the tools' configs, the codegen) may use. Everything else here is its own business.
 */
export { startLocalBackend, DEFAULT_PORT, DEFAULT_DATA_DIR, type LocalBackend, type LocalBackendOptions } from "./server.ts";
export { functionEnvironment, DEFAULT_SITE_PORT, DEFAULT_SITE_URL } from "./functions/function-environment.ts";
