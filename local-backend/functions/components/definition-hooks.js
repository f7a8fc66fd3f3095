/**
 * Node module hooks (`module.register`) that give a convex.config file, evaluated in Node,
 * what Convex's runtime gives it: a component definition it imports (`import presence from
 * "@convex-dev/presence/convex.config.js"`) arrives as the metadata `app.use()` reads,
 * `{ componentDefinitionPath, defaultName }`, instead of the definition object itself (whose
 * `use()` would refuse to run outside Convex). The definition is still evaluated, behind it,
 * under `?apoie-definition`, so the backend can read its own `export()` (its children).
 * Plain JavaScript: hooks run in Node's loader thread, which may not understand TypeScript.
 * Node 22.15+ also has synchronous in-thread hooks (`module.registerHooks`), which tsx uses
 * there; asynchronous hooks are then never asked, so the same rules come in both forms.
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
 * A resolved definition imported by a marked definition becomes a reference to its metadata.
 * @param {{ url: string }} resolved
 * @param {{ parentURL?: string }} context
 */
function asReference(resolved, context) {
  const parent = context.parentURL ?? "";
  if (isConfig(parent) && isConfig(resolved.url) && isMarked(parent)) {
    return { url: `${SCHEME}${encodeURIComponent(definitionUrl(resolved.url))}`, shortCircuit: true };
  }
  return resolved;
}

/**
 * @param {string} specifier
 * @param {{ parentURL?: string }} context
 * @param {(specifier: string, context: object) => Promise<{ url: string }>} nextResolve
 */
export async function resolve(specifier, context, nextResolve) {
  if (specifier.startsWith(SCHEME)) return { url: specifier, shortCircuit: true };
  return asReference(await nextResolve(specifier, context), context);
}

/**
 * @param {string} specifier
 * @param {{ parentURL?: string }} context
 * @param {(specifier: string, context: object) => { url: string }} nextResolve
 */
export function resolveSync(specifier, context, nextResolve) {
  if (specifier.startsWith(SCHEME)) return { url: specifier, shortCircuit: true };
  return asReference(nextResolve(specifier, context), context);
}

/** @param {string} url a reference: a module whose default export is the definition's metadata */
function referenceModule(url) {
  const definition = decodeURIComponent(url.slice(SCHEME.length));
  const file = new URL(definition).pathname;
  const source = [
    `import definition from ${JSON.stringify(definition)};`,
    `export default { componentDefinitionPath: ${JSON.stringify(decodeURIComponent(file))}, defaultName: definition._name };`,
  ].join("\n");
  return { format: "module", source, shortCircuit: true };
}

/**
 * @param {string} url
 * @param {object} context
 * @param {(url: string, context: object) => Promise<object>} nextLoad
 */
export async function load(url, context, nextLoad) {
  return url.startsWith(SCHEME) ? referenceModule(url) : nextLoad(url, context);
}

/**
 * @param {string} url
 * @param {object} context
 * @param {(url: string, context: object) => object} nextLoad
 */
export function loadSync(url, context, nextLoad) {
  return url.startsWith(SCHEME) ? referenceModule(url) : nextLoad(url, context);
}
