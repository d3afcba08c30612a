/**
 * Teams moving into a minefield (seed 002, Minefields): each takes a skill test; one that fails is
 * hit by an anti-tank 5, firepower 1+ mine and saves (a tank on its top armour). The card says
 * which teams are bailed out or destroyed and whether the unit is pinned down: the umpire marks the
 * teams on the table (they are not documents).
 */
import { z } from "zod";
import { missions } from "../../../rules/index";
import { phrase, type Refusal } from "../../../rules/resolution";
import { percent } from "../view";
import { numberIn, options, pickIn, textIn, type FieldView, type Procedure } from "./procedure";
import { offered } from "../../../combat/mission-panel";
import { constantDice } from "../../../rules/dice";

const KINDS = ["tank", "other"] as const;
export const MAX_TEAM_ROWS = 20;

interface TeamRow {
  readonly name: string;
  readonly kind: (typeof KINDS)[number];
  /** Top armour (a tank) or save rating (any other team). */
  readonly rating: number;
}

interface MinefieldState {
  readonly unit: string;
  readonly skill: number;
  readonly teams: readonly TeamRow[];
}

const row = (): TeamRow => ({ name: "", kind: "tank", rating: 1 });
const nameOf = (t: TeamRow, i: number) => (t.name.trim() === "" ? String(i + 1) : t.name.trim());

function input(state: MinefieldState): missions.MinefieldInput {
  return {
    unit: { actor: "unit", name: state.unit.trim(), skill: state.skill },
    teams: state.teams.map((t, i) =>
      t.kind === "tank"
        ? { actor: `team:${i}`, name: nameOf(t, i), kind: "tank", topArmour: t.rating }
        : { actor: `team:${i}`, name: nameOf(t, i), kind: "other", save: t.rating },
    ),
  };
}

/** A team's chances: safe (skill passed), hit but saved, bailed out (tanks), destroyed. */
export function teamChances(skill: number, team: TeamRow): { safe: number; saved: number; bailedOut: number; destroyed: number } {
  const safe = Math.min(1, Math.max(0, (7 - skill) / 6));
  const hit = 1 - safe;
  let saved = 0;
  let bailed = 0;
  for (let die = 1; die <= 6; die++) {
    const result =
      team.kind === "tank" ? missions.tankMineSave(die, Math.max(0, Math.floor(team.rating))) : die >= team.rating ? "saved" : "destroyed";
    if (result === "saved") saved += 1 / 6;
    else if (result === "bailedOut") bailed += 1 / 6;
  }
  return { safe, saved: hit * saved, bailedOut: hit * bailed, destroyed: hit * (1 - saved - bailed) };
}

const RESULT_KEYS = {
  safe: "NOBC.Mission.Minefield.Result.safe",
  saved: "NOBC.Mission.Minefield.Result.saved",
  bailedOut: "NOBC.Mission.Minefield.Result.bailedOut",
  destroyed: "NOBC.Mission.Minefield.Result.destroyed",
} as const;

export const minefieldProcedure: Procedure<MinefieldState> = {
  id: "missions.minefield",
  title: "NOBC.Mission.Minefield.Title",
  submit: "NOBC.Mission.Roll",
  icon: "fa-solid fa-burst",
  submitIcon: "fa-solid fa-dice",
  schema: z
    .object({
      unit: z.string().max(100),
      skill: z.number(),
      teams: z.array(z.object({ name: z.string().max(100), kind: z.enum(KINDS), rating: z.number() }).strict()).max(MAX_TEAM_ROWS),
    })
    .strict(),
  when: (track) => offered("missions.minefield", track),
  initial: () => ({ unit: "", skill: 4, teams: [row()] }),
  fromForm: (state, values) => ({
    unit: textIn(values["unit"], state.unit),
    skill: numberIn(values["skill"], state.skill),
    teams: state.teams.map((t, i) => ({
      name: textIn(values[`teams.${i}.name`], t.name),
      kind: pickIn(KINDS, values[`teams.${i}.kind`], t.kind),
      rating: numberIn(values[`teams.${i}.rating`], t.rating),
    })),
  }),
  addRow: (state) => (state.teams.length >= MAX_TEAM_ROWS ? state : { ...state, teams: [...state.teams, row()] }),
  removeRow: (state, index) => ({ ...state, teams: state.teams.filter((_, i) => i !== index) }),
  view(state, _t, _world, i18n) {
    const cells = (t: TeamRow, i: number): FieldView[] => [
      { name: `teams.${i}.name`, label: i18n.localize("NOBC.Mission.Minefield.Team"), value: t.name },
      {
        name: `teams.${i}.kind`,
        label: i18n.localize("NOBC.Mission.Minefield.Kind"),
        value: t.kind,
        select: true,
        options: options(KINDS, t.kind, (k) =>
          i18n.localize(k === "tank" ? "NOBC.Mission.Minefield.KindOption.tank" : "NOBC.Mission.Minefield.KindOption.other"),
        ),
      },
      { name: `teams.${i}.rating`, label: i18n.localize("NOBC.Mission.Minefield.Rating"), value: t.rating, number: true },
    ];
    const valid = this.refusals(state, _t, _world).length === 0;
    return {
      hint: i18n.localize("NOBC.Mission.Minefield.Hint"),
      fields: [
        { name: "unit", label: i18n.localize("NOBC.Mission.Minefield.Unit"), value: state.unit },
        { name: "skill", label: i18n.localize("NOBC.Mission.Minefield.Skill"), value: state.skill, number: true },
      ],
      rows: {
        columns: ["NOBC.Mission.Minefield.Team", "NOBC.Mission.Minefield.Kind", "NOBC.Mission.Minefield.Rating"].map((k) =>
          i18n.localize(k),
        ),
        rows: state.teams.map((t, i) => ({ index: i, cells: cells(t, i) })),
      },
      chances: valid
        ? state.teams.flatMap((t, i) => {
            const c = teamChances(state.skill, t);
            return (Object.keys(RESULT_KEYS) as (keyof typeof RESULT_KEYS)[])
              .filter((k) => c[k] > 0)
              .map((k) => ({ label: `${nameOf(t, i)}: ${i18n.localize(RESULT_KEYS[k])}`, chance: percent(c[k], i18n) }));
          })
        : [],
    };
  },
  refusals(state) {
    const out: Refusal[] = [];
    if (state.unit.trim() === "") out.push({ code: "noUnit", text: phrase("NOBC.Mission.Refused.noUnit"), field: "unit" });
    const checked = missions.resolveMinefieldCrossing(input(state), constantDice(1));
    if (!checked.ok) out.push(...checked.refusals);
    return out;
  },
  card(state, _t, _world, dice, i18n) {
    const checked = missions.resolveMinefieldCrossing(input(state), dice);
    if (!checked.ok) return checked;
    const r = checked.value;
    const results = r.outcome.teams.map((team, i) => `${nameOf(state.teams[i]!, i)}: ${i18n.localize(RESULT_KEYS[team.result])}`);
    return {
      ok: true,
      value: {
        title: i18n.format("NOBC.Mission.Minefield.CardTitle", { unit: state.unit.trim() }),
        // The teams are marked on the table by hand: no document holds them.
        resolution: { ...r, effects: [] },
        total: false,
        outcome: `${results.join("; ")}. ${i18n.localize(r.outcome.pinned ? "NOBC.Mission.Minefield.Pinned" : "NOBC.Mission.Minefield.NotPinned")}`,
      },
    };
  },
};
