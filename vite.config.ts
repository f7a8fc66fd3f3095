import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

/** `@convex/…` is convex/…, as tsconfig.base.json's `paths` say to TypeScript. */
export const resolve = { alias: { "@convex": fileURLToPath(new URL("./convex", import.meta.url)) } };

export default defineConfig({
  plugins: [react()],
  resolve,
  server: { host: "127.0.0.1", port: 5173 },
  preview: { host: "127.0.0.1" },
});
