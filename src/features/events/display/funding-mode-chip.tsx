/**
 * A card's chip for a `Flexível` event (all-or-nothing, the default, shows none). The label is
 * written here rather than imported from shared/fundingMode.ts: that module's sentences would
 * land in the home page's first load, which has no room for them.
 */
export function FundingModeChip({ mode }: { mode: "allOrNothing" | "flexible" }) {
  return mode === "flexible" ? <span className="chip chip--flexible">Flexível</span> : null;
}
