/**
 * The first `Intl` formatter a page builds loads the browser's locale data: ~15 ms for numbers
 * and ~10 ms more for dates on this machine, four times that on a mid-range phone. Built where
 * they are used (convex/model/shared/money.ts, src/lib/dates.ts), that cost lands inside the
 * long task that evaluates a screen's code. Built here, each in a task of its own while the page
 * waits for that code and its data, it blocks nothing; the formatters built later are cheap.
 */
export function warmIntlSoon(): void {
  setTimeout(() => new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(0));
  setTimeout(() => new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "short" }).format(0));
}
