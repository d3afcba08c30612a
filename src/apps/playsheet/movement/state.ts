/**
 * The movement calculator (seed 003, Movement): troops, ground and the way they move give the
 * uninterrupted maximum; a river crossing only for the troops that may; the half-turn rule (a unit
 * that moved more than half its move fights next turn, unless it overruns); the fuel a move costs.
 */
import { z } from "zod";
import {
  MOVE_MODE_LABELS,
  PLAYSHEET_GROUND_LABELS,
  PLAYSHEET_TROOPS_LABELS,
  resolvePlaysheetMove,
  type MoveMode,
  type PlaysheetGround,
  type PlaysheetMoveOutcome,
  type PlaysheetTroops,
} from "../../../rules/playsheet/movement";
import type { Procedure } from "../procedure";
import {
  checkField,
  MAX_NAME,
  numberField,
  readChoice,
  readFlag,
  readNumber,
  readText,
  selectField,
  textField,
  words,
  yesNo,
  shownName,
} from "../view";

const TROOPS = Object.keys(PLAYSHEET_TROOPS_LABELS) as PlaysheetTroops[];
const GROUNDS = Object.keys(PLAYSHEET_GROUND_LABELS) as PlaysheetGround[];
const MODES = Object.keys(MOVE_MODE_LABELS) as MoveMode[];

export const movementSchema = z
  .object({
    unit: z.string().max(MAX_NAME),
    troops: z.enum(TROOPS as [PlaysheetTroops, ...PlaysheetTroops[]]),
    ground: z.enum(GROUNDS as [PlaysheetGround, ...PlaysheetGround[]]),
    mode: z.enum(MODES as [MoveMode, ...MoveMode[]]),
    distanceKm: z.number().min(0).max(999),
    crossesRiver: z.boolean(),
    overrun: z.boolean(),
  })
  .strict();

export type MovementState = z.infer<typeof movementSchema>;

const UNIT = "unit";

export const movementProcedure: Procedure<MovementState, PlaysheetMoveOutcome> = {
  id: "playsheet.movement",
  keys: { title: "NOBC.Playsheet.Movement.Title", hint: "NOBC.Playsheet.Movement.Hint", cardTitle: "NOBC.Playsheet.Movement.CardTitle" },
  icon: "fa-solid fa-route",
  schema: movementSchema,
  rolls: false,
  initial: (world) => ({
    unit: world.selected[0] ?? "",
    troops: "mechanised",
    ground: "open",
    mode: "tactical",
    distanceKm: 0,
    crossesRiver: false,
    overrun: false,
  }),
  fromForm: (s, v) => ({
    unit: readText(v, "unit", s.unit),
    troops: readChoice(v, "troops", TROOPS, s.troops),
    ground: readChoice(v, "ground", GROUNDS, s.ground),
    mode: readChoice(v, "mode", MODES, s.mode),
    distanceKm: readNumber(v, "distanceKm", s.distanceKm),
    crossesRiver: readFlag(v, "crossesRiver", s.crossesRiver),
    overrun: readFlag(v, "overrun", s.overrun),
  }),
  sections: (s, i18n) => [
    {
      heading: i18n.localize("NOBC.Playsheet.Movement.Unit"),
      rows: [
        {
          fields: [
            textField("unit", "NOBC.Playsheet.Name", s.unit, i18n),
            selectField("troops", "NOBC.Playsheet.Movement.Troops", PLAYSHEET_TROOPS_LABELS, s.troops, i18n),
          ],
        },
        {
          fields: [
            selectField("ground", "NOBC.Playsheet.Movement.Ground", PLAYSHEET_GROUND_LABELS, s.ground, i18n),
            selectField("mode", "NOBC.Playsheet.Movement.Mode", MOVE_MODE_LABELS, s.mode, i18n),
            numberField("distanceKm", "NOBC.Playsheet.Movement.Distance", s.distanceKm, i18n),
          ],
        },
        {
          fields: [
            checkField("crossesRiver", "NOBC.Playsheet.Movement.CrossesRiver", s.crossesRiver, i18n),
            checkField("overrun", "NOBC.Playsheet.Movement.Overrun", s.overrun, i18n),
          ],
        },
      ],
    },
  ],
  resolve: (s) =>
    resolvePlaysheetMove({
      unit: { ref: UNIT, name: unitName(s), troops: s.troops },
      ground: s.ground,
      mode: s.mode,
      distanceKm: s.distanceKm,
      crossesRiver: s.crossesRiver,
      overrun: s.overrun,
    }),
  names: (s) => new Map([[UNIT, unitName(s)]]),
  card: (s, o, i18n) => ({
    title: { unit: unitName(s) },
    outcome: words(i18n, o.canFightThisTurn ? "NOBC.Playsheet.Movement.OutcomeFights" : "NOBC.Playsheet.Movement.OutcomeWaits", {
      unit: unitName(s),
      distance: s.distanceKm,
      allowance: o.allowanceKm,
    }),
    tableRow: words(i18n, "NOBC.Playsheet.Movement.TableRow", {
      troops: i18n.localize(PLAYSHEET_TROOPS_LABELS[s.troops]),
      ground: i18n.localize(PLAYSHEET_GROUND_LABELS[s.ground]),
      mode: i18n.localize(MOVE_MODE_LABELS[s.mode]),
      allowance: o.allowanceKm,
    }),
    inputs: [
      { label: i18n.localize("NOBC.Playsheet.Movement.Troops"), value: i18n.localize(PLAYSHEET_TROOPS_LABELS[s.troops]) },
      { label: i18n.localize("NOBC.Playsheet.Movement.Ground"), value: i18n.localize(PLAYSHEET_GROUND_LABELS[s.ground]) },
      { label: i18n.localize("NOBC.Playsheet.Movement.Mode"), value: i18n.localize(MOVE_MODE_LABELS[s.mode]) },
      { label: i18n.localize("NOBC.Playsheet.Movement.CrossesRiver"), value: yesNo(s.crossesRiver, i18n) },
      { label: i18n.localize("NOBC.Playsheet.Movement.Overrun"), value: yesNo(s.overrun, i18n) },
    ],
  }),
};

/** The unit's name as typed, or a neutral one. */
function unitName(s: MovementState): string {
  return shownName(s.unit, "—");
}
