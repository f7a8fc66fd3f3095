/**
 * Folds text for searching: lower case and without accents, so "musica" finds "Música".
 */
export function foldText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLocaleLowerCase("pt-BR");
}

/** Length of the n-grams that index event names for substring search. */
export const GRAM_LENGTH = 3;

/** The distinct 3-character pieces of already folded text ("show" → "sho", "how"). */
export function gramsOf(folded: string): string[] {
  const grams = new Set<string>();
  for (let i = 0; i + GRAM_LENGTH <= folded.length; i++) {
    grams.add(folded.slice(i, i + GRAM_LENGTH));
  }
  return [...grams];
}
