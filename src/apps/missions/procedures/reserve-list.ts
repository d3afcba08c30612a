/**
 * The reserves list of one side, at set-up (seed 002, Reserves): which units start on the table and
 * which wait in reserve. At most 60 % of the agreed points on the table (refused with the number
 * when over); deep reserves allow one heavy tank or aircraft unit on the table; flanking reserves
 * keep at least one unit back. Applying it writes the side's reserve count to the tracker.
 */
import { z } from "zod";
import { missions } from "../../../rules/index";
import { phrase, type Refusal } from "../../../rules/resolution";
import { forceName, percent, ROLE_KEYS } from "../view";
import { boolIn, numberIn, options, pickIn, textIn, type FieldView, type Procedure, type Tracked } from "./procedure";
import { offered } from "../../../combat/mission-panel";

const KINDS = ["tank", "aircraft", "other"] as const;
const SIDES = ["attacker", "defender"] as const;
export const MAX_RESERVE_ROWS = 40;
const KIND_KEYS: Readonly<Record<(typeof KINDS)[number], string>> = {
  tank: "NOBC.Mission.ReserveList.KindOption.tank",
  aircraft: "NOBC.Mission.ReserveList.KindOption.aircraft",
  other: "NOBC.Mission.ReserveList.KindOption.other",
};

export interface ReserveRow {
  readonly name: string;
  readonly points: number;
  readonly inReserve: boolean;
  readonly kind: (typeof KINDS)[number];
  readonly frontArmour: number;
}

export interface ReserveListState {
  readonly side: (typeof SIDES)[number];
  readonly agreedPoints: number;
  readonly units: readonly ReserveRow[];
}

const row = (): ReserveRow => ({ name: "", points: 0, inReserve: false, kind: "other", frontArmour: 0 });

/** The mission's reserve rule for a role, if it has one. */
export function ruleFor(mission: missions.MissionId, side: missions.MissionSide): missions.ReserveRule | undefined {
  return missions.mission(mission).reserves.find((r) => r.side === side || r.side === "both");
}

function check(state: ReserveListState, t: Tracked) {
  const rule = ruleFor(t.track.mission, state.side);
  return missions.checkReserveDeployment({
    rule: { deep: rule?.deep ?? false, flanking: rule?.flanking ?? false },
    agreedPoints: state.agreedPoints,
    units: state.units.map((u, i) => ({
      ref: `unit:${i}`,
      name: u.name.trim() === "" ? String(i + 1) : u.name.trim(),
      points: u.points,
      inReserve: u.inReserve,
      kind: u.kind,
      ...(u.kind === "tank" ? { frontArmour: u.frontArmour } : {}),
    })),
  });
}

