/**
 * What the allocation dialog shows: each squadron with its box, target zone and weapon card, the
 * rules' breakdown or every refusal. Pure.
 */
import { MISSION_BOXES } from "../../../../rules/nobc/air/index";
import type { Translator } from "../../../../view/breakdown";
import { AIR_BOX_LABELS, WEAPON_KIND_LABELS } from "../../../../view/labels";
import { choices, namer, previewView, sideChoices, squadronValues, zoneChoices, type Choice, type PreviewView } from "../view";
import { knownZones, userSides, type AirWorld } from "../world";
import { WEAPON_KINDS, allocationProblems, checkAllocation, type AllocationState } from "./state";

export interface AllocationRowView {
  readonly index: number;
  readonly name: string;
  readonly uuid: string;
  readonly values: string;
  readonly boxes: readonly Choice[];
  readonly targets: readonly Choice[];
  readonly weaponKinds: readonly Choice[];
  readonly weaponName: string;
}

export interface AllocationView extends PreviewView {
  readonly sides: readonly Choice[];
  readonly zones: readonly Choice[];
  readonly rows: readonly AllocationRowView[];
  readonly problems: readonly string[];
  readonly canPost: boolean;
  readonly skipped: string;
}

export function allocationContext(world: AirWorld, state: AllocationState, i18n: Translator): AllocationView {
  const byId = new Map(world.squadrons.map((s) => [s.id, s]));
  const zones = knownZones(world);
  // A mission may go to any zone the distance table knows, even one no squadron is in yet.
  const targets = [
    ...new Set([...zones, ...Object.keys(world.zoneDistances), ...Object.values(world.zoneDistances).flatMap((d) => Object.keys(d))]),
  ].sort();
  const checked = checkAllocation(world, state, i18n);
  const problems = allocationProblems(world, state, i18n);
  const preview = previewView(checked, "NOBC.AirBattle.Allocation.Intro", namer(world.squadrons), i18n);
  const boxValues = [
    { value: "", label: i18n.localize("NOBC.AirBattle.Allocation.StayReady") },
    ...MISSION_BOXES.map((b) => ({ value: b, label: i18n.localize(AIR_BOX_LABELS[b]) })),
  ];
  const kindValues = [
    { value: "", label: i18n.localize("NOBC.AirBattle.Allocation.NoWeapon") },
    ...WEAPON_KINDS.map((k) => ({ value: k, label: i18n.localize(WEAPON_KIND_LABELS[k]) })),
  ];
  const rows = state.rows.flatMap((row, index) => {
    const s = byId.get(row.squadron);
    if (s === undefined) return [];
    return [
      {
        index,
        name: s.name,
        uuid: s.id,
        values: squadronValues(s, i18n),
        boxes: choices(boxValues, row.box),
        targets: zoneChoices(targets, row.targetZone, i18n),
        weaponKinds: choices(kindValues, row.weaponKind),
        weaponName: row.weaponName,
      },
    ];
  });
  return {
    ...preview,
    sides: sideChoices(userSides(world), state.side, i18n),
    zones: zoneChoices(zones, state.zone, i18n),
    rows,
    problems: problems.length > 0 && rows.length > 0 ? problems : [],
    canPost: rows.length > 0 && problems.length === 0 && checked.ok,
    skipped: world.skipped.join(", "),
  };
}
