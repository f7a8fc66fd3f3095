import { percentLabel } from "@convex/model/shared/eventRules";
import { formatBRL } from "@convex/model/shared/money";
import "./components.css";

type ProgressBarProps = {
  raisedCents: number;
  goalCents: number;
  /** Whole percent raised; may exceed 100 (the text says so, the bar stops at 100). */
  percent: number;
  /** The bar's fill, already capped at 100. */
  progress: number;
  label?: string;
  size?: "small" | "large";
};

// Wide enough to see on the small bar, so a support below 1% never leaves it empty.
const SLIVER = "8px";

/** The funding bar: role=progressbar, spoken as "R$ 30,00 de R$ 100,00 (30%)". */
export function ProgressBar({
  raisedCents,
  goalCents,
  percent,
  progress,
  label = "Progresso da arrecadação",
  size = "small",
}: ProgressBarProps) {
  const value = Math.max(0, Math.min(100, progress));
  const complete = value >= 100;
  return (
    <div
      className={`progress progress--${size}${complete ? " progress--complete" : ""}`}
      role="progressbar"
      aria-label={label}
      // The percent people read ("120% da meta"), not the capped fill: the bar is full past 100.
      aria-valuemin={0}
      aria-valuemax={Math.max(100, percent)}
      aria-valuenow={Math.max(0, percent)}
      aria-valuetext={`${formatBRL(raisedCents)} de ${formatBRL(goalCents)} (${percentLabel({ raisedCents, percent })})`}
    >
      <div className="progress__fill" style={{ width: `${value}%`, minWidth: raisedCents > 0 ? SLIVER : undefined }} />
    </div>
  );
}
