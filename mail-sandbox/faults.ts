/**
 * Failing on demand, for the tests of exactly-once delivery: what the next requests to
 * `POST /emails` meet. `status`: that HTTP status and nothing stored (a 5xx, a 429 with
 * Retry-After); `drop`: the e-mail is stored and the connection closed before the answer (an
 * answer lost on the way back); `timeout`: the e-mail is stored and the answer held past the
 * client's patience. `chaos` gives each request that probability of one of them, at random.
 */
export type Fault = { kind: "status"; status: number } | { kind: "drop" } | { kind: "timeout" };

export class Faults {
  readonly queue: Fault[] = [];
  chaos = 0;

  /** Reads `status=503&times=2`, `drop=1`, `timeout=1`, `chaos=0.3`, `clear=1` (POST /sandbox/faults). */
  apply(query: URLSearchParams): void {
    if (query.has("clear")) {
      this.queue.length = 0;
      this.chaos = 0;
    }
    const times = Math.min(Number(query.get("times") ?? "1") || 1, 10_000);
    const status = Number(query.get("status"));
    if (status >= 400 && status <= 599) for (let i = 0; i < times; i++) this.queue.push({ kind: "status", status });
    for (let i = 0; i < Math.min(Number(query.get("drop") ?? 0), 10_000); i++) this.queue.push({ kind: "drop" });
    for (let i = 0; i < Math.min(Number(query.get("timeout") ?? 0), 10_000); i++) this.queue.push({ kind: "timeout" });
    const chaos = Number(query.get("chaos"));
    if (query.has("chaos") && chaos >= 0 && chaos <= 1) this.chaos = chaos;
  }

  /** The fault the next sending request meets, if any. */
  take(random: () => number = Math.random): Fault | null {
    const queued = this.queue.shift();
    if (queued !== undefined) return queued;
    if (this.chaos === 0 || random() >= this.chaos) return null;
    const all: Fault[] = [
      { kind: "status", status: 500 },
      { kind: "status", status: 503 },
      { kind: "status", status: 429 },
      { kind: "drop" },
      { kind: "timeout" },
    ];
    return all[Math.floor(random() * all.length)]!;
  }
}
