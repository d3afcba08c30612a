/**
 * Context of the NQM unit sheet: grade and Green flag, bases with their red and black pins, the
 * combat units it fires, its status markers and its position (seed 004, 2015 edition). Pure.
 */
import {
  NQM_CLASS_LABEL as WEIGHT_CLASS_LABEL,
  NQM_CLASSES as WEIGHT_CLASSES,
  NQM_GRADE_LABEL as GRADE_LABEL,
  NQM_GRADES as GRADES,
  nqmCombatUnits as combatUnits,
  nqmMayBeGreen as mayBeGreen,
} from "../../data/nqm-classes";
import { NQM_SIDE_LABELS } from "../../view/labels";
import { sheetHeader, type Choices, type DocumentHeader, type SideContext } from "../../view/common";
import type { NqmUnitSystemView } from "../../view/views";
import type { FlagContext } from "./unit";

export interface NqmUnitSheetExtras extends DocumentHeader {
  readonly enrichedNotes: string;
}

/** One base of the unit: carrying no pin, a red pin or a black pin; lost bases shown struck out. */
export interface NqmBase {
  readonly index: number;
  readonly state: "clear" | "red" | "black" | "lost";
  readonly label: string;
}

/** The lang key of each position. */
export const POSITION_LABEL: Readonly<Record<NqmUnitSystemView["protection"], string>> = {
  open: "NOBC.Nqm.Position.open",
  dugIn: "NOBC.Nqm.Position.dugIn",
  fortified: "NOBC.Nqm.Position.fortified",
};

export const KIND_LABEL: Readonly<Record<NqmUnitSystemView["kind"], string>> = {
  fighting: "NOBC.Nqm.Kind.fighting",
  support: "NOBC.Nqm.Kind.support",
};

export interface NqmUnitSheetContext extends SideContext, DocumentHeader {
  readonly system: NqmUnitSystemView;
  readonly gradeLabel: string;
  readonly greenAllowed: boolean;
  readonly bases: readonly NqmBase[];
  /** What the unit's bases give by the rule (one CU per three bases of a fighting stand, one for support). */
  readonly suggestedCombatUnits: number;
  readonly targetClassLabel: string;
  readonly positionLabel: string;
  readonly statusLine: readonly string[];
  readonly flags: readonly FlagContext[];
  readonly notes: { readonly raw: string; readonly enriched: string };
  readonly choices: {
    readonly sides: Choices;
    readonly grades: Choices;
    readonly kinds: Choices;
    readonly classes: Choices;
    readonly positions: Choices;
  };
}

/** The unit's bases left to right: black pins first, then red, then clear, then the bases lost. */
export function nqmBases(system: Pick<NqmUnitSystemView, "strength" | "pins">): NqmBase[] {
  const { value, max } = system.strength;
  const black = Math.min(system.pins.black, value);
  const red = Math.min(system.pins.red, value - black);
  return Array.from({ length: Math.max(max, value) }, (_, i) => {
    const state = i < black ? "black" : i < black + red ? "red" : i < value ? "clear" : "lost";
    return { index: i + 1, state, label: BASE_LABEL[state] };
  });
}

const BASE_LABEL: Readonly<Record<NqmBase["state"], string>> = {
  clear: "NOBC.Nqm.Base.clear",
  red: "NOBC.Nqm.Base.red",
  black: "NOBC.Nqm.Base.black",
  lost: "NOBC.Nqm.Base.lost",
};

function flag(field: string, label: string, hint: string, active: boolean): FlagContext {
  return { field: `system.${field}`, label, hint, active };
}

export function nqmUnitSheetContext(system: NqmUnitSystemView, extras: NqmUnitSheetExtras): NqmUnitSheetContext {
  const statusLine = [
    ...(system.pinned ? ["NOBC.Nqm.Status.pinned"] : []),
    ...(system.disorganised ? ["NOBC.Nqm.Status.disorganised"] : []),
    ...(system.broken ? ["NOBC.Nqm.Status.broken"] : []),
    ...(system.harassedHours > 0 ? ["NOBC.Nqm.Status.harassed"] : []),
    ...(system.surrendered ? ["NOBC.Nqm.Status.surrendered"] : []),
    ...(system.withdrawn ? ["NOBC.Nqm.Status.withdrawn"] : []),
    ...(!system.inSupply ? ["NOBC.Nqm.Status.outOfSupply"] : []),
  ];
  return {
    ...sheetHeader(system.side, extras),
    // A WWII unit is on the blue or the red side, not NATO's or the Warsaw Pact's.
    sideLabel: NQM_SIDE_LABELS[system.side],
    system,
    gradeLabel: GRADE_LABEL[system.grade],
    greenAllowed: mayBeGreen(system.grade),
    bases: nqmBases(system),
    suggestedCombatUnits: combatUnits(system.kind, Math.max(0, system.strength.value)),
    targetClassLabel: WEIGHT_CLASS_LABEL[system.targetClass],
    positionLabel: POSITION_LABEL[system.protection],
    statusLine: statusLine.length > 0 ? statusLine : ["NOBC.Nqm.Status.steady"],
    flags: [
      flag("disorganised", "NOBC.Nqm.Status.disorganised", "NOBC.Nqm.Hint.disorganised", system.disorganised),
      flag("broken", "NOBC.Nqm.Status.broken", "NOBC.Nqm.Hint.broken", system.broken),
      flag("surrendered", "NOBC.Nqm.Status.surrendered", "NOBC.Nqm.Hint.surrendered", system.surrendered),
      flag("withdrawn", "NOBC.Nqm.Status.withdrawn", "NOBC.Nqm.Hint.withdrawn", system.withdrawn),
      flag("inSupply", "NOBC.Nqm.Field.InSupply", "NOBC.Nqm.Hint.inSupply", system.inSupply),
      flag("recceTroops", "NOBC.Nqm.Field.RecceTroops", "NOBC.Nqm.Hint.recceTroops", system.recceTroops),
      flag("commandBase", "NOBC.Nqm.Field.CommandBase", "NOBC.Nqm.Hint.commandBase", system.commandBase),
    ],
    notes: { raw: system.notes, enriched: extras.enrichedNotes },
    choices: {
      sides: NQM_SIDE_LABELS,
      grades: Object.fromEntries(GRADES.map((g) => [g, GRADE_LABEL[g]])),
      kinds: KIND_LABEL,
      classes: Object.fromEntries(WEIGHT_CLASSES.map((c) => [c, WEIGHT_CLASS_LABEL[c]])),
      positions: POSITION_LABEL,
    },
  };
}
