/**
 * Full-text search as Convex answers `withSearchIndex`: the search field's text is split into
 * terms as Tantivy's SimpleTokenizer does (on anything that is not a letter or a digit), terms
 * of 32 bytes or more dropped, the rest lowercased; a query keeps its first 16 terms, matches
 * each exactly except the last, which also matches as a prefix (typeahead), and finds the
 * documents holding any of them, ranked by relevance (BM25 over the table, k1 = 1.2, b = 0.75),
 * ties newest first, at most 1,024. Equality filters must be on the index's `filterFields`,
 * at most 8 of them, and the one search filter on its `searchField`, as Convex checks.
 */
import { convexToJson, jsonToConvex, type JSONValue, type Value } from "convex/values";
import type { Document, ConvexTestInstance, SearchFilter, SearchIndexDeclaration } from "../convex-test-adapter.ts";
import { resolveSearchesWith } from "../convex-test-adapter.ts";

const MAX_QUERY_TERMS = 16;
const MAX_TERM_BYTES = 32;
const MAX_FILTER_CONDITIONS = 8;
/** Convex reads at most this many results of one search query. */
export const MAX_SEARCH_RESULTS = 1024;
const K1 = 1.2;
const B = 0.75;

/** The terms of `text`, in order, as Convex's `convex_en` analyzer makes them. */
export function tokenize(text: string): string[] {
  return text
    .split(/[^\p{L}\p{N}]+/u)
    .filter((term) => term !== "" && Buffer.byteLength(term) < MAX_TERM_BYTES)
    .map((term) => term.toLowerCase());
}

function fieldValue(document: Document, fieldPath: string): Value | undefined {
  let value: Value | undefined = document;
  for (const part of fieldPath.split(".")) {
    value = value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, Value>)[part] : undefined;
  }
  return value;
}

/** The same Convex value (equality filters compare values, not text). */
function sameValue(a: Value | undefined, b: Value | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return JSON.stringify(convexToJson(a)) === JSON.stringify(convexToJson(b));
}

/** A filter value as the query carries it: Convex JSON, with `{"$undefined": null}` for undefined. */
function fromQueryValue(value: unknown): Value | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "object" && value !== null && "$undefined" in value) return undefined;
  return jsonToConvex(value as JSONValue);
}

function indexName(table: string, name: string): string {
  return `${table}.${name}`;
}

/** Checks the query against its index as Convex does; returns the search text and the equality filters. */
function compile(
  table: string,
  name: string,
  index: SearchIndexDeclaration | undefined,
  filters: SearchFilter[],
): { text: string; equalities: { fieldPath: string; value: Value | undefined }[] } {
  if (index === undefined) throw new Error(`Index ${indexName(table, name)} not found.`);
  let text: string | null = null;
  const equalities: { fieldPath: string; value: Value | undefined }[] = [];
  for (const filter of filters) {
    if (filter.type === "Search") {
      if (filter.fieldPath !== index.searchField) {
        throw new Error(
          `Search query against ${indexName(table, name)} contains a search filter against "${filter.fieldPath}", which doesn't match the indexed \`searchField\` "${index.searchField}".`,
        );
      }
      if (text !== null) {
        throw new Error(
          `Search query against ${indexName(table, name)} contains multiple search filters against "${filter.fieldPath}". Only one is allowed.`,
        );
      }
      text = filter.value;
    } else {
      if (!index.filterFields.includes(filter.fieldPath)) {
        throw new Error(
          `Search query against ${indexName(table, name)} contains an equality filter on "${filter.fieldPath}" but that field isn't indexed for filtering in \`filterFields\`.`,
        );
      }
      equalities.push({ fieldPath: filter.fieldPath, value: fromQueryValue(filter.value) });
    }
  }
  if (text === null) {
    throw new Error(
      `Search query against ${indexName(table, name)} does not contain any search filters. You must include a search filter like \`q.search("${index.searchField}", searchText)\`.`,
    );
  }
  if (equalities.length > MAX_FILTER_CONDITIONS) {
    throw new Error(
      `Search query against ${indexName(table, name)} has too many filter conditions. Max: ${MAX_FILTER_CONDITIONS} Actual: ${equalities.length}`,
    );
  }
  return { text, equalities };
}

/** The documents of a search query, best first. `documents` is the whole table as the transaction sees it. */
export function search(request: {
  table: string;
  indexName: string;
  index: SearchIndexDeclaration | undefined;
  filters: SearchFilter[];
  documents: Document[];
}): Document[] {
  const { text, equalities } = compile(request.table, request.indexName, request.index, request.filters);
  const queryTerms = tokenize(text).slice(0, MAX_QUERY_TERMS);
  if (queryTerms.length === 0) return [];
  const searchField = request.index!.searchField;
  // Term counts of every document with text in the search field: the corpus BM25 weighs terms against.
  const corpus = request.documents.flatMap((document) => {
    const value = fieldValue(document, searchField);
    if (typeof value !== "string") return [];
    const counts = new Map<string, number>();
    const terms = tokenize(value);
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    return [{ document, counts, length: terms.length }];
  });
  if (corpus.length === 0) return [];
  const averageLength = corpus.reduce((sum, entry) => sum + entry.length, 0) / corpus.length || 1;
  const documentFrequency = new Map<string, number>();
  for (const { counts } of corpus) for (const term of counts.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const lastTerm = queryTerms.at(-1)!;
  // The index terms each query term stands for: itself, and for the last one every term it begins.
  const matched = queryTerms.map((queryTerm, position) =>
    position === queryTerms.length - 1
      ? [...documentFrequency.keys()].filter((term) => term.startsWith(lastTerm))
      : documentFrequency.has(queryTerm)
        ? [queryTerm]
        : [],
  );
  const weight = (term: string, count: number, length: number) => {
    const frequency = documentFrequency.get(term)!;
    const idf = Math.log(1 + (corpus.length - frequency + 0.5) / (frequency + 0.5));
    return (idf * count * (K1 + 1)) / (count + K1 * (1 - B + (B * length) / averageLength));
  };
  const scored: { document: Document; score: number }[] = [];
  for (const { document, counts, length } of corpus) {
    if (!equalities.every(({ fieldPath, value }) => sameValue(fieldValue(document, fieldPath), value))) continue;
    let score = 0;
    let found = false;
    for (const terms of matched) {
      for (const term of terms) {
        const count = counts.get(term);
        if (count === undefined) continue;
        found = true;
        score += weight(term, count, length);
      }
    }
    if (found) scored.push({ document, score });
  }
  scored.sort((a, b) => b.score - a.score || b.document._creationTime - a.document._creationTime);
  return scored.slice(0, MAX_SEARCH_RESULTS).map(({ document }) => document);
}

/** Part of each instance's setup: text search queries are answered as above. */
export function installTextSearch(instance: ConvexTestInstance): void {
  resolveSearchesWith(instance, search);
}
