/**
 * Step 7, paradrop (the umpire's dialog): a brigade, its transports from the paradrop box, the air
 * status over the drop zone, an enemy unit next to it, an airfield under it; the rules' input and
 * the card. Pure.
 */
import { resolveParadrop, type AirLevel, type ParadropInput, type ParadropResult } from "../../../../rules/nobc/air/index";
import type { Side } from "../../../../rules/nobc/air/types";
import type { Dice } from "../../../../rules/dice";
import { phrase, refuse, type Checked } from "../../../../rules/resolution";
import type { FormValues } from "../../../base/controller";
import { speak } from "../../../../words/phrase";
import { checked, readSide, refusal, SIDE_KEYS, tickedIds, type Translator, type MissionCard } from "../view";
import type { MissionWorld } from "../world";
import { holdsFor } from "../../../base/holds";

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

export const LEVELS: readonly AirLevel[] = ["contested", "superiority", "supremacy"];

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
    transports: tickedIds(
      form,
      "transport",
      transportCandidates(world, side).map((s) => s.id),
    ),
    level,
    winner,
    adjacentToEnemy: checked(form["adjacentToEnemy"]),
    onAirfield: checked(form["onAirfield"]),
    override:
      typeof form["override"] === "string" ? form["override"].trim() : typeof form["override"] === "number" ? String(form["override"]) : "",
  };
}

/** The rules' input for the dialog's state, or why there is none yet. */
export function paradropInput(state: ParadropState, world: MissionWorld): Checked<ParadropInput> {
  const unit = state.brigade === null ? undefined : world.units.find((u) => u.id === state.brigade);
  if (unit === undefined) return refuse(refusal("noBrigade", phrase("NOBC.AirMissions.Check.noBrigade"), "brigade"));
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

/** What a paradrop uses up: each transport squadron and the brigade drop once a turn. */
export function paradropHolds(state: ParadropState, world: MissionWorld): { readonly holds?: readonly string[] } {
  const input = paradropInput(state, world);
  if (!input.ok) return {};
  return holdsFor(world.turn, [...input.value.transports.map((s) => `paradrop:${s.id}`), `paradrop:${input.value.brigade}`]);
}

export function rollParadrop(state: ParadropState, world: MissionWorld, dice: Dice, i18n: Translator): Checked<MissionCard> {
  const input = paradropInput(state, world);
  if (!input.ok) return input;
  const resolved = resolveParadrop(input.value, dice);
  if (!resolved.ok) return resolved;
  const { outcome } = resolved.value;
  const transports = input.value.transports.map((s) => s.name).join(", ");
  const status =
    state.winner === null
      ? i18n.localize(LEVEL_KEYS[state.level])
      : `${i18n.localize(LEVEL_KEYS[state.level])} (${i18n.localize(SIDE_KEYS[state.winner])})`;
  const yes = i18n.localize("NOBC.AirMissions.Yes");
  const no = i18n.localize("NOBC.AirMissions.No");
  return {
    ok: true,
    value: {
      // Each transport squadron flies one paradrop a turn, and the brigade drops once.
      ...paradropHolds(state, world),
      title: i18n.format("NOBC.AirMissions.Paradrop.CardTitle", { name: input.value.brigadeName }),
      hook: "nobc.paradropResolved",
      resolution: resolved.value,
      outcome: speak(
        phrase("NOBC.AirMissions.Paradrop.Outcome", {
          name: input.value.brigadeName,
          result: phrase(RESULT_KEYS[outcome.result]),
          roll: outcome.modifiedRoll,
        }),
        i18n,
      ),
      inputs: [
        { label: i18n.localize("NOBC.AirMissions.Paradrop.Brigade"), value: input.value.brigadeName },
        { label: i18n.localize("NOBC.AirMissions.Paradrop.Transports"), value: transports === "" ? "\u2014" : transports },
        { label: i18n.localize("NOBC.AirMissions.AirStatus"), value: status },
        { label: i18n.localize("NOBC.AirMissions.Paradrop.AdjacentEnemy"), value: state.adjacentToEnemy ? yes : no },
        { label: i18n.localize("NOBC.AirMissions.Paradrop.OnAirfield"), value: state.onAirfield ? yes : no },
        ...outcome.warnings.map((w) => ({ label: i18n.localize("NOBC.AirMissions.Warning"), value: speak(w, i18n) })),
      ],
    },
  };
}
