/**
 * Convex's runtime rules for queries and mutations, as globals a call sees: `Date` frozen at
 * the call's start (`Date.now()`, `new Date()`; module-level code sees the time its code was
 * loaded), and `Math.random()` drawn from a generator seeded for that call. Convex makes
 * queries and mutations deterministic this way, so a query re-run on the same data gives the
 * same answer and a mutation retried after a conflict behaves as before.
 */

/** `Date` with the clock stopped at `now` (ms): dates built from a value are left alone. */
export function frozenDate(RealDate: DateConstructor, now: number): DateConstructor {
  return new Proxy(RealDate, {
    construct: (target, args: unknown[], newTarget: () => unknown) =>
      Reflect.construct(target, args.length === 0 ? [now] : args, newTarget) as object,
    // `Date()` called as a function gives the current time as text.
    apply: () => new RealDate(now).toString(),
    get: (target, property, receiver) => (property === "now" ? () => now : Reflect.get(target, property, receiver)),
  });
}

/** sfc32: four 32-bit words of state, a period of about 2^128; plenty for `Math.random`. */
function sfc32(seed: readonly number[]): () => number {
  let [a = 0, b = 0, c = 0, d = 0] = seed;
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // The first outputs of a weak seed are poorly mixed.
  for (let i = 0; i < 12; i++) next();
  return next;
}

/** `Math` whose `random()` follows `seed` (four 32-bit numbers); everything else is Math's own. */
export function seededMath(RealMath: Math, seed: readonly number[]): Math {
  return Object.create(RealMath, { random: { value: sfc32(seed), writable: true, configurable: true } }) as Math;
}

/** A fresh seed for one call. */
export function newSeed(): number[] {
  return [...crypto.getRandomValues(new Uint32Array(4))];
}
