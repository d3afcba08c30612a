/**
 * Nationalities a counter can carry, each with its side and a label key (lang/en.json).
 * The NOBC order of battle (seed 000) fields these armies on the Central Front.
 */
import type { Side } from "../rules/nobc/land/types";

export interface Nationality {
  readonly code: string;
  readonly side: Side;
  readonly label: string;
}

export const NATIONALITIES = [
  { code: "us", side: "nato", label: "NOBC.Nationality.us" },
  { code: "uk", side: "nato", label: "NOBC.Nationality.uk" },
  { code: "frg", side: "nato", label: "NOBC.Nationality.frg" },
  { code: "ca", side: "nato", label: "NOBC.Nationality.ca" },
  { code: "fr", side: "nato", label: "NOBC.Nationality.fr" },
  { code: "nl", side: "nato", label: "NOBC.Nationality.nl" },
  { code: "be", side: "nato", label: "NOBC.Nationality.be" },
  { code: "dk", side: "nato", label: "NOBC.Nationality.dk" },
  { code: "su", side: "wp", label: "NOBC.Nationality.su" },
  { code: "gdr", side: "wp", label: "NOBC.Nationality.gdr" },
  { code: "pl", side: "wp", label: "NOBC.Nationality.pl" },
  { code: "cs", side: "wp", label: "NOBC.Nationality.cs" },
] as const satisfies readonly Nationality[];

export type NationalityCode = (typeof NATIONALITIES)[number]["code"];
export const NATIONALITY_CODES: readonly NationalityCode[] = NATIONALITIES.map((n) => n.code);

export function sideOfNationality(code: string): Side | undefined {
  return NATIONALITIES.find((n) => n.code === code)?.side;
}

/** The nationality a new document of a side starts with. */
export const DEFAULT_NATIONALITY: Readonly<Record<Side, NationalityCode>> = { nato: "us", wp: "su" };
