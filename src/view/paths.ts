/** Where Foundry serves the sheet templates from (repo folder templates/, copied to dist/templates/). */
import { SYSTEM_ID } from "../base/constants";

export function templatePath(relative: string): string {
  return `systems/${SYSTEM_ID}/templates/${relative}`;
}

/** Partials every actor sheet may use; HandlebarsApplicationMixin loads them with the part. */
export const PARTIALS = [
  templatePath("partials/track.hbs"),
  templatePath("partials/doc-link.hbs"),
  templatePath("partials/card-row.hbs"),
  templatePath("partials/notes.hbs"),
] as const;

export const TEMPLATES = {
  unit: templatePath("actor/unit.hbs"),
  hq: templatePath("actor/hq.hbs"),
  airSquadron: templatePath("actor/air-squadron.hbs"),
  airbase: templatePath("actor/airbase.hbs"),
  nqmUnit: templatePath("actor/nqm-unit.hbs"),
  supportCard: templatePath("item/support-card.hbs"),
  breakdown: templatePath("dialog/breakdown.hbs"),
} as const;
