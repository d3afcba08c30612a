/**
 * What the sortie dialog shows: the zone's status, the side's allotment, and a tick per squadron on
 * a ground mission. Pure.
 */
import { isRecceOrEw, sortieAllotment } from "../../../../rules/nobc/air/index";
import { phrase } from "../../../../rules/resolution";
import { speak } from "../../../../words/phrase";
import type { Translator } from "../../../../view/breakdown";
import { AIR_BOX_LABELS } from "../../../../view/labels";
import { namer, previewView, sideChoices, squadronValues, zoneChoices, type Choice, type PreviewView } from "../view";
import { knownZones, userSides, type AirWorld } from "../world";
import { zoneStatus, onMission, checkSorties, sortieProblems, combatOutstanding, statusText, type SortieState } from "./state";

export interface SortieView extends PreviewView {
  readonly sides: readonly Choice[];
  readonly zones: readonly Choice[];
  readonly status: string;
  readonly allotment: string;
  readonly outstanding: boolean;
  readonly rows: readonly { index: number; name: string; uuid: string; box: string; values: string; recceEw: boolean; checked: boolean }[];
  readonly problems: readonly string[];
  readonly canPost: boolean;
}

export function sortieContext(world: AirWorld, state: SortieState, i18n: Translator): SortieView {
  const status = zoneStatus(world, state.zone);
  const allotment = sortieAllotment(status, state.side);
  const listed = onMission(world, state.side, state.zone);
  const checked = checkSorties(world, state);
  const problems = listed.length > 0 ? sortieProblems(world, state, i18n) : [];
  return {
    ...previewView(checked, "NOBC.AirBattle.Sorties.Intro", namer(world.squadrons), i18n),
    sides: sideChoices(userSides(world), state.side, i18n),
    zones: zoneChoices(knownZones(world), state.zone, i18n),
    status: statusText(status, i18n),
    allotment: speak(phrase("NOBC.AirBattle.Allotment", { cas: allotment.cas, recceEw: allotment.recceEw }), i18n),
    outstanding: combatOutstanding(world, state.zone),
    rows: listed.map((s, index) => ({
      index,
      name: s.name,
      uuid: s.id,
      box: i18n.localize(AIR_BOX_LABELS[s.box]),
      values: squadronValues(s, i18n),
      recceEw: isRecceOrEw(s),
      checked: state.selected.includes(s.id),
    })),
    problems,
    canPost: listed.length > 0 && problems.length === 0 && checked.ok,
  };
}
