/**
 * A stand-in for `convex/react` in component tests: queries, paginated queries and mutations
 * answer from what each test sets for a function (`setQuery(api.events.get, …)`). Answers are
 * typed by the function's real return type, so a fixture cannot drift from what the server sends.
 * Setting a query again is a live update: components using it re-render, as the real client does.
 * Use: vi.mock("convex/react", async () => (await import("../../test/convex-fake")).convexReactFake);
 */
import type { PaginatedQueryItem, PaginatedQueryReference, UsePaginatedQueryReturnType } from "convex/react";
import { getFunctionName, type FunctionArgs, type FunctionReference, type FunctionReturnType } from "convex/server";
import { useSyncExternalStore } from "react";
import type { Id, TableNames } from "@convex/_generated/dataModel";
import { vi, type Mock } from "vitest";

type QueryAnswer = unknown | ((args: Record<string, unknown>) => unknown);
type Paginated = { results: unknown[]; status: string; loadMore: Mock; isLoading: boolean };

const queries = new Map<string, QueryAnswer>();
/** Who hears when a query's answer changes: useQuery's re-render. */
const queryListeners = new Set<() => void>();
let queryVersion = 0;
const paginated = new Map<string, Paginated>();
const mutations = new Map<string, Mock>();
let auth = { isLoading: false, isAuthenticated: false };
const CONNECTED = { isWebSocketConnected: true, hasEverConnected: true, connectionCount: 1, connectionRetries: 0 };
let connection = { ...CONNECTED };
const connectionListeners = new Set<() => void>();

export const queryCalls: { name: string; args: unknown }[] = [];
export const paginatedCalls: { name: string; args: unknown; options: unknown }[] = [];

type Query = FunctionReference<"query">;
/** Mutations, and actions, which `useAction` answers from the same fakes. */
type Mutation = FunctionReference<"mutation"> | FunctionReference<"action">;
/** A query's answer: its real return type, or undefined for "still loading". */
type Answer<Q extends Query> = FunctionReturnType<Q> | undefined;

/** Sets what `useQuery(query)` returns: a value (undefined = loading) or a function of its args. */
export function setQuery<Q extends Query>(query: Q, answer: Answer<Q> | ((args: FunctionArgs<Q>) => Answer<Q>)) {
  queries.set(getFunctionName(query), answer);
  queryVersion += 1;
  queryListeners.forEach((listener) => listener());
}

function onQueryChange(listener: () => void): () => void {
  queryListeners.add(listener);
  return () => queryListeners.delete(listener);
}

/** Sets a paginated query's results; returns its `loadMore` mock. */
export function setPaginated<Q extends PaginatedQueryReference>(
  query: Q,
  results: PaginatedQueryItem<Q>[],
  status: UsePaginatedQueryReturnType<Q>["status"] = "Exhausted",
): Mock {
  const loadMore = vi.fn();
  paginated.set(getFunctionName(query), { results, status, loadMore, isLoading: status.startsWith("Loading") });
  return loadMore;
}

/** Sets a mutation's (or an action's) implementation; returns the mock to inspect calls. */
export function setMutation<M extends Mutation>(
  mutation: M,
  impl: (args: FunctionArgs<M>) => FunctionReturnType<M> | Promise<FunctionReturnType<M>>,
): Mock {
  const mock = vi.fn(async (args: FunctionArgs<M>) => impl(args));
  mutations.set(getFunctionName(mutation), mock);
  return mock;
}

/** A document id for a fixture: on the wire an id is a string; naming its table types it. */
export function fakeId<T extends TableNames>(_table: T, id: string): Id<T> {
  return id as Id<T>;
}

export function setAuth(next: { isLoading?: boolean; isAuthenticated: boolean }) {
  auth = { isLoading: next.isLoading ?? false, isAuthenticated: next.isAuthenticated };
}

/** Sets what `useConvexConnectionState()` returns (default: connected) and re-renders its users. */
export function setConnection(next: Partial<typeof CONNECTED>) {
  connection = { ...connection, ...next };
  connectionListeners.forEach((listener) => listener());
}

export function resetConvexFake() {
  connection = { ...CONNECTED };
  queries.clear();
  queryListeners.clear();
  paginated.clear();
  mutations.clear();
  queryCalls.length = 0;
  paginatedCalls.length = 0;
  auth = { isLoading: false, isAuthenticated: false };
}

const nameOf = (ref: unknown) => getFunctionName(ref as FunctionReference<"query">);

function answerOf(ref: unknown, args: Record<string, unknown>): unknown {
  const answer = queries.get(nameOf(ref));
  return typeof answer === "function" ? (answer as (a: Record<string, unknown>) => unknown)(args) : answer;
}

export const convexReactFake = {
  useQuery(ref: unknown, args: Record<string, unknown> | "skip" = {}) {
    useSyncExternalStore(onQueryChange, () => queryVersion);
    if (args === "skip") return undefined;
    queryCalls.push({ name: nameOf(ref), args });
    return answerOf(ref, args);
  },
  usePaginatedQuery(ref: unknown, args: Record<string, unknown> | "skip", options: unknown) {
    const name = nameOf(ref);
    paginatedCalls.push({ name, args, options });
    return paginated.get(name) ?? { results: [], status: "LoadingFirstPage", loadMore: vi.fn(), isLoading: true };
  },
  /** The mutation's fake; `withOptimisticUpdate` gives it back as it is (there is no local store here). */
  useMutation(ref: unknown) {
    const name = nameOf(ref);
    const call = (args: Record<string, unknown>) => {
      const mock = mutations.get(name);
      if (!mock) throw new Error(`No fake for mutation ${name}`);
      return mock(args);
    };
    return Object.assign(call, { withOptimisticUpdate: () => call });
  },
  /** Actions answer from the same fakes as mutations (setMutation). */
  useAction(ref: unknown) {
    return convexReactFake.useMutation(ref);
  },
  useConvexAuth() {
    return auth;
  },
  /** The client, for code that calls it directly (`convex.query`): answers from what the test set. */
  useConvex() {
    return { query: async (ref: unknown, args: Record<string, unknown> = {}) => answerOf(ref, args) };
  },
  useConvexConnectionState() {
    return useSyncExternalStore(
      (listener) => {
        connectionListeners.add(listener);
        return () => connectionListeners.delete(listener);
      },
      () => connection,
    );
  },
};
