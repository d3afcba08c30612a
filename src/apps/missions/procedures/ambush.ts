/**
 * Springing an ambush (seed 002, Ambush): where the unit held in ambush comes out is checked (every
 * team in its deployment area, far enough from the enemy it can see and from every enemy), one row
 * per team and enemy near it. No roll: the card records the placement.
 */
import { z } from "zod";
import { missions } from "../../../rules/index";
import { phrase, type Refusal } from "../../../rules/resolution";
import { boolIn, numberIn, options, pickIn, textIn, type FieldView, type Procedure } from "./procedure";
import { offered } from "../../../combat/mission-panel";

const KINDS = ["tank", "infantry", "other"] as const;
const KIND_KEYS: Readonly<Record<(typeof KINDS)[number], string>> = {
  tank: "NOBC.Mission.Ambush.KindOption.tank",
  infantry: "NOBC.Mission.Ambush.KindOption.infantry",
  other: "NOBC.Mission.Ambush.KindOption.other",
};
export const MAX_AMBUSH_ROWS = 30;

interface AmbushRow {
  readonly team: string;
  readonly inDeploymentArea: boolean;
  readonly enemy: string;
  readonly kind: (typeof KINDS)[number];
  readonly distance: number;
  readonly inLineOfSight: boolean;
  readonly concealed: boolean;
}

interface AmbushState {
  readonly unit: string;
  readonly allInCommand: boolean;
  readonly rows: readonly AmbushRow[];
}

const row = (): AmbushRow => ({
  team: "",
  inDeploymentArea: true,
  enemy: "",
  kind: "tank",
  distance: 0,
  inLineOfSight: true,
  concealed: false,
});

/** The rows as the rules' teams: one per team name, with each enemy named beside it (a row without an enemy adds none). */
function input(state: AmbushState, measure: missions.Measure): missions.AmbushPlacementInput {
  const teams = new Map<string, { inDeploymentArea: boolean; enemies: missions.AmbushEnemy[] }>();
  state.rows.forEach((r, i) => {
    const name = r.team.trim() === "" ? String(i + 1) : r.team.trim();
    const team = teams.get(name) ?? { inDeploymentArea: true, enemies: [] };
    team.inDeploymentArea &&= r.inDeploymentArea;
    if (r.enemy.trim() !== "")
      team.enemies.push({
        name: r.enemy.trim(),
        kind: r.kind,
        distance: r.distance,
        inLineOfSight: r.inLineOfSight,
        concealedByTerrain: r.concealed,
      });
    teams.set(name, team);
  });
  return {
    measure,
    unit: { actor: "unit", name: state.unit.trim(), allInCommand: state.allInCommand },
    teams: [...teams].map(([name, t]) => ({ name, inDeploymentArea: t.inDeploymentArea, enemies: t.enemies })),
  };
}

