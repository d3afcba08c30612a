/**
 * The two sides and the armed forces that fight for them on the Central Front (seed 000: the NOBC
 * glossary's NATO and Warsaw Pact, and the nationalities of the Air War repair table). One list for
 * the rules, the data models, the schemas and the importer.
 */
import { labelOf, type PhraseArg } from "./resolution";
export type Side = "nato" | "wp";

/** Each nationality's side, in the order the sheets offer them. */
export const NATIONALITY_SIDES = {
  us: "nato",
  uk: "nato",
  frg: "nato",
  ca: "nato",
  fr: "nato",
  nl: "nato",
  be: "nato",
  dk: "nato",
  su: "wp",
  gdr: "wp",
  pl: "wp",
  cs: "wp",
} as const satisfies Record<string, Side>;

export type Nationality = keyof typeof NATIONALITY_SIDES;
export const NATIONALITIES = Object.keys(NATIONALITY_SIDES) as Nationality[];

export function sideOfNationality(nationality: Nationality): Side {
  return NATIONALITY_SIDES[nationality];
}

export function isNationality(code: string): code is Nationality {
  return Object.hasOwn(NATIONALITY_SIDES, code);
}

/** Each nationality's label, a lang key written out in full. */
export const NATIONALITY_LABELS: Readonly<Record<Nationality, string>> = {
  us: "NOBC.Nationality.us",
  uk: "NOBC.Nationality.uk",
  frg: "NOBC.Nationality.frg",
  ca: "NOBC.Nationality.ca",
  fr: "NOBC.Nationality.fr",
  nl: "NOBC.Nationality.nl",
  be: "NOBC.Nationality.be",
  dk: "NOBC.Nationality.dk",
  su: "NOBC.Nationality.su",
  gdr: "NOBC.Nationality.gdr",
  pl: "NOBC.Nationality.pl",
  cs: "NOBC.Nationality.cs",
};

/** A nationality in words for a phrase: its label, or the code as given when data names none (old or broken data). */
export function nationalityName(code: string): PhraseArg {
  return labelOf(NATIONALITY_LABELS, code);
}
