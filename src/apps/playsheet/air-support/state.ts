/** Air support levels (seed 003, Air-Ground Attacks): the ground-attack units over a fight and the level they give. */
import { z } from "zod";
import {
  AIR_SUPPORT_KIND_LABELS,
  AIR_SUPPORT_LEVEL_LABELS,
  resolveAirSupport,
  type AirSupportKind,
  type AirSupportOutcome,
} from "../../../rules/playsheet/air-support";
import type { Procedure } from "../procedure";
import { numberField, readNumber, words } from "../view";

const KINDS: readonly AirSupportKind[] = ["german", "allied", "heavyBomber"];
const count = z.number().int().min(0).max(99);

export const airSupportSchema = z.object({ german: count, allied: count, heavyBomber: count }).strict();

export type AirSupportState = z.infer<typeof airSupportSchema>;

export const airSupportProcedure: Procedure<AirSupportState, AirSupportOutcome> = {
  id: "playsheet.airSupport",
  keys: {
    title: "NOBC.Playsheet.AirSupport.Title",
    hint: "NOBC.Playsheet.AirSupport.Hint",
    cardTitle: "NOBC.Playsheet.AirSupport.CardTitle",
  },
  icon: "fa-solid fa-plane-arrival",
  schema: airSupportSchema,
  rolls: false,
  initial: () => ({ german: 0, allied: 0, heavyBomber: 0 }),
  fromForm: (s, v) => ({
    german: readNumber(v, "german", s.german),
    allied: readNumber(v, "allied", s.allied),
    heavyBomber: readNumber(v, "heavyBomber", s.heavyBomber),
  }),
  sections: (s, i18n) => [
    {
      heading: i18n.localize("NOBC.Playsheet.AirSupport.Units"),
      rows: [{ fields: KINDS.map((k) => numberField(k, AIR_SUPPORT_KIND_LABELS[k], s[k], i18n)) }],
    },
  ],
  resolve: (s) => resolveAirSupport(KINDS.map((kind) => ({ kind, units: s[kind] }))),
  names: () => new Map(),
  card: (s, o, i18n) => ({
    outcome:
      o.level === "none"
        ? i18n.localize("NOBC.Playsheet.AirSupport.OutcomeNone")
        : words(i18n, "NOBC.Playsheet.AirSupport.Outcome", {
            level: i18n.localize(AIR_SUPPORT_LEVEL_LABELS[o.level]),
            modifier: o.modifier,
          }),
    tableRow: i18n.localize("NOBC.Playsheet.AirSupport.TableRow"),
    inputs: KINDS.map((k) => ({ label: i18n.localize(AIR_SUPPORT_KIND_LABELS[k]), value: String(s[k]) })),
  }),
};
