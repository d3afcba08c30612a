/**
 * Step 5 in play: a side picks which of its squadrons on ground missions fly, within the allotment
 * its air status gives. The status is worked out again from the squadrons now in the zone's air
 * superiority box (the rules' step 4), so it never depends on a client's memory. Pure.
 */
import type { ActorRef } from "../../../../rules/ids";
import { phrase, type Checked, type Phrase, type Resolution } from "../../../../rules/resolution";
import { speak } from "../../../../words/phrase";
import {
  isRecceOrEw,
  resolveAirSuperiority,
  resolveSortieSelection,
  sortieAllotment,
  SORTIE_BOXES,
  type AirStatus,
  type Side,
  type SortieOutcome,
  type Squadron,
} from "../../../../rules/nobc/air/index";
import type { Translator } from "../../../../view/breakdown";
import { SIDE_LABELS } from "../../../../view/labels";
import type { CardInputLine } from "../../../../chat/resolution-card";
import { combatFor, currentLineUp, type SortieRecord } from "../records";
import { LEVEL_LABELS, namer, zoneLabel } from "../view";
import { notOwned, zoneSquadrons, type AirWorld } from "../world";

export interface SortieState {
  readonly side: Side;
  readonly zone: string;
  readonly selected: readonly ActorRef[];
}

/** The zone's air status from the fighters now in its air superiority box (step 4 again). */
export function zoneStatus(world: AirWorld, zone: string): AirStatus & { nato: number; wp: number } {
  return resolveAirSuperiority({ squadrons: zoneSquadrons(world, zone) }).outcome;
}

/** A side's squadrons on ground missions in a zone, in the order the dialog lists them. */
export function onMission(world: AirWorld, side: Side, zone: string): Squadron[] {
  return zoneSquadrons(world, zone).filter((s) => s.side === side && SORTIE_BOXES.includes(s.box));
}

/** By default as many fly as the allotment allows, in list order, Recce/EW and the others counted apart. */
export function defaultSelection(squadrons: readonly Squadron[], status: AirStatus, side: Side): ActorRef[] {
  const allotment = sortieAllotment(status, side);
  let cas = 0;
  let recceEw = 0;
  const out: ActorRef[] = [];
  for (const s of squadrons) {
    if (isRecceOrEw(s) ? recceEw++ < allotment.recceEw : cas++ < allotment.cas) out.push(s.id);
  }
  return out;
}

export function sortieState(world: AirWorld, scope: { side: Side; zone: string }): SortieState {
  return { ...scope, selected: defaultSelection(onMission(world, scope.side, scope.zone), zoneStatus(world, scope.zone), scope.side) };
}

/** The state after the form changed: `fly-<i>` per listed squadron; a new side or zone starts afresh. */
export function sortieFromForm(world: AirWorld, state: SortieState, form: Readonly<Record<string, unknown>>): SortieState {
  const side = form["side"] === "wp" || form["side"] === "nato" ? form["side"] : state.side;
  const zone = typeof form["zone"] === "string" ? form["zone"] : state.zone;
  if (side !== state.side || zone !== state.zone) return sortieState(world, { side, zone });
  const listed = onMission(world, side, zone);
  const selected = listed.filter((s, i) =>
    `fly-${i}` in form ? form[`fly-${i}`] === true || form[`fly-${i}`] === "on" : state.selected.includes(s.id),
  );
  return { ...state, selected: selected.map((s) => s.id) };
}

export function checkSorties(world: AirWorld, state: SortieState): Checked<Resolution<SortieOutcome>> {
  return resolveSortieSelection({
    side: state.side,
    status: zoneStatus(world, state.zone),
    squadrons: zoneSquadrons(world, state.zone),
    selected: state.selected,
  });
}

/** Beyond the rules: the user must own every squadron of the choice (a GM always may). */
export function sortieProblems(world: AirWorld, state: SortieState, i18n: Translator): string[] {
  return notOwned(world, onMission(world, state.side, state.zone), i18n);
}

/** Whether the zone's air combat may still change the status: a complete line-up with no applied combat. */
export function combatOutstanding(world: AirWorld, zone: string): boolean {
  const lineUp = currentLineUp(world.records, zone, zoneSquadrons(world, zone));
  if (lineUp?.record.bouts === undefined) return false;
  return combatFor(world.records, lineUp.messageId)?.state !== "applied";
}

/** The status as a phrase: "NATO: air supremacy (4 NATO against 1 WP air-to-air squadron)", or contested with no winner. */
function statusPhrase(status: AirStatus & { nato: number; wp: number }): Phrase {
  const data = {
    level: phrase(LEVEL_LABELS[status.level]),
    nato: status.nato,
    wp: phrase("NOBC.AirBattle.WpFighters", { count: status.wp }),
  };
  return status.winner === null
    ? phrase("NOBC.AirBattle.StatusNoWinner", data)
    : phrase("NOBC.AirBattle.StatusWinner", { ...data, side: phrase(SIDE_LABELS[status.winner]) });
}

/** The status in words. */
export function statusText(status: AirStatus & { nato: number; wp: number }, i18n: Translator): string {
  return speak(statusPhrase(status), i18n);
}

export function sortieCard(
  world: AirWorld,
  state: SortieState,
  outcome: SortieOutcome,
  i18n: Translator,
): { title: string; inputs: CardInputLine[]; outcome: string; record: SortieRecord } {
  const status = zoneStatus(world, state.zone);
  const name = namer(world.squadrons);
  const list = (ids: readonly ActorRef[]) => ids.map(name).join(", ") || i18n.localize("NOBC.AirBattle.None");
  return {
    title: i18n.format("NOBC.AirBattle.Sorties.CardTitle", {
      side: i18n.localize(SIDE_LABELS[state.side]),
      zone: zoneLabel(state.zone, i18n),
    }),
    inputs: [
      { label: i18n.localize("NOBC.AirBattle.Status"), value: statusText(status, i18n) },
      { label: i18n.localize("NOBC.AirBattle.Sorties.Flying"), value: list(outcome.flying) },
      { label: i18n.localize("NOBC.AirBattle.Sorties.Intercepted"), value: list(outcome.intercepted) },
    ],
    outcome: speak(
      phrase("NOBC.AirBattle.Sorties.Outcome", {
        flying: phrase("NOBC.AirBattle.Sorties.FlyCount", { count: outcome.flying.length }),
        intercepted: outcome.intercepted.length,
      }),
      i18n,
    ),
    record: {
      kind: "sorties",
      zone: state.zone,
      side: state.side,
      status: { level: status.level, winner: status.winner },
      flying: [...outcome.flying],
      intercepted: [...outcome.intercepted],
    },
  };
}
