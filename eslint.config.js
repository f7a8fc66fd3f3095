import convexPlugin from "@convex-dev/eslint-plugin";
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
  // Convex Auth reads its issuer here before any module (and so `env`) exists.
  { files: ["convex/auth.config.ts"], rules: { "@convex-dev/no-process-env": "off" } },
  // Tests and tooling set the environment the functions read.
  { files: ["**/*.test.ts", "local-backend/**", "scripts/**", "e2e/**"], rules: { "@convex-dev/no-process-env": "off" } },
);
