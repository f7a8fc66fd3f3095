import convexPlugin from "@convex-dev/eslint-plugin";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "convex/_generated/", "coverage/", "test-results/", "playwright-report/", ".convex-local/"] },
  ...tseslint.configs.recommended,
  ...convexPlugin.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  // No import cycles anywhere: a cycle makes load order matter (a value read before its module
  // ran is undefined) and ties modules that should stand alone.
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".d.ts", ".js"] })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  // The model boundary. The browser may import only convex/model/shared/ (pure rules, texts,
  // money); the rest of convex/model/ is server-only (database, auth, components). Types may
  // cross (they are erased). Shared modules in turn may not reach into the server side.
  {
    files: ["src/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", {
        patterns: [{
          regex: "convex/model/(?!shared/)",
          allowTypeImports: true,
          message: "The browser may import only convex/model/shared/ (server-only model code would ship to every visitor).",
        }],
      }],
    },
  },
  {
    files: ["convex/model/shared/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": ["error", {
        patterns: [{
          regex: "^(\\.\\./|convex/server$|@convex-dev/|convex-helpers)",
          allowTypeImports: true,
          message: "convex/model/shared/ is loaded by the browser: keep it free of server-only modules.",
        }],
      }],
    },
  },
  // Convex Auth reads its issuer here before any module (and so `env`) exists.
  { files: ["convex/auth.config.ts"], rules: { "@convex-dev/no-process-env": "off" } },
  // Tests and tooling set the environment the functions read.
  { files: ["**/*.test.ts", "local-backend/**", "scripts/**", "e2e/**"], rules: { "@convex-dev/no-process-env": "off" } },
);
