// No Convex imports here: the browser loads this file (the create and edit forms' UF select).

/** The 27 federative units of Brazil (26 states and the Distrito Federal), by their codes. */
export const UFS = [
  "AC",
  "AL",
  "AP",
  "AM",
  "BA",
  "CE",
  "DF",
  "ES",
  "GO",
  "MA",
  "MG",
  "MS",
  "MT",
  "PA",
  "PB",
  "PE",
  "PI",
  "PR",
  "RJ",
  "RN",
  "RO",
  "RR",
  "RS",
  "SC",
  "SE",
  "SP",
  "TO",
] as const;
export type Uf = (typeof UFS)[number];

/** The UF a form sent, in capitals ("sp" → "SP"), or null when it is not one of the 27. */
export function matchUf(raw: string): Uf | null {
  const wanted = raw.trim().toUpperCase();
  return UFS.find((uf) => uf === wanted) ?? null;
}
