/**
 * `ctx.vectorSearch` checked as Convex checks it: the vector has the index's dimensions, the
 * limit is 1 to 256 (10 when not given), and filters name only the index's `filterFields`.
 * convex-test ranks by cosine similarity, as Convex does, but checked none of these.
 */
import { checkVectorSearchesWith, type ConvexTestInstance, type VectorIndexDeclaration } from "../convex-test-adapter.ts";

const MAX_VECTOR_RESULTS = 256;
const DEFAULT_VECTOR_LIMIT = 10;

/** Every field a filter expression (`q.eq(field, value)`, `q.or(...)`) names. */
function filterFields(expression: unknown, found: string[] = []): string[] {
  if (Array.isArray(expression)) for (const item of expression) filterFields(item, found);
  else if (typeof expression === "object" && expression !== null) {
    for (const [key, value] of Object.entries(expression)) {
      if (key === "$field" && typeof value === "string") found.push(value);
      else filterFields(value, found);
    }
  }
  return found;
}

/** Throws Convex's error for a vector search it would refuse; returns how many results to give. */
export function checkVectorSearch(request: {
  table: string;
  indexName: string;
  index: VectorIndexDeclaration | undefined;
  vector: unknown;
  expressions: unknown[];
  limit: unknown;
}): number {
  const name = `${request.table}.${request.indexName}`;
  if (request.index === undefined) throw new Error(`Index ${name} not found.`);
  const { vector, limit } = request;
  if (!Array.isArray(vector) || vector.length !== request.index.dimensions) {
    throw new Error(
      `Expected a vector with dimensions ${request.index.dimensions}, received ${Array.isArray(vector) ? vector.length : 0}.`,
    );
  }
  if (limit !== undefined && limit !== null && (typeof limit !== "number" || !Number.isInteger(limit) || limit < 1)) {
    throw new Error(`Vector queries must fetch at least 1 result, requested ${String(limit)}.`);
  }
  if (typeof limit === "number" && limit > MAX_VECTOR_RESULTS) {
    throw new Error(`Vector queries can fetch at most ${MAX_VECTOR_RESULTS} results, requested ${limit}.`);
  }
  for (const field of filterFields(request.expressions)) {
    if (!request.index.filterFields.includes(field)) {
      throw new Error(
        `Vector query against ${name} contains a filter on "${field}" but that field isn't indexed for filtering in \`filterFields\`.`,
      );
    }
  }
  return typeof limit === "number" ? limit : DEFAULT_VECTOR_LIMIT;
}

/** Part of each instance's setup: vector searches are checked as above. */
export function installVectorSearchChecks(instance: ConvexTestInstance): void {
  checkVectorSearchesWith(instance, checkVectorSearch);
}