export const reserveListProcedure: Procedure<ReserveListState> = {
  id: "missions.reserveList",
  title: "NOBC.Mission.ReserveList.Title",
  submit: "NOBC.Mission.ReserveList.Submit",
  icon: "fa-solid fa-list-check",
  submitIcon: "fa-solid fa-check",
  schema: z
    .object({
      side: z.enum(SIDES),
      agreedPoints: z.number(),
      units: z
        .array(
          z
            .object({ name: z.string().max(100), points: z.number(), inReserve: z.boolean(), kind: z.enum(KINDS), frontArmour: z.number() })
            .strict(),
        )
        .max(MAX_RESERVE_ROWS),
    })
    .strict(),
  when: (track) => offered("missions.reserveList", track),
  initial: (t) => ({
    side: ruleFor(t.track.mission, "attacker") === undefined ? "defender" : "attacker",
    agreedPoints: 100,
    units: [row()],
  }),
  fromForm(state, values) {
    return {
      side: pickIn(SIDES, values["side"], state.side),
      agreedPoints: numberIn(values["agreedPoints"], state.agreedPoints),
      units: state.units.map((u, i) => ({
        name: textIn(values[`units.${i}.name`], u.name),
        points: numberIn(values[`units.${i}.points`], u.points),
        // An unticked box sends nothing: the form's other values say the row was read.
        inReserve: values[`units.${i}.name`] === undefined ? u.inReserve : boolIn(values[`units.${i}.inReserve`] ?? false, u.inReserve),
        kind: pickIn(KINDS, values[`units.${i}.kind`], u.kind),
        frontArmour: numberIn(values[`units.${i}.frontArmour`], u.frontArmour),
      })),
    };
  },
  addRow: (state) => (state.units.length >= MAX_RESERVE_ROWS ? state : { ...state, units: [...state.units, row()] }),
  removeRow: (state, index) => ({ ...state, units: state.units.filter((_, i) => i !== index) }),
  view(state, t, _world, i18n) {
    const rule = ruleFor(t.track.mission, state.side);
    const checked = check(state, t);
    const cells = (u: ReserveRow, i: number): FieldView[] => [
      { name: `units.${i}.name`, label: i18n.localize("NOBC.Mission.ReserveList.Unit"), value: u.name },
      { name: `units.${i}.points`, label: i18n.localize("NOBC.Mission.ReserveList.Points"), value: u.points, number: true },
      {
        name: `units.${i}.kind`,
        label: i18n.localize("NOBC.Mission.ReserveList.Kind"),
        value: u.kind,
        select: true,
        options: options(KINDS, u.kind, (k) => i18n.localize(KIND_KEYS[k])),
      },
      { name: `units.${i}.frontArmour`, label: i18n.localize("NOBC.Mission.ReserveList.FrontArmour"), value: u.frontArmour, number: true },
      { name: `units.${i}.inReserve`, label: i18n.localize("NOBC.Mission.ReserveList.InReserve"), value: u.inReserve, checkbox: true },
    ];
    return {
      hint:
        rule === undefined
          ? i18n.localize("NOBC.Mission.ReserveList.NoReserves")
          : i18n.localize(
              rule.flanking
                ? "NOBC.Mission.ReserveList.Rule.flanking"
                : rule.deep
                  ? "NOBC.Mission.ReserveList.Rule.deep"
                  : "NOBC.Mission.ReserveList.Rule.standard",
            ),
      fields: [
        {
          name: "side",
          label: i18n.localize("NOBC.Mission.ReserveList.Side"),
          value: state.side,
          select: true,
          options: options(SIDES, state.side, (s) => `${i18n.localize(ROLE_KEYS[s])}: ${forceName(t.track, s, i18n)}`),
        },
        { name: "agreedPoints", label: i18n.localize("NOBC.Mission.ReserveList.Agreed"), value: state.agreedPoints, number: true },
      ],
      rows: {
        columns: [
          "NOBC.Mission.ReserveList.Unit",
          "NOBC.Mission.ReserveList.Points",
          "NOBC.Mission.ReserveList.Kind",
          "NOBC.Mission.ReserveList.FrontArmour",
          "NOBC.Mission.ReserveList.InReserve",
        ].map((k) => i18n.localize(k)),
        rows: state.units.map((u, i) => ({ index: i, cells: cells(u, i) })),
      },
      chances: checked.ok
        ? [
            {
              label: i18n.format("NOBC.Mission.ReserveList.OnTable", {
                points: String(checked.value.outcome.onTablePoints),
                limit: checked.value.outcome.onTableLimit === null ? "—" : String(checked.value.outcome.onTableLimit),
              }),
              chance: state.agreedPoints > 0 ? percent(checked.value.outcome.onTablePoints / state.agreedPoints, i18n) : "",
            },
          ]
        : [],
    };
  },
  refusals(state, t) {
    const out: Refusal[] = [];
    if (ruleFor(t.track.mission, state.side) === undefined)
      out.push({ code: "noReserves", text: phrase("NOBC.Mission.ReserveList.NoReserves"), field: "side" });
    if (t.track.turn !== 0) out.push({ code: "started", text: phrase("NOBC.Mission.ReserveList.Started"), field: "turn" });
    const checked = check(state, t);
    if (!checked.ok) out.push(...checked.refusals);
    return out;
  },
  card(state, t, _world, _dice, i18n) {
    const checked = check(state, t);
    if (!checked.ok) return checked;
    const count = state.units.filter((u) => u.inReserve).length;
    const key = state.side === "attacker" ? "attackerForce" : "defenderForce";
    const name = forceName(t.track, state.side, i18n);
    return {
      ok: true,
      value: {
        title: i18n.format("NOBC.Mission.ReserveList.CardTitle", { force: name }),
        resolution: { ...checked.value, effects: [{ type: "missionTrack", combat: t.uuid, set: { [key]: { reserves: count } } }] },
        total: false,
        inputs: state.units.map((u, i) => ({
          label: u.name.trim() === "" ? String(i + 1) : u.name.trim(),
          value: i18n.format(u.inReserve ? "NOBC.Mission.ReserveList.RowReserve" : "NOBC.Mission.ReserveList.RowTable", {
            points: String(u.points),
          }),
        })),
        outcome: i18n.format("NOBC.Mission.ReserveList.Outcome", { force: name, count: String(count) }),
      },
    };
  },
};
