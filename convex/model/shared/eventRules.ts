/**
 * Progress and status rules for an event. Pure, shared with the UI.
 */

export type EventStatus = "Não Iniciado" | "Em Progresso" | "Concluído";

export type Funding = { raisedCents: number; goalCents: number; goalPercentage: number };

/** Whole percent of the goal raised, rounded down (so 99.9% never shows as 100%). May exceed 100. */
export function percentRaised({ raisedCents, goalCents }: Funding): number {
  return Math.floor((raisedCents * 100) / goalCents);
}

/** The progress bar's value: the percent raised, capped at 100. */
export function progressValue(funding: Funding): number {
  return Math.min(100, percentRaised(funding));
}

/**
 * The percent as people read it ("37%"). Anything raised below 1% reads "< 1%" rather than
 * "0%", so a real support never looks like nothing happened.
 */
export function percentLabel({ raisedCents, percent }: { raisedCents: number; percent: number }): string {
  return raisedCents > 0 && percent < 1 ? "< 1%" : `${percent}%`;
}

/** True once raised reaches the goal ("META ATINGIDA"). */
export function goalReached({ raisedCents, goalCents }: Funding): boolean {
  return raisedCents >= goalCents;
}

/** Concluded when raised reaches the goal or the goal percentage (exact integer arithmetic). */
export function isConcluded(funding: Funding): boolean {
  const { raisedCents, goalCents, goalPercentage } = funding;
  return goalReached(funding) || raisedCents * 100 >= goalCents * goalPercentage;
}

export function statusOf(funding: Funding): EventStatus {
  if (funding.raisedCents <= 0) return "Não Iniciado";
  return isConcluded(funding) ? "Concluído" : "Em Progresso";
}
