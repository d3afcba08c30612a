/** Supporting artillery (seed 003): what one battery adds to a fight at a range, and its ammunition. */
import { z } from "zod";
import {
  ARTILLERY_KIND_LABELS,
  ARTILLERY_RANGES,
  resolveArtillerySupport,
  type ArtilleryKind,
  type ArtillerySupportOutcome,
} from "../../../rules/playsheet/artillery";
import type { Procedure } from "../procedure";
import { MAX_NAME, numberField, readChoice, readNumber, readText, selectField, textField, words, shownName } from "../view";

const KINDS = Object.keys(ARTILLERY_KIND_LABELS) as ArtilleryKind[];

export const artillerySchema = z
  .object({
    battery: z.string().max(MAX_NAME),
    kind: z.enum(KINDS as [ArtilleryKind, ...ArtilleryKind[]]),
    status: z.number().int().min(0).max(99),
    rangeKm: z.number().min(0).max(999),
  })
  .strict();

export type ArtilleryState = z.infer<typeof artillerySchema>;

const BATTERY = "battery";

function batteryName(s: ArtilleryState): string {
  return shownName(s.battery, "—");
}

const EFFECT_KEYS = {
  normal: "NOBC.Playsheet.Artillery.Effect.normal",
  half: "NOBC.Playsheet.Artillery.Effect.half",
  outOfRange: "NOBC.Playsheet.Artillery.Effect.outOfRange",
} as const;

export const artilleryProcedure: Procedure<ArtilleryState, ArtillerySupportOutcome> = {
  id: "playsheet.artillery",
  keys: { title: "NOBC.Playsheet.Artillery.Title", hint: "NOBC.Playsheet.Artillery.Hint", cardTitle: "NOBC.Playsheet.Artillery.CardTitle" },
  icon: "fa-solid fa-crosshairs",
  schema: artillerySchema,
  rolls: false,
  initial: (world) => ({ battery: world.selected[0] ?? "", kind: "field", status: 3, rangeKm: 6 }),
  fromForm: (s, v) => ({
    battery: readText(v, "battery", s.battery),
    kind: readChoice(v, "kind", KINDS, s.kind),
    status: readNumber(v, "status", s.status),
    rangeKm: readNumber(v, "rangeKm", s.rangeKm),
  }),
  sections: (s, i18n) => {
    const r = ARTILLERY_RANGES[s.kind];
    return [
      {
        heading: i18n.localize("NOBC.Playsheet.Artillery.Battery"),
        hint:
          r.longKm === null
            ? words(i18n, "NOBC.Playsheet.Artillery.RangesShort", { effective: r.effectiveKm })
            : words(i18n, "NOBC.Playsheet.Artillery.Ranges", { effective: r.effectiveKm, long: r.longKm }),
        rows: [
          {
            fields: [
              textField("battery", "NOBC.Playsheet.Name", s.battery, i18n),
              selectField("kind", "NOBC.Playsheet.Artillery.Kind", ARTILLERY_KIND_LABELS, s.kind, i18n),
              numberField("status", "NOBC.Playsheet.Combat.Status", s.status, i18n),
              numberField("rangeKm", "NOBC.Playsheet.Artillery.Range", s.rangeKm, i18n),
            ],
          },
        ],
      },
    ];
  },
  resolve: (s) => resolveArtillerySupport({ ref: BATTERY, name: batteryName(s), kind: s.kind, status: s.status, rangeKm: s.rangeKm }),
  names: (s) => new Map([[BATTERY, batteryName(s)]]),
  card: (s, o, i18n) => ({
    title: { battery: batteryName(s) },
    outcome: words(i18n, EFFECT_KEYS[o.effect], { battery: batteryName(s), count: o.contribution }),
    tableRow: words(i18n, "NOBC.Playsheet.Artillery.TableRow", { kind: i18n.localize(ARTILLERY_KIND_LABELS[s.kind]), range: s.rangeKm }),
    inputs: [
      { label: i18n.localize("NOBC.Playsheet.Artillery.Kind"), value: i18n.localize(ARTILLERY_KIND_LABELS[s.kind]) },
      { label: i18n.localize("NOBC.Playsheet.Combat.Status"), value: String(s.status) },
      { label: i18n.localize("NOBC.Playsheet.Artillery.Range"), value: String(s.rangeKm) },
    ],
  }),
};
