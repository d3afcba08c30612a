/**
 * What the paradrop dialog shows: the candidates, the modifiers, and the exact chance of each
 * result over the six faces, found by asking the rules what each face would give. Pure.
 */
import {
  PARADROP_LOSSES,
  PARADROP_RESULTS,
  resolveParadrop,
  type ParadropInput,
  type ParadropResult,
} from "../../../../rules/nobc/air/index";
import type { Side } from "../../../../rules/nobc/air/types";
import { phrase, type Checked } from "../../../../rules/resolution";
import { speak } from "../../../../words/phrase";
import { breakdownRows, constantDice, percent, refusalMessages, sideOptions, SIDE_KEYS, type Translator } from "../view";
import type { MissionWorld } from "../world";
import { LEVELS, RESULT_KEYS, LEVEL_KEYS, dropCandidates, transportCandidates, paradropInput, type ParadropState } from "./state";

export interface ParadropOddsRow {
  readonly result: ParadropResult;
  readonly faces: readonly number[];
  /** faces / 6, exact. */
  readonly probability: number;
}

/** The chance of each result for this drop, over the six faces (best result last, as the table runs). */
export function paradropOdds(input: ParadropInput): Checked<ParadropOddsRow[]> {
  const byFace: ParadropResult[] = [];
  for (let face = 1; face <= 6; face++) {
    const r = resolveParadrop(input, constantDice(face));
    if (!r.ok) return r;
    byFace.push(r.value.outcome.result);
  }
  return {
    ok: true,
    value: PARADROP_RESULTS.map(({ result }) => {
      const faces = [1, 2, 3, 4, 5, 6].filter((f) => byFace[f - 1] === result);
      return { result, faces, probability: faces.length / 6 };
    }),
  };
}

function lossText(result: ParadropResult, i18n: Translator): string {
  const loss = PARADROP_LOSSES[result];
  const hits =
    loss.hits === "all"
      ? i18n.localize("NOBC.AirMissions.Paradrop.LossAll")
      : loss.hits === 0
        ? i18n.localize("NOBC.AirMissions.Paradrop.LossNone")
        : speak(phrase("NOBC.AirMissions.Paradrop.LossHits", { count: loss.hits }), i18n);
  return loss.transportsLost ? `${hits}; ${i18n.localize("NOBC.AirMissions.Paradrop.TransportsLost")}` : hits;
}

export function paradropContext(state: ParadropState, world: MissionWorld, i18n: Translator) {
  const sides: Side[] = ["nato", "wp"];
  const base = {
    sides: sideOptions(sides, state.side, i18n),
    brigades: dropCandidates(world, state.side).map((u) => ({ value: u.id, label: u.name, selected: u.id === state.brigade })),
    transports: transportCandidates(world, state.side).map((s) => ({ id: s.id, name: s.name, checked: state.transports.includes(s.id) })),
    levels: LEVELS.map((l) => ({ value: l, label: i18n.localize(LEVEL_KEYS[l]), selected: l === state.level })),
    winners: [
      { value: "", label: i18n.localize("NOBC.AirMissions.NoWinner"), selected: state.winner === null },
      ...sides.map((s) => ({ value: s, label: i18n.localize(SIDE_KEYS[s]), selected: s === state.winner })),
    ],
    adjacentToEnemy: state.adjacentToEnemy,
    onAirfield: state.onAirfield,
    override: state.override,
  };
  const input = paradropInput(state, world);
  const odds = input.ok ? paradropOdds(input.value) : input;
  if (!input.ok || !odds.ok) {
    return {
      ...base,
      refusals: refusalMessages(input.ok ? (odds.ok ? [] : odds.refusals) : input.refusals, i18n),
      modifiers: [],
      odds: [],
      warnings: [],
      effects: [],
      canRoll: false,
    };
  }
  // The face-1 run holds every modifier; its first line is the die itself.
  const sample = resolveParadrop(input.value, constantDice(1));
  const lines = sample.ok ? sample.value.breakdown.slice(1) : [];
  const total = lines.reduce((s, l) => s + l.value, 0);
  return {
    ...base,
    refusals: [],
    modifiers: breakdownRows(lines, i18n),
    modifierTotal: total > 0 ? `+${total}` : total < 0 ? `\u2212${-total}` : "0",
    odds: odds.value.map((row) => ({
      label: i18n.localize(RESULT_KEYS[row.result]),
      faces: row.faces.length === 0 ? "\u2014" : row.faces.join(", "),
      chance: percent(row.probability, i18n),
      losses: lossText(row.result, i18n),
      impossible: row.faces.length === 0,
    })),
    warnings: sample.ok ? sample.value.outcome.warnings.map((w) => speak(w, i18n)) : [],
    canRoll: true,
  };
}
