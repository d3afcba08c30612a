/**
 * What the line-up dialog shows: the lines of both sides, the parts the user may decide and the
 * one still awaited, the bouts once complete, and the rules' breakdown or every refusal. Pure.
 */
import type { ActorRef } from "../../../../rules/ids";
import { hasWeapon, type Bout } from "../../../../rules/nobc/air/index";
import { phrase } from "../../../../rules/resolution";
import { speak } from "../../../../words/phrase";
import type { Translator } from "../../../../view/breakdown";
import { SIDE_LABELS } from "../../../../view/labels";
import { choices, namer, previewView, squadronValues, zoneChoices, zoneLabel, type Choice, type PreviewView } from "../view";
import { knownZones, type AirWorld } from "../world";
import { neededParts, editableParts, waitingFor, checkLineUp, type LineUpState } from "./state";

export interface LineSquadronView {
  readonly index: number;
  readonly name: string;
  readonly uuid: string;
  readonly values: string;
}

export interface LineUpView extends PreviewView {
  readonly zones: readonly Choice[];
  readonly zone: string;
  /** "none": no air-to-air combat here; "waiting": another side decides now; "editing"; "done". */
  readonly status: "none" | "waiting" | "editing" | "done";
  readonly statusNone: boolean;
  readonly statusWaiting: boolean;
  readonly statusEditing: boolean;
  readonly statusDone: boolean;
  readonly waitingFor: string;
  readonly wp: readonly (LineSquadronView & { readonly place: number; readonly canUp: boolean; readonly canDown: boolean })[];
  readonly editLine: boolean;
  readonly nato: readonly (LineSquadronView & { readonly opponents: readonly Choice[] })[];
  readonly editOpposite: boolean;
  readonly showSwitches: boolean;
  readonly editSwitches: boolean;
  readonly switches: readonly { readonly slot: number; readonly a: readonly Choice[]; readonly b: readonly Choice[] }[];
  readonly bouts: readonly { readonly wp: string; readonly nato: string }[];
  readonly canPost: boolean;
  readonly canRestart: boolean;
}

/** One side of a bout in words: the squadron, its air-to-air value, and AAM when it fires first. */
function boutSide(world: AirWorld, id: ActorRef | null, i18n: Translator): string {
  if (id === null) return i18n.localize("NOBC.AirBattle.LineUp.Unchallenged");
  const s = world.squadrons.find((x) => x.id === id);
  if (s === undefined) return id;
  return speak(
    phrase(hasWeapon(s, "aam") ? "NOBC.AirBattle.LineUp.FighterAam" : "NOBC.AirBattle.LineUp.Fighter", { name: s.name, value: s.airToAir }),
    i18n,
  );
}

export function boutsView(world: AirWorld, bouts: readonly Bout[], i18n: Translator): { wp: string; nato: string }[] {
  return bouts.map((b) => ({ wp: boutSide(world, b.wp, i18n), nato: boutSide(world, b.nato, i18n) }));
}

export function lineUpContext(world: AirWorld, state: LineUpState, i18n: Translator): LineUpView {
  const byId = new Map(world.squadrons.map((s) => [s.id, s]));
  const parts = editableParts(world, state);
  const needed = neededParts(world, state.zone);
  const status: LineUpView["status"] =
    needed.length === 0 ? "none" : state.bouts !== null ? "done" : parts.length === 0 ? "waiting" : "editing";
  const checked = checkLineUp(world, state, parts);
  const view = (id: ActorRef, index: number): LineSquadronView => {
    const s = byId.get(id);
    return { index, name: s?.name ?? id, uuid: id, values: s === undefined ? "" : squadronValues(s, i18n) };
  };
  const wpChoices = (selected: string, blank: string) =>
    choices(
      [
        { value: "", label: i18n.localize(blank) },
        ...state.wpLine.map((id, i) => ({ value: id, label: `${i + 1}. ${byId.get(id)?.name ?? id}` })),
      ],
      selected,
    );
  const waiting = waitingFor(world, state);
  const final = checked.ok ? checked.value.outcome.bouts : null;
  return {
    ...(status === "editing"
      ? previewView(checked, "NOBC.AirBattle.LineUp.Intro", namer(world.squadrons), i18n)
      : { refusals: [], breakdown: null }),
    zones: zoneChoices(knownZones(world), state.zone, i18n),
    zone: zoneLabel(state.zone, i18n),
    status,
    statusNone: status === "none",
    statusWaiting: status === "waiting",
    statusEditing: status === "editing",
    statusDone: status === "done",
    waitingFor: waiting === null ? "" : i18n.localize(SIDE_LABELS[waiting]),
    wp: state.wpLine.map((id, i) => ({ ...view(id, i), place: i + 1, canUp: i > 0, canDown: i < state.wpLine.length - 1 })),
    editLine: parts.includes("wpLine"),
    nato: state.opposite.map((p, i) => ({ ...view(p.nato, i), opponents: wpChoices(p.wp, "NOBC.AirBattle.LineUp.Unchallenged") })),
    editOpposite: parts.includes("natoOpposite"),
    showSwitches: needed.includes("wpSwitches") && (parts.includes("wpSwitches") || state.recorded.includes("wpSwitches")),
    editSwitches: parts.includes("wpSwitches"),
    switches: state.switches.map(([a, b], slot) => ({
      slot,
      a: wpChoices(a, "NOBC.AirBattle.LineUp.NoSwitch"),
      b: wpChoices(b, "NOBC.AirBattle.LineUp.NoSwitch"),
    })),
    bouts: boutsView(world, state.bouts ?? final ?? [], i18n),
    canPost: status === "editing" && checked.ok,
    canRestart: world.isGM && (state.recorded.length > 0 || state.bouts !== null),
  };
}
