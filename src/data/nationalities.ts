/**
 * Nationalities a counter can carry, each with its side and a label key (lang/en.json).
 * The NOBC order of battle (seed 000) fields these armies on the Central Front.
 */
import {
  NATIONALITIES as CODES,
  NATIONALITY_LABELS,
  NATIONALITY_SIDES,
  isNationality,
  type Nationality,
  type Side,
} from "../rules/nationalities";

export interface NationalityOption {
  readonly code: Nationality;
  readonly side: Side;
  readonly label: string;
}

/** The rules' nationalities, each with its label key for the sheets. */
export const NATIONALITIES: readonly NationalityOption[] = CODES.map((code) => ({
  code,
  side: NATIONALITY_SIDES[code],
  label: NATIONALITY_LABELS[code],
}));

export type NationalityCode = Nationality;
export const NATIONALITY_CODES: readonly NationalityCode[] = CODES;

/** A nationality's side, or undefined for a code that is not one (imports, old data). */
export function sideOfNationality(code: string): Side | undefined {
  return isNationality(code) ? NATIONALITY_SIDES[code] : undefined;
}

/** The nationality a new document of a side starts with. */
export const DEFAULT_NATIONALITY: Readonly<Record<Side, NationalityCode>> = { nato: "us", wp: "su" };
