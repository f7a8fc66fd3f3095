import type { Settlement } from "@convex/model/shared/lifecycle";

type SettlementChipProps = { settlement: Settlement | null; label: string | null };

/** How a settled event ended (`Repassado ao organizador`, …); nothing while it is open. */
export function SettlementChip({ settlement, label }: SettlementChipProps) {
  if (settlement === null || label === null) return null;
  return <span className={`chip chip--settled chip--${settlement}`}>{label}</span>;
}
