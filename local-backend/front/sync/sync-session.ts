/**
 * One WebSocket client's sync session: its query set, its identity and the state version the
 * client holds. Every change reaches the client as a Transition from the version it has to
 * the next one, carrying only the queries whose result changed.
 *
 * Messages that change the session (query set, identity, re-runs after commits) are handled
 * strictly in arrival order on one queue, so a Mutation sent after an Authenticate runs as the
 * new user. Mutations and actions themselves run off the queue, so a slow action never holds
 * back query updates.
 */
import { convexToJson, type Value } from "convex/values";
import type { Identity, TokenVerifier } from "../../functions/auth-keys.ts";
import { actingIdentity, type AdminKeyCheck } from "../cli/admin-auth.ts";
import type { Access, FunctionRunner } from "../../functions/function-runner.ts";
import { FunctionError } from "../../functions/function-error.ts";
import {
  encodeTs,
  encodeVersion,
  functionArgs,
  parseClientMessage,
  ProtocolError,
  type ClientMessage,
  type QueryModification,
  type StateVersion,
} from "./protocol.ts";
import type { ReadSet } from "../../database/read-set.ts";
import type { SubscriptionIndex } from "./subscription-index.ts";

type QueryRun = { modification: QueryModification; pageEnd: string | undefined; lastRun: Subscription["lastRun"] };

type Subscription = {
  udfPath: string;
  /** "" the app's; another component's only for the admin. */
  componentPath: string;
  args: Record<string, Value>;
  lastResult: string | null;
  /** For a page of a paginated query: the end its first run found, where every re-run ends. */
  pageEnd?: string;
  /** The last successful run: at which commit, what it read, with which code. */
  lastRun?: { commit: number; reads: ReadSet; codeGeneration: number };
};

function isRecord(value: Value | undefined): value is Record<string, Value> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof ArrayBuffer);
}

/**
 * Convex pins the end of each page of a subscribed paginated query once it has run (its query
 * journal), so documents added later make that page grow instead of pushing others onto the
 * next page, where they would be lost (the next page keeps its start). This is the end to pin
 * for a page asked without an end: the continueCursor of a result that is not the last page.
 * Cursors stay opaque, so functions that wrap them work too.
 */
function pageEndToPin(args: Record<string, Value>, value: Value): string | undefined {
  const options = args.paginationOpts;
  if (!isRecord(options) || (options.endCursor !== undefined && options.endCursor !== null)) return undefined;
  if (!isRecord(value) || value.isDone !== false || typeof value.continueCursor !== "string") return undefined;
  return value.continueCursor;
}

export type SessionDeps = {
  engine: FunctionRunner;
  verifyToken: TokenVerifier;
  /** Sends one server message (already in wire form). */
  send: (message: Record<string, unknown>) => void;
  /** Ends the connection because of `error`; the session does nothing after this. */
  fail: (error: Error) => void;
  /** Resolves when commit `commit` (default: every commit so far) is durable; rejects when it was rolled back. */
  persisted: (commit?: number) => Promise<void>;
  /** Resolves when commit `commit` is on disk or rolled back (what a Transition may then carry). */
  saved: (commit: number) => Promise<void>;
  /** Whether a key is the admin key (Authenticate with tokenType "Admin"). */
  adminKey: AdminKeyCheck;
  /** Runs a `_system/*` query for the admin. */
  systemQuery: (udfPath: string, args: Record<string, Value>, componentPath: string) => Promise<Value>;
  /** Every session's subscriptions by what they read: a commit wakes only the sessions it may change. */
  subscriptions: SubscriptionIndex<SyncSession>;
};

export class SyncSession {
  private version: StateVersion = { querySet: 0, identity: 0, ts: 0n };
  private readonly queries = new Map<number, Subscription>();
  private identity: Identity | null = null;
  /** Authenticated with the admin key: internal, component and `_system/*` functions too. */
  private admin = false;
  /** The client's session id (from Connect): with a request id it names a mutation across reconnects. */
  private sessionId: string | null = null;
  /** Fires when the token behind `identity` expires. */
  private expiryTimer: NodeJS.Timeout | undefined;
  private queue: Promise<void> = Promise.resolve();
  private refreshQueued = false;
  /** Timestamp of the newest successful mutation answered; a Transition must reach it. */
  private unconfirmedTs = 0n;
  /**
   * A mutation was answered and no Transition reaching its timestamp has been sent since. The
   * client finishes a mutation only on such a Transition arriving after the response, and the
   * response waits for the disk, so the commit's own Transition may already have gone out.
   */
  private confirmPending = false;
  /** Mutations of this session not answered yet (see requestRefresh). */
  private mutationsRunning = 0;
  /**
   * The session's last mutation: the next one starts once it is answered. Convex's sync worker
   * runs one mutation of a WebSocket at a time, in the order sent (actions side by side).
   */
  private lastMutation: Promise<unknown> = Promise.resolve();
  private ended = false;

