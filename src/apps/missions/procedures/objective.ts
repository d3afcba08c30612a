/**
 * Whether a player holds an objective (seed 002, Objectives): at least one of its tank or infantry teams
 * within 4" (10 cm) of it at the start of its turn, and no enemy tank or infantry team within that at the
 * end; a bailed-out tank or a team that moved at dash speed does not count. No die: the card states the
 * finding for the umpire, who reads the distances off the table (the teams are not documents), and the
 * victory procedure records the win.
 */
import { z } from "zod";
import { missions } from "../../../rules/index";
import { phrase, type Refusal } from "../../../rules/resolution";
import { boolIn, numberIn, options, pickIn, textIn, type FieldView, type Procedure } from "./procedure";
import { offered } from "../../../combat/mission-panel";
import { speak } from "../../../words/phrase";
import { percent } from "../view";

const SIDES = ["own", "enemy"] as const;
const KINDS = [
  "tank",
  "infantry",
  "transport",
  "aircraft",
  "independent",
  "other",
] as const satisfies readonly missions.ObjectiveTeamKind[];
export const MAX_OBJECTIVE_ROWS = 30;

interface ObjectiveRow {
  readonly name: string;
  /** The checking player's team (as it stood at the start of its turn), or the enemy's (at the end). */
  readonly side: (typeof SIDES)[number];
  readonly kind: (typeof KINDS)[number];
  readonly bailedOut: boolean;
  readonly movedAtDash: boolean;
  /** To the objective, in the tracker's measure. */
  readonly distance: number;
}

interface ObjectiveState {
  readonly objective: string;
  readonly teams: readonly ObjectiveRow[];
}

const row = (side: ObjectiveRow["side"]): ObjectiveRow => ({
  name: "",
  side,
  kind: "tank",
  bailedOut: false,
  movedAtDash: false,
  distance: 0,
});
const nameOf = (t: ObjectiveRow, i: number) => (t.name.trim() === "" ? String(i + 1) : t.name.trim());

function input(state: ObjectiveState, measure: missions.Measure): missions.ObjectiveInput {
  const team = (t: ObjectiveRow, i: number): missions.ObjectiveTeam => ({
    name: nameOf(t, i),
    kind: t.kind,
    bailedOut: t.bailedOut,
    movedAtDash: t.movedAtDash,
    distance: t.distance,
  });
  const rows = state.teams.map((t, i) => ({ t, i }));
  return {
    measure,
    ownAtStart: rows.filter((r) => r.t.side === "own").map((r) => team(r.t, r.i)),
    enemyAtEnd: rows.filter((r) => r.t.side === "enemy").map((r) => team(r.t, r.i)),
  };
}

const KIND_KEYS: Readonly<Record<(typeof KINDS)[number], string>> = {
  tank: "NOBC.Mission.Objective.KindOption.tank",
  infantry: "NOBC.Mission.Objective.KindOption.infantry",
  transport: "NOBC.Mission.Objective.KindOption.transport",
  aircraft: "NOBC.Mission.Objective.KindOption.aircraft",
  independent: "NOBC.Mission.Objective.KindOption.independent",
  other: "NOBC.Mission.Objective.KindOption.other",
};
const COLUMN_KEYS = [
  "NOBC.Mission.Objective.Team",
  "NOBC.Mission.Objective.Side",
  "NOBC.Mission.Objective.Kind",
  "NOBC.Mission.Objective.BailedOut",
  "NOBC.Mission.Objective.MovedAtDash",
  "NOBC.Mission.Objective.Distance",
];

const SIDE_KEYS = { own: "NOBC.Mission.Objective.SideOption.own", enemy: "NOBC.Mission.Objective.SideOption.enemy" } as const;

