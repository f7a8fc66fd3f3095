import { percentLabel } from "@convex/model/shared/eventRules";
import { formatBRL } from "@convex/model/shared/money";
import type { EventSummary } from "../lib/api-types";
import { ProgressBar } from "./progress-bar";
import "./components.css";

type FundingProgressProps = {
  funding: Pick<EventSummary, "raisedCents" | "goalCents" | "percent" | "progress">;
  size?: "small" | "large";
  /** An id for the "R$ X de R$ Y" text, for a link that is described by it. */
  amountsId?: string;
};

/** How far an event's funding is: the bar, "R$ 30,00 de R$ 100,00" and "30% da meta" (from the server's figures). */
export function FundingProgress({ funding, size = "small", amountsId }: FundingProgressProps) {
  return (
    <div className="funding">
      <ProgressBar
        raisedCents={funding.raisedCents}
        goalCents={funding.goalCents}
        percent={funding.percent}
        progress={funding.progress}
        size={size}
      />
      <p className="funding__amounts">
        <span id={amountsId}>
          {formatBRL(funding.raisedCents)} de {formatBRL(funding.goalCents)}
        </span>
        <span className="funding__percent">{percentLabel(funding)} da meta</span>
      </p>
    </div>
  );
}
