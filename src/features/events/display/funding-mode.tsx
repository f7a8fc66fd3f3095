import { FUNDING_MODE_LABELS, FUNDING_MODE_SENTENCES, type FundingMode } from "@convex/model/shared/fundingMode";

/** The event page's sentence saying what happens to the money at the date (`Modalidade`). */
export function FundingModeNote({ mode }: { mode: FundingMode }) {
  return <p className={`note note--funding note--${mode}`}>{FUNDING_MODE_SENTENCES[mode]}</p>;
}

/** A card's chip for a `Flexível` event (all-or-nothing, the default, shows none); its title is the page's sentence. */
export function FundingModeChip({ mode }: { mode: FundingMode }) {
  if (mode !== "flexible") return null;
  return (
    <span className="chip chip--flexible" title={FUNDING_MODE_SENTENCES.flexible}>
      {FUNDING_MODE_LABELS.flexible}
    </span>
  );
}