export const ambushProcedure: Procedure<AmbushState> = {
  id: "missions.ambush",
  title: "NOBC.Mission.Ambush.Title",
  submit: "NOBC.Mission.Check",
  icon: "fa-solid fa-eye-slash",
  submitIcon: "fa-solid fa-check",
  schema: z
    .object({
      unit: z.string().max(100),
      allInCommand: z.boolean(),
      rows: z
        .array(
          z
            .object({
              team: z.string().max(100),
              inDeploymentArea: z.boolean(),
              enemy: z.string().max(100),
              kind: z.enum(KINDS),
              distance: z.number(),
              inLineOfSight: z.boolean(),
              concealed: z.boolean(),
            })
            .strict(),
        )
        .max(MAX_AMBUSH_ROWS),
    })
    .strict(),
  when: (track) => offered("missions.ambush", track),
  initial: () => ({ unit: "", allInCommand: true, rows: [row()] }),
  fromForm(state, values) {
    const read = values["unit"] !== undefined;
    const tick = (name: string, was: boolean) => (read ? boolIn(values[name] ?? false, false) : was);
    return {
      unit: textIn(values["unit"], state.unit),
      allInCommand: tick("allInCommand", state.allInCommand),
      rows: state.rows.map((r, i) => ({
        team: textIn(values[`rows.${i}.team`], r.team),
        inDeploymentArea: tick(`rows.${i}.inDeploymentArea`, r.inDeploymentArea),
        enemy: textIn(values[`rows.${i}.enemy`], r.enemy),
        kind: pickIn(KINDS, values[`rows.${i}.kind`], r.kind),
        distance: numberIn(values[`rows.${i}.distance`], r.distance),
        inLineOfSight: tick(`rows.${i}.inLineOfSight`, r.inLineOfSight),
        concealed: tick(`rows.${i}.concealed`, r.concealed),
      })),
    };
  },
  addRow: (state) => (state.rows.length >= MAX_AMBUSH_ROWS ? state : { ...state, rows: [...state.rows, row()] }),
  removeRow: (state, index) => ({ ...state, rows: state.rows.filter((_, i) => i !== index) }),
  view(state, _t, _world, i18n) {
    const L = (key: string) => i18n.localize(key);
    const cells = (r: AmbushRow, i: number): FieldView[] => [
      { name: `rows.${i}.team`, label: L("NOBC.Mission.Ambush.Team"), value: r.team },
      { name: `rows.${i}.inDeploymentArea`, label: L("NOBC.Mission.Ambush.InDeployment"), value: r.inDeploymentArea, checkbox: true },
      { name: `rows.${i}.enemy`, label: L("NOBC.Mission.Ambush.Enemy"), value: r.enemy },
      {
        name: `rows.${i}.kind`,
        label: L("NOBC.Mission.Ambush.Kind"),
        value: r.kind,
        select: true,
        options: options(KINDS, r.kind, (k) => L(KIND_KEYS[k])),
      },
      { name: `rows.${i}.distance`, label: L("NOBC.Mission.Ambush.Distance"), value: r.distance, number: true },
      { name: `rows.${i}.inLineOfSight`, label: L("NOBC.Mission.Ambush.InSight"), value: r.inLineOfSight, checkbox: true },
      { name: `rows.${i}.concealed`, label: L("NOBC.Mission.Ambush.Concealed"), value: r.concealed, checkbox: true },
    ];
    return {
      hint: L("NOBC.Mission.Ambush.Hint"),
      fields: [
        { name: "unit", label: L("NOBC.Mission.Ambush.Unit"), value: state.unit },
        { name: "allInCommand", label: L("NOBC.Mission.Ambush.InCommand"), value: state.allInCommand, checkbox: true },
      ],
      rows: {
        columns: [
          "NOBC.Mission.Ambush.Team",
          "NOBC.Mission.Ambush.InDeployment",
          "NOBC.Mission.Ambush.Enemy",
          "NOBC.Mission.Ambush.Kind",
          "NOBC.Mission.Ambush.Distance",
          "NOBC.Mission.Ambush.InSight",
          "NOBC.Mission.Ambush.Concealed",
        ].map(L),
        rows: state.rows.map((r, i) => ({ index: i, cells: cells(r, i) })),
      },
      chances: [],
    };
  },
  refusals(state, t) {
    const out: Refusal[] = state.unit.trim() === "" ? [{ code: "noUnit", text: phrase("NOBC.Mission.Refused.noUnit"), field: "unit" }] : [];
    const checked = missions.resolveAmbushPlacement(input(state, t.track.measure));
    return checked.ok ? out : [...out, ...checked.refusals];
  },
  card(state, t, _world, _dice, i18n) {
    const checked = missions.resolveAmbushPlacement(input(state, t.track.measure));
    if (!checked.ok) return checked;
    return {
      ok: true,
      value: {
        title: i18n.format("NOBC.Mission.Ambush.CardTitle", { unit: state.unit.trim() }),
        resolution: { ...checked.value, effects: [] },
        total: false,
        outcome: i18n.format("NOBC.Mission.Ambush.Outcome", { unit: state.unit.trim() }),
      },
    };
  },
};
