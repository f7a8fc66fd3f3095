/**
 * Node module hooks (`module.register`) that give a convex.config file, evaluated in Node,
 * what Convex's runtime gives it: a component definition it imports (`import presence from
 * "@convex-dev/presence/convex.config.js"`) arrives as the metadata `app.use()` reads,
 * `{ componentDefinitionPath, defaultName }`, instead of the definition object itself (whose
 * `use()` would refuse to run outside Convex). The definition is still evaluated, behind it,
 * under `?apoie-definition`, so the backend can read its own `export()` (its children).
 * Plain JavaScript: hooks run in Node's loader thread, which may not understand TypeScript.
 */

const SCHEME = "apoie-component-ref:";
/** The query mark of a definition being evaluated (evaluate-definitions.ts passes it). */
let mark = "";

/** @param {{ mark: string }} data */
export function initialize(data) {
  mark = data.mark;
}

/** @param {string} url whether it is a convex.config file (any query stripped) */
function isConfig(url) {
  return /\/convex\.config\.(js|ts|mjs)$/.test(url.split("?")[0]);
}

/**
 * A definition's URL, marked so that its own imports of definitions become metadata (other
 * query parameters, such as the TypeScript loader's namespace, are kept).
 * @param {string} url
 */
function definitionUrl(url) {
  return isMarked(url) ? url : `${url}${url.includes("?") ? "&" : "?"}${mark}`;
}

/** @param {string} url */
function isMarked(url) {
  return new URL(url).searchParams.has(mark);
}

/**
 * @param {string} specifier
 * @param {{ parentURL?: string }} context
 * @param {(specifier: string, context: object) => Promise<{ url: string }>} nextResolve
 */
export async function resolve(specifier, context, nextResolve) {
  if (specifier.startsWith(SCHEME)) return { url: specifier, shortCircuit: true };
  const resolved = await nextResolve(specifier, context);
  const parent = context.parentURL ?? "";
  if (isConfig(parent) && isConfig(resolved.url) && isMarked(parent)) {
    return { url: `${SCHEME}${encodeURIComponent(definitionUrl(resolved.url))}`, shortCircuit: true };
  }
  return resolved;
}

/**
 * @param {string} url
 * @param {object} context
 * @param {(url: string, context: object) => Promise<object>} nextLoad
 */
export async function load(url, context, nextLoad) {
  if (!url.startsWith(SCHEME)) return nextLoad(url, context);
  const definition = decodeURIComponent(url.slice(SCHEME.length));
  const file = new URL(definition).pathname;
  const source = [
    `import definition from ${JSON.stringify(definition)};`,
    `export default { componentDefinitionPath: ${JSON.stringify(decodeURIComponent(file))}, defaultName: definition._name };`,
  ].join("\n");
  return { format: "module", source, shortCircuit: true };
}
