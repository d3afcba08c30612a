/**
 * Step 7, paradrop (the umpire's dialog): a brigade, its transports from the paradrop box, the air
 * status over the drop zone, an enemy unit next to it, an airfield under it. Before the roll the
 * dialog shows the modifiers and the exact chance of each result over the six faces, found by
 * asking the rules what each face would give.
 */
import {
  PARADROP_LOSSES,
  PARADROP_RESULTS,
  resolveParadrop,
  type AirLevel,
  type ParadropInput,
  type ParadropResult,
} from "../../../rules/nobc/air/index";
import type { Side } from "../../../rules/nobc/air/types";
import type { Dice } from "../../../rules/dice";
import { refuse, type Checked } from "../../../rules/resolution";
import {
  breakdownRows,
  checked,
  constantDice,
  percent,
  readSide,
  refusal,
  refusalMessages,
  sideOptions,
  SIDE_KEYS,
  tickedIds,
  type FormValues,
  type MissionPost,
  type MissionSpec,
  type Translator,
} from "./spec";
import type { MissionWorld } from "./world";

export interface ParadropState {
  readonly side: Side;
  readonly brigade: string | null;
  readonly transports: readonly string[];
  readonly level: AirLevel;
  /** Who won the air over the drop zone; null on a tie. */
  readonly winner: Side | null;
  readonly adjacentToEnemy: boolean;
  readonly onAirfield: boolean;
  /** The umpire's air-status modifier as typed; "" uses the table's. */
  readonly override: string;
}

const LEVELS: readonly AirLevel[] = ["contested", "superiority", "supremacy"];

export const RESULT_KEYS: Readonly<Record<ParadropResult, string>> = {
  totalLoss: "NOBC.AirMissions.Paradrop.Result.totalLoss",
  heavyLoss: "NOBC.AirMissions.Paradrop.Result.heavyLoss",
  lightLoss: "NOBC.AirMissions.Paradrop.Result.lightLoss",
  success: "NOBC.AirMissions.Paradrop.Result.success",
};

export const LEVEL_KEYS: Readonly<Record<AirLevel, string>> = {
  contested: "NOBC.AirMissions.Level.contested",
  superiority: "NOBC.AirMissions.Level.superiority",
  supremacy: "NOBC.AirMissions.Level.supremacy",
};

/** Units that can drop: the side's airborne and airmobile units first, then the others. */
export function dropCandidates(world: MissionWorld, side: Side) {
  const own = world.units.filter((u) => u.side === side);
  const para = (arm: string) => arm === "airborne" || arm === "airmobile";
  return [...own.filter((u) => para(u.arm)), ...own.filter((u) => !para(u.arm))];
}

export function transportCandidates(world: MissionWorld, side: Side) {
  return world.squadrons.filter((s) => s.side === side && s.box === "paradrop");
}

export function initialParadrop(world: MissionWorld, side: Side): ParadropState {
  return {
    side,
    brigade: dropCandidates(world, side)[0]?.id ?? null,
    transports: transportCandidates(world, side).map((s) => s.id),
    level: "contested",
    winner: null,
    adjacentToEnemy: false,
    onAirfield: false,
    override: "",
  };
}

export function readParadrop(state: ParadropState, form: FormValues, world: MissionWorld): ParadropState {
  const side = readSide(form["side"], state.side);
  if (side !== state.side) return initialParadrop(world, side);
  const brigade = typeof form["brigade"] === "string" && form["brigade"] !== "" ? form["brigade"] : state.brigade;
  const level = LEVELS.find((l) => l === form["level"]) ?? state.level;
  const winner = form["winner"] === "nato" || form["winner"] === "wp" ? form["winner"] : form["winner"] === "" ? null : state.winner;
  return {
    side,
    brigade,
    transports: tickedIds(form, "transport", transportCandidates(world, side).map((s) => s.id)),
    level,
    winner,
    adjacentToEnemy: checked(form["adjacentToEnemy"]),
    onAirfield: checked(form["onAirfield"]),
    override: typeof form["override"] === "string" ? form["override"].trim() : typeof form["override"] === "number" ? String(form["override"]) : "",
  };
}