  constructor(private readonly deps: SessionDeps) {}

  /** Handles one text frame from the client. */
  receive(text: string): void {
    if (this.ended) return;
    let message: ClientMessage;
    try {
      message = parseClientMessage(text);
    } catch (error) {
      this.end(error as Error);
      return;
    }
    switch (message.type) {
      case "Connect":
        this.sessionId = message.sessionId;
        return;
      case "Event":
        return;
      case "ModifyQuerySet":
        return this.enqueue(() => this.modifyQuerySet(message));
      case "Authenticate":
        return this.enqueue(() => this.authenticate(message));
      case "Mutation":
      case "Action":
        // Captures the identity as of this point in the message order.
        return this.enqueue(async () => void this.runRequest(message, this.identity, this.access(message.componentPath)));
    }
  }

  /**
   * Re-runs the subscribed queries after a commit; requests made meanwhile are coalesced. A
   * session none of whose queries the commit touched, with no mutation of its own under way or
   * owing its confirmation, is left alone: with 500 event pages open, a support wakes one
   * session, not 500. (A session with mutations under way queues its refresh at once, so the
   * Transition confirming them takes its turn among the commits of a burst instead of after it.)
   */
  requestRefresh(): void {
    if (this.refreshQueued || this.ended) return;
    const quiet = !this.confirmPending && this.mutationsRunning === 0;
    if (quiet && [...this.queries.values()].every((subscription) => this.isUnchanged(subscription))) return;
    this.refreshQueued = true;
    this.enqueue(async () => {
      this.refreshQueued = false;
      await this.sync({}, []);
    });
  }

  /** Stops all work for a connection that is gone. */
  close(): void {
    this.ended = true;
    clearTimeout(this.expiryTimer);
    this.deps.subscriptions.deleteOwner(this);
  }

  private end(error: Error): void {
    if (this.ended) return;
    this.close();
    this.deps.fail(error);
  }

