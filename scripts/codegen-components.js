// `convex codegen --system-udfs` (the offline codegen) writes `api` and `internal` but not
// `components`: the CLI only types components after pushing to a deployment. This adds the
// export the online codegen would write for the components convex/convex.config.ts installs
// from npm (each package ships its own `_generated/component.js` types), so
// `import { components } from "./_generated/api"` works offline too. Run after codegen.
import { readFileSync, writeFileSync } from "node:fs";

const config = readFileSync("convex/convex.config.ts", "utf8");
const imports = new Map(
  [...config.matchAll(/import\s+(\w+)\s+from\s+"([^"]+)\/convex\.config(?:\.js)?";/g)].map((m) => [m[1], m[2]]),
);
const used = [...config.matchAll(/app\.use\((\w+)\)/g)].map((m) => m[1]);
const components = used.map((name) => {
  const pkg = imports.get(name);
  if (pkg === undefined) throw new Error(`convex.config.ts uses ${name} without importing it from a package`);
  return { name, pkg };
});

const MARKER = "\n// Components (scripts/codegen-components.js)\n";
function rewrite(path, block) {
  const text = readFileSync(path, "utf8").split(MARKER)[0].trimEnd();
  writeFileSync(path, components.length === 0 ? `${text}\n` : `${text}\n${MARKER}${block}`);
}

rewrite(
  "convex/_generated/api.d.ts",
  `export declare const components: {\n${components
    .map(({ name, pkg }) => `  ${name}: import("${pkg}/_generated/component.js").ComponentApi<"${name}">;\n`)
    .join("")}};\n`,
);
rewrite(
  "convex/_generated/api.js",
  `import { componentsGeneric } from "convex/server";\nexport const components = componentsGeneric();\n`,
);