/** The rules' input for the dialog's state, or why there is none yet. */
export function paradropInput(state: ParadropState, world: MissionWorld, i18n: Translator): Checked<ParadropInput> {
  const unit = state.brigade === null ? undefined : world.units.find((u) => u.id === state.brigade);
  if (unit === undefined) return refuse(refusal("noBrigade", i18n.localize("NOBC.AirMissions.Check.noBrigade"), "brigade"));
  const transports = state.transports.map((id) => world.squadrons.find((s) => s.id === id)).filter((s) => s !== undefined);
  const input: ParadropInput = {
    side: state.side,
    brigade: unit.id,
    brigadeName: unit.name,
    status: { level: state.level, winner: state.winner },
    adjacentToEnemy: state.adjacentToEnemy,
    onAirfield: state.onAirfield,
    transports,
  };
  // A typed modifier goes to the rules as a number, so they can refuse one that is not whole.
  return { ok: true, value: state.override === "" ? input : { ...input, airModifierOverride: Number(state.override) } };
}

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
        : loss.hits === 1
          ? i18n.localize("NOBC.AirMissions.Paradrop.LossHit")
          : i18n.format("NOBC.AirMissions.Paradrop.LossHits", { hits: String(loss.hits) });
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
  const input = paradropInput(state, world, i18n);
  const odds = input.ok ? paradropOdds(input.value) : input;
  if (!input.ok || !odds.ok) {
    return { ...base, refusals: refusalMessages(input.ok ? (odds.ok ? [] : odds.refusals) : input.refusals), modifiers: [], odds: [], warnings: [], effects: [], canRoll: false };
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
      chance: percent(row.probability),
      losses: lossText(row.result, i18n),
      impossible: row.faces.length === 0,
    })),
    warnings: sample.ok ? sample.value.outcome.warnings : [],
    canRoll: true,
  };
}

export function rollParadrop(state: ParadropState, world: MissionWorld, dice: Dice, i18n: Translator): Checked<MissionPost> {
  const input = paradropInput(state, world, i18n);
  if (!input.ok) return input;
  const resolved = resolveParadrop(input.value, dice);
  if (!resolved.ok) return resolved;
  const { outcome } = resolved.value;
  const transports = input.value.transports.map((s) => s.name).join(", ");
  const status = state.winner === null
    ? i18n.localize(LEVEL_KEYS[state.level])
    : `${i18n.localize(LEVEL_KEYS[state.level])} (${i18n.localize(SIDE_KEYS[state.winner])})`;
  const yes = i18n.localize("NOBC.AirMissions.Yes");
  const no = i18n.localize("NOBC.AirMissions.No");
  return {
    ok: true,
    value: {
      title: i18n.format("NOBC.AirMissions.Paradrop.CardTitle", { name: input.value.brigadeName }),
      hook: "nobc.paradropResolved",
      resolution: resolved.value,
      outcome: i18n.format("NOBC.AirMissions.Paradrop.Outcome", {
        result: i18n.localize(RESULT_KEYS[outcome.result]),
        roll: String(outcome.modifiedRoll),
      }),
      inputs: [
        { label: i18n.localize("NOBC.AirMissions.Paradrop.Brigade"), value: input.value.brigadeName },
        { label: i18n.localize("NOBC.AirMissions.Paradrop.Transports"), value: transports === "" ? "\u2014" : transports },
        { label: i18n.localize("NOBC.AirMissions.AirStatus"), value: status },
        { label: i18n.localize("NOBC.AirMissions.Paradrop.AdjacentEnemy"), value: state.adjacentToEnemy ? yes : no },
        { label: i18n.localize("NOBC.AirMissions.Paradrop.OnAirfield"), value: state.onAirfield ? yes : no },
        ...outcome.warnings.map((w) => ({ label: i18n.localize("NOBC.AirMissions.Warning"), value: w })),
      ],
    },
  };
}

export const paradropSpec: MissionSpec<ParadropState> = {
  id: "paradrop",
  template: "apps/air-missions/paradrop.hbs",
  title: "NOBC.AirMissions.Paradrop.Title",
  who: "gm",
  initial: initialParadrop,
  read: readParadrop,
  context: paradropContext,
  roll: rollParadrop,
};

