import { FUNDING_MODE_SENTENCES, type FundingMode } from "@convex/model/shared/fundingMode";

/** The event page's sentence saying what happens to the money at the date (`Modalidade`). */
export function FundingModeNote({ mode }: { mode: FundingMode }) {
  return <p className={`note note--funding note--${mode}`}>{FUNDING_MODE_SENTENCES[mode]}</p>;
}