  private enqueue(task: () => Promise<void>): void {
    this.queue = this.queue.then(async () => {
      if (this.ended) return;
      try {
        await task();
      } catch (error) {
        this.end(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  private async modifyQuerySet(message: Extract<ClientMessage, { type: "ModifyQuerySet" }>): Promise<void> {
    if (message.baseVersion !== this.version.querySet || message.newVersion <= message.baseVersion) {
      throw new ProtocolError(
        `ModifyQuerySet from version ${message.baseVersion} to ${message.newVersion}, but the query set is at version ${this.version.querySet}`,
      );
    }
    const removed: QueryModification[] = [];
    for (const modification of message.modifications) {
      if (modification.type === "Add") {
        if (this.queries.has(modification.queryId)) {
          throw new ProtocolError(`ModifyQuerySet: query ${modification.queryId} is already subscribed`);
        }
        let args: Record<string, Value>;
        try {
          args = functionArgs(modification.args);
        } catch {
          throw new ProtocolError(`ModifyQuerySet: the arguments of query ${modification.queryId} are not an object`);
        }
        const subscription: Subscription = {
          udfPath: modification.udfPath,
          componentPath: modification.componentPath ?? "",
          args,
          lastResult: null,
        };
        this.queries.set(modification.queryId, subscription);
        // Found by every commit until its first run says what it reads.
        this.deps.subscriptions.set(subscription, this, null);
      } else {
        const subscription = this.queries.get(modification.queryId);
        if (subscription === undefined) continue;
        this.queries.delete(modification.queryId);
        this.deps.subscriptions.delete(subscription);
        removed.push({ type: "QueryRemoved", queryId: modification.queryId });
      }
    }
    await this.sync({ querySet: message.newVersion }, removed);
  }

  private async authenticate(message: Extract<ClientMessage, { type: "Authenticate" }>): Promise<void> {
    if (message.baseVersion !== this.version.identity) {
      throw new ProtocolError(
        `Authenticate from identity version ${message.baseVersion}, but the session is at version ${this.version.identity}`,
      );
    }
    clearTimeout(this.expiryTimer);
    this.admin = false;
    if (message.tokenType === "None") {
      this.identity = null;
    } else if (message.tokenType === "Admin") {
      if (!this.deps.adminKey(message.value)) {
        this.identity = null;
        this.rejectToken(message.baseVersion, "The provided admin key was invalid for this instance", true);
        return;
      }
      this.admin = true;
      try {
        this.identity = message.impersonating === undefined ? null : actingIdentity(message.impersonating);
      } catch (error) {
        this.admin = false;
        this.rejectToken(message.baseVersion, (error as Error).message, true);
        return;
      }
    } else {
      try {
        const { identity, expiresAt } = await this.deps.verifyToken(message.value);
        this.identity = identity;
        if (expiresAt !== null) this.expireIdentityAt(expiresAt);
      } catch (error) {
        this.rejectToken(message.baseVersion, `Could not verify the token: ${(error as Error).message}`, true);
        return;
      }
    }
    // Every result may differ for another user.
    for (const subscription of this.queries.values()) subscription.lastRun = undefined;
    await this.sync({ identity: message.baseVersion + 1 }, []);
  }

  /**
   * A token that expires mid-session stops counting, as on Convex: the client hears an
   * AuthError and fetches a fresh token (Convex Auth refreshes before expiry, so this only
   * happens after a long sleep or with a client that cannot refresh).
   */
  private expireIdentityAt(expiresAt: number): void {
    // setTimeout cannot wait longer than ~24.8 days; tokens live far shorter.
    const delay = Math.min(Math.max(0, expiresAt - Date.now()), 2 ** 31 - 1);
    this.expiryTimer = setTimeout(() => {
      this.enqueue(async () => {
        this.identity = null;
        this.rejectToken(this.version.identity, "Token expired", false);
      });
    }, delay);
  }

  /** The client then drops its token and falls back to signed out (or fetches a new one). */
  private rejectToken(baseVersion: number, error: string, authUpdateAttempted: boolean): void {
    this.deps.send({ type: "AuthError", error, baseVersion, authUpdateAttempted });
  }

  /**
   * Brings the client to the current state: runs every subscribed query against the latest
   * commit and sends a Transition when a result changed, the query set or identity moved,
   * or a mutation the client was told about is not yet covered by a Transition.
   */
  private async sync(next: { querySet?: number; identity?: number }, removed: QueryModification[]): Promise<void> {
    // Every result of one Transition comes from one commit, labelled with that commit's time.
    const { engine } = this.deps;
    let readAt = engine.database.commitCount;
    const { value: results, ts: commitTs } = await engine.readAtOneCommit(async () => {
      readAt = engine.database.commitCount;
      const runs: [Subscription, QueryRun][] = [];
      for (const [queryId, subscription] of this.queries) {
        if (this.isUnchanged(subscription)) continue;
        runs.push([subscription, await this.runQuery(queryId, subscription)]);
      }
      return runs;
    }, this.deps.saved);
    const ts = commitTs > this.version.ts ? commitTs : this.version.ts;
    const modifications = [...removed];
    for (const [subscription, { modification, pageEnd, lastRun }] of results) {
      subscription.pageEnd ??= pageEnd;
      subscription.lastRun = lastRun;
      if (!this.ended && this.queries.get(modification.queryId) === subscription)
        this.deps.subscriptions.set(subscription, this, lastRun?.reads ?? null);
      const result = JSON.stringify({ ...modification, queryId: undefined });
      if (result !== subscription.lastResult) {
        subscription.lastResult = result;
        modifications.push(modification);
      }
    }
    if (this.ended) return;
    // A commit between the read and the indexing above was matched against the old read sets:
    // the write log decides whether it changed one of the new ones.
    if (results.length > 0 && engine.database.commitCount !== readAt) this.requestRefresh();
    const endVersion: StateVersion = {
      querySet: next.querySet ?? this.version.querySet,
      identity: next.identity ?? this.version.identity,
      ts,
    };
    const versionMoved = endVersion.querySet !== this.version.querySet || endVersion.identity !== this.version.identity;
    const confirmsMutation = ts >= this.unconfirmedTs;
    if (modifications.length === 0 && !versionMoved && !(this.confirmPending && confirmsMutation)) return;
    // May go from a version to the same one: the client accepts that, and it confirms a mutation.
    this.deps.send({
      type: "Transition",
      startVersion: encodeVersion(this.version),
      endVersion: encodeVersion(endVersion),
      modifications,
    });
    this.version = endVersion;
    if (confirmsMutation) this.confirmPending = false;
    this.updateBusy();
  }

  /**
   * No commit since its last run wrote something it read, and the code is the same: same
   * result. The result then holds at the latest commit too, so the next check starts there
   * and looks only at newer commits (a session watching quietly costs the same on every commit).
   */
  private isUnchanged(subscription: Subscription): boolean {
    const { engine } = this.deps;
    const last = subscription.lastRun;
    if (last === undefined || last.codeGeneration !== engine.codeGeneration || engine.database.wroteSince(last.commit, last.reads))
      return false;
    last.commit = engine.database.commitCount;
    return true;
  }

  /** One query's result, the end to pin for a page that had none (see pageEndToPin), and what it read. */
  private async runQuery(queryId: number, subscription: Subscription): Promise<QueryRun> {
    const { udfPath, componentPath, args, pageEnd } = subscription;
    const pinned = pageEnd === undefined ? args : { ...args, paginationOpts: { ...(args.paginationOpts as object), endCursor: pageEnd } };
    try {
      const codeGeneration = this.deps.engine.codeGeneration;
      if (udfPath.startsWith("_system/")) {
        if (!this.admin) throw new FunctionError(`Could not find public function for '${udfPath}'.`, undefined);
        // Read from the backend's own state; run again after every commit.
        const value = await this.deps.systemQuery(udfPath, args, componentPath);
        return {
          modification: { type: "QueryUpdated", queryId, value: convexToJson(value), logLines: [], journal: null },
          pageEnd: undefined,
          lastRun: undefined,
        };
      }
      const access = this.access(componentPath);
      const { value, logLines, commit, reads } = await this.deps.engine.cachedQuery(udfPath, pinned, this.identity, access);
      return {
        modification: { type: "QueryUpdated", queryId, value: convexToJson(value), logLines, journal: null },
        pageEnd: pageEndToPin(args, value),
        lastRun: commit === undefined || reads === undefined ? undefined : { commit, reads, codeGeneration },
      };
    } catch (error) {
      if (!(error instanceof FunctionError)) throw error;
      const failed: QueryModification = {
        type: "QueryFailed",
        queryId,
        errorMessage: error.message,
        ...(error.errorData === undefined ? {} : { errorData: error.errorData }),
        logLines: error.logLines,
        journal: null,
      };
      // A failed run is tried again after every commit.
      return { modification: failed, pageEnd: undefined, lastRun: undefined };
    }
  }

  private async runRequest(
    message: Extract<ClientMessage, { type: "Mutation" | "Action" }>,
    identity: Identity | null,
    access: Access,
  ): Promise<void> {
    const responseType = message.type === "Mutation" ? "MutationResponse" : "ActionResponse";
    try {
      const args = functionArgs(message.args);
      if (message.type === "Action") {
        const { value, logLines, commit } = await this.deps.engine.call("action", message.udfPath, args, identity, null, access);
        // Answered once what its mutations committed is saved; if that failed, the action fails.
        if (commit !== undefined) await this.deps.persisted(commit);
        this.respond({ type: responseType, requestId: message.requestId, success: true, result: convexToJson(value), logLines });
        return;
      }
      const requestKey = this.sessionId === null ? null : `${this.sessionId}|${message.requestId}`;
      this.mutationsRunning += 1;
      this.updateBusy();
      const mutate = () =>
        this.deps.engine.mutate(message.udfPath, args, identity, requestKey, (commit) => this.deps.persisted(commit), access);
      const running = this.lastMutation.then(mutate, mutate);
      this.lastMutation = running.catch(() => {});
      const { value, ts, logLines } = await running.finally(() => {
        this.mutationsRunning -= 1;
        this.updateBusy();
      });
      const result = convexToJson(value);
      this.respond({ type: responseType, requestId: message.requestId, success: true, result, ts: encodeTs(ts), logLines });
      if (ts > this.unconfirmedTs) this.unconfirmedTs = ts;
      this.confirmPending = true;
      this.updateBusy();
      this.requestRefresh();
    } catch (error) {
      if (!(error instanceof FunctionError)) {
        this.end(error as Error);
        return;
      }
      this.respond({
        type: responseType,
        requestId: message.requestId,
        success: false,
        result: error.message,
        ...(error.errorData === undefined ? {} : { errorData: error.errorData }),
        logLines: error.logLines,
      });
    }
  }

  /** A session with mutations under way or owing a confirmation hears of every commit (see requestRefresh). */
  private updateBusy(): void {
    if (!this.ended) this.deps.subscriptions.setBusy(this, this.confirmPending || this.mutationsRunning > 0);
  }

  /** What this session may call: a component's functions only as the admin. */
  private access(componentPath: string | undefined): Access {
    return { admin: this.admin, componentPath: this.admin ? (componentPath ?? "") : "" };
  }

  private respond(message: Record<string, unknown>): void {
    if (!this.ended) this.deps.send(message);
  }
}
