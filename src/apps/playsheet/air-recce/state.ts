/** Air recce (seed 003): one squadron's look at one target, the report read from the die. */
import { z } from "zod";
import {
  RECON_KIND_LABELS,
  RECON_PLACE_LABELS,
  resolveAirRecce,
  type AirRecceOutcome,
  type ReconReport,
} from "../../../rules/playsheet/air-recce";
import type { Procedure } from "../procedure";
import { chanceRows, checkField, numberField, outcomeSpread, readChoice, readFlag, readNumber, selectField, words, yesNo } from "../view";

const KINDS = ["vehicles", "infantry"] as const;
const PLACES = ["open", "builtUp", "cover"] as const;

export const airRecceSchema = z
  .object({
    kind: z.enum(KINDS),
    moving: z.boolean(),
    place: z.enum(PLACES),
    armoured: z.boolean(),
    unitsInSquare: z.number().int().min(0).max(99),
  })
  .strict();

export type AirRecceState = z.infer<typeof airRecceSchema>;

const REPORT_KEYS: Readonly<Record<ReconReport, string>> = {
  directionTypeSize: "NOBC.Playsheet.AirRecce.Report.directionTypeSize",
  directionType: "NOBC.Playsheet.AirRecce.Report.directionType",
  direction: "NOBC.Playsheet.AirRecce.Report.direction",
  typeSize: "NOBC.Playsheet.AirRecce.Report.typeSize",
  type: "NOBC.Playsheet.AirRecce.Report.type",
  enemySpotted: "NOBC.Playsheet.AirRecce.Report.enemySpotted",
  none: "NOBC.Playsheet.AirRecce.Report.none",
};

const COLUMN_KEYS: Readonly<Record<AirRecceOutcome["column"], string>> = {
  vehiclesMoving: "NOBC.Playsheet.AirRecce.Column.vehiclesMoving",
  vehiclesStationary: "NOBC.Playsheet.AirRecce.Column.vehiclesStationary",
  infantryStationary: "NOBC.Playsheet.AirRecce.Column.infantryStationary",
  infantryMoving: "NOBC.Playsheet.AirRecce.Column.infantryMoving",
};

const ORDER: readonly ReconReport[] = ["none", "enemySpotted", "type", "typeSize", "direction", "directionType", "directionTypeSize"];

function resolve(s: AirRecceState, dice: Parameters<typeof resolveAirRecce>[1]) {
  return resolveAirRecce(
    { target: { kind: s.kind, moving: s.moving, place: s.place, armoured: s.armoured }, unitsInSquare: s.unitsInSquare },
    dice,
  );
}

export const airRecceProcedure: Procedure<AirRecceState, AirRecceOutcome> = {
  id: "playsheet.airRecce",
  keys: { title: "NOBC.Playsheet.AirRecce.Title", hint: "NOBC.Playsheet.AirRecce.Hint", cardTitle: "NOBC.Playsheet.AirRecce.CardTitle" },
  icon: "fa-solid fa-binoculars",
  schema: airRecceSchema,
  rolls: true,
  initial: () => ({ kind: "vehicles", moving: true, place: "open", armoured: false, unitsInSquare: 1 }),
  fromForm: (s, v) => ({
    kind: readChoice(v, "kind", KINDS, s.kind),
    moving: readFlag(v, "moving", s.moving),
    place: readChoice(v, "place", PLACES, s.place),
    armoured: readFlag(v, "armoured", s.armoured),
    unitsInSquare: readNumber(v, "unitsInSquare", s.unitsInSquare),
  }),
  sections: (s, i18n) => [
    {
      heading: i18n.localize("NOBC.Playsheet.AirRecce.Target"),
      rows: [
        {
          fields: [
            selectField("kind", "NOBC.Playsheet.AirRecce.Kind", RECON_KIND_LABELS, s.kind, i18n),
            selectField("place", "NOBC.Playsheet.AirRecce.Place", RECON_PLACE_LABELS, s.place, i18n),
            numberField("unitsInSquare", "NOBC.Playsheet.AirRecce.UnitsInSquare", s.unitsInSquare, i18n),
          ],
        },
        {
          fields: [
            checkField("moving", "NOBC.Playsheet.AirRecce.Moving", s.moving, i18n),
            checkField("armoured", "NOBC.Playsheet.AirRecce.Armoured", s.armoured, i18n),
          ],
        },
      ],
    },
  ],
  resolve,
  chances: (s, i18n) => {
    const spread = outcomeSpread(
      (dice) => resolve(s, dice),
      (o: AirRecceOutcome) => o.report,
    );
    if (spread === null) return null;
    return {
      intro: i18n.localize("NOBC.Playsheet.AirRecce.ChanceIntro"),
      rows: chanceRows(
        i18n,
        spread,
        (k) => ORDER.indexOf(k as ReconReport),
        (x) => i18n.localize(REPORT_KEYS[x.key as ReconReport]),
      ),
    };
  },
  names: () => new Map(),
  card: (s, o, i18n) => ({
    outcome: words(i18n, "NOBC.Playsheet.AirRecce.Outcome", { report: i18n.localize(REPORT_KEYS[o.report]) }),
    tableRow: words(i18n, "NOBC.Playsheet.AirRecce.TableRow", { column: i18n.localize(COLUMN_KEYS[o.column]), roll: o.modifiedRoll }),
    inputs: [
      { label: i18n.localize("NOBC.Playsheet.AirRecce.Kind"), value: i18n.localize(RECON_KIND_LABELS[s.kind]) },
      { label: i18n.localize("NOBC.Playsheet.AirRecce.Moving"), value: yesNo(s.moving, i18n) },
      { label: i18n.localize("NOBC.Playsheet.AirRecce.Place"), value: i18n.localize(RECON_PLACE_LABELS[s.place]) },
      { label: i18n.localize("NOBC.Playsheet.AirRecce.UnitsInSquare"), value: String(s.unitsInSquare) },
    ],
  }),
};
