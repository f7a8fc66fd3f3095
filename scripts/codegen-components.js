/**
 * Adds `components` to convex/_generated/api.{js,d.ts}, as `npx convex dev` would: the
 * offline `convex codegen --system-udfs` skips components (it needs a deployment for them).
 * Reads the `app.use(x)` calls of convex/convex.config.ts. Run by `npm run codegen`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const convexDir = path.resolve(import.meta.dirname, "..", "convex");
const config = readFileSync(path.join(convexDir, "convex.config.ts"), "utf8");
const imports = new Map(
  [...config.matchAll(/import\s+(\w+)\s+from\s+["']([^"']+)\/convex\.config(?:\.js)?["']/g)].map((m) => [m[1], m[2]]),
);
const uses = [...config.matchAll(/app\.use\(\s*(\w+)\s*(?:,\s*\{[^}]*?name:\s*["']([^"']+)["'][^}]*\})?\s*\)/g)].map((m) => ({
  name: m[2] ?? m[1],
  pkg: imports.get(m[1]),
}));

const apiJs = path.join(convexDir, "_generated", "api.js");
const js = readFileSync(apiJs, "utf8").replace(
  'import { anyApi } from "convex/server";',
  'import { anyApi, componentsGeneric } from "convex/server";',
);
writeFileSync(apiJs, js.includes("componentsGeneric()") ? js : `${js.trimEnd()}\nexport const components = componentsGeneric();\n`);

const apiDts = path.join(convexDir, "_generated", "api.d.ts");
const dts = readFileSync(apiDts, "utf8").replace(/\nexport declare const components: \{[\s\S]*?\n\};\n/, "\n");
const lines = uses.map(({ name, pkg }) => `  ${name}: import("${pkg}/_generated/component.js").ComponentApi<"${name}">;`);
writeFileSync(apiDts, `${dts.trimEnd()}\n\nexport declare const components: {\n${lines.join("\n")}\n};\n`);