export const objectiveProcedure: Procedure<ObjectiveState> = {
  id: "missions.objective",
  title: "NOBC.Mission.Objective.Title",
  submit: "NOBC.Mission.Objective.Submit",
  icon: "fa-solid fa-flag",
  submitIcon: "fa-solid fa-flag-checkered",
  schema: z
    .object({
      objective: z.string().max(100),
      teams: z
        .array(
          z
            .object({
              name: z.string().max(100),
              side: z.enum(SIDES),
              kind: z.enum(KINDS),
              bailedOut: z.boolean(),
              movedAtDash: z.boolean(),
              distance: z.number(),
            })
            .strict(),
        )
        .max(MAX_OBJECTIVE_ROWS),
    })
    .strict(),
  when: (track) => offered("missions.objective", track),
  initial: () => ({ objective: "", teams: [row("own"), row("enemy")] }),
  fromForm: (state, values) => ({
    objective: textIn(values["objective"], state.objective),
    teams: state.teams.map((t, i) => ({
      name: textIn(values[`teams.${i}.name`], t.name),
      side: pickIn(SIDES, values[`teams.${i}.side`], t.side),
      kind: pickIn(KINDS, values[`teams.${i}.kind`], t.kind),
      // A form sends a ticked box only: an unticked one reads as not ticked once the form has spoken.
      bailedOut: `teams.${i}.name` in values ? boolIn(values[`teams.${i}.bailedOut`] ?? false, t.bailedOut) : t.bailedOut,
      movedAtDash: `teams.${i}.name` in values ? boolIn(values[`teams.${i}.movedAtDash`] ?? false, t.movedAtDash) : t.movedAtDash,
      distance: numberIn(values[`teams.${i}.distance`], t.distance),
    })),
  }),
  addRow: (state) => (state.teams.length >= MAX_OBJECTIVE_ROWS ? state : { ...state, teams: [...state.teams, row("own")] }),
  removeRow: (state, index) => ({ ...state, teams: state.teams.filter((_, i) => i !== index) }),
  view(state, t, world, i18n) {
    const cells = (team: ObjectiveRow, i: number): FieldView[] => [
      { name: `teams.${i}.name`, label: i18n.localize("NOBC.Mission.Objective.Team"), value: team.name },
      {
        name: `teams.${i}.side`,
        label: i18n.localize("NOBC.Mission.Objective.Side"),
        value: team.side,
        select: true,
        options: options(SIDES, team.side, (s) => i18n.localize(SIDE_KEYS[s])),
      },
      {
        name: `teams.${i}.kind`,
        label: i18n.localize("NOBC.Mission.Objective.Kind"),
        value: team.kind,
        select: true,
        options: options(KINDS, team.kind, (k) => i18n.localize(KIND_KEYS[k])),
      },
      { name: `teams.${i}.bailedOut`, label: i18n.localize("NOBC.Mission.Objective.BailedOut"), value: team.bailedOut, checkbox: true },
      {
        name: `teams.${i}.movedAtDash`,
        label: i18n.localize("NOBC.Mission.Objective.MovedAtDash"),
        value: team.movedAtDash,
        checkbox: true,
      },
      { name: `teams.${i}.distance`, label: i18n.localize("NOBC.Mission.Objective.Distance"), value: team.distance, number: true },
    ];
    const checked = this.refusals(state, t, world).length === 0 ? missions.resolveObjective(input(state, t.track.measure)) : null;
    return {
      hint: i18n.format("NOBC.Mission.Objective.Hint", {
        range: speak(missions.lengthPhrase(missions.inMeasure(missions.DISTANCES.objectiveHold, t.track.measure), t.track.measure), i18n),
      }),
      fields: [{ name: "objective", label: i18n.localize("NOBC.Mission.Objective.Objective"), value: state.objective }],
      rows: {
        columns: COLUMN_KEYS.map((k) => i18n.localize(k)),
        rows: state.teams.map((team, i) => ({ index: i, cells: cells(team, i) })),
      },
      // No die: what the card will say, for certain.
      chances:
        checked?.ok === true
          ? [
              {
                label: i18n.localize(checked.value.outcome.held ? "NOBC.Mission.Objective.Held" : "NOBC.Mission.Objective.NotHeld"),
                chance: percent(1, i18n),
              },
            ]
          : [],
    };
  },
  refusals(state, t) {
    const out: Refusal[] = [];
    if (state.objective.trim() === "")
      out.push({ code: "noObjective", text: phrase("NOBC.Mission.Objective.NoObjective"), field: "objective" });
    const checked = missions.resolveObjective(input(state, t.track.measure));
    if (!checked.ok) out.push(...checked.refusals);
    return out;
  },
  card(state, t, _world, _dice, i18n) {
    const checked = missions.resolveObjective(input(state, t.track.measure));
    if (!checked.ok) return checked;
    const r = checked.value;
    const objective = state.objective.trim();
    return {
      ok: true,
      value: {
        title: i18n.format("NOBC.Mission.Objective.CardTitle", { objective }),
        // The teams stand on the table, not in documents: the card states the finding and changes nothing.
        resolution: { ...r, effects: [] },
        total: false,
        outcome: i18n.format(r.outcome.held ? "NOBC.Mission.Objective.OutcomeHeld" : "NOBC.Mission.Objective.OutcomeNotHeld", {
          objective,
        }),
      },
    };
  },
};
