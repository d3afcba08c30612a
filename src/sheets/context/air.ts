/** Contexts of the air sheets: a squadron's factors and box, an airbase's capacity and damage. */
import { AIR_BOXES, type AirBox } from "../../rules/nobc/air/effects";
import { AIR_BOX_LABELS, ROLE_LABELS, SIDE_LABELS, WEAPON_KIND_LABELS } from "../../view/labels";
import {
  nationalityChoices,
  nationalityLabel,
  sheetHeader,
  track,
  type Choices,
  type DocumentHeader,
  type SideContext,
  type TrackBox,
  type TrackContext,
} from "../../view/common";
import { NATIONALITIES } from "../../data/nationalities";
import type { AirbaseSystemView, AirSquadronSystemView, DocLink, WeaponKind } from "../../view/views";

export interface AirSquadronSheetExtras extends DocumentHeader {
  readonly airbase: DocLink | null;
}

export interface FactorContext {
  readonly key: "airToAir" | "cas" | "deepStrike";
  readonly label: string;
  readonly value: number;
}

export interface AirSquadronSheetContext extends SideContext, DocumentHeader {
  readonly system: AirSquadronSystemView;
  readonly roleLabel: string;
  readonly nationalityLabel: string;
  readonly factors: readonly FactorContext[];
  readonly weapons: readonly { readonly index: number; readonly kind: WeaponKind; readonly kindLabel: string; readonly name: string }[];
  readonly boxes: readonly { readonly box: AirBox; readonly label: string; readonly current: boolean }[];
  readonly boxLabel: string;
  readonly damaged: boolean;
  readonly destroyed: boolean;
  readonly specials: readonly { readonly field: string; readonly label: string; readonly active: boolean }[];
  readonly airbase: DocLink | null;
  readonly choices: {
    readonly sides: Choices;
    readonly roles: Choices;
    readonly boxes: Choices;
    readonly weaponKinds: Choices;
    readonly nationalities: Choices;
  };
}

export function airSquadronSheetContext(system: AirSquadronSystemView, extras: AirSquadronSheetExtras): AirSquadronSheetContext {
  return {
    ...sheetHeader(system.side, extras),
    system,
    roleLabel: ROLE_LABELS[system.role],
    nationalityLabel: nationalityLabel(system.nationality, NATIONALITIES),
    factors: [
      { key: "airToAir", label: "NOBC.Air.AirToAir", value: system.airToAir },
      { key: "cas", label: "NOBC.Air.Cas", value: system.cas },
      { key: "deepStrike", label: "NOBC.Air.DeepStrike", value: system.deepStrike },
    ],
    weapons: system.weapons.map((w, index) => ({
      index,
      kind: w.kind,
      kindLabel: WEAPON_KIND_LABELS[w.kind],
      name: w.name,
    })),
    boxes: AIR_BOXES.map((box) => ({ box, label: AIR_BOX_LABELS[box], current: box === system.box })),
    boxLabel: AIR_BOX_LABELS[system.box],
    damaged: system.box === "damaged",
    destroyed: system.box === "destroyed",
    specials: [
      { field: "system.recce", label: "NOBC.Air.Recce", active: system.recce },
      { field: "system.ew", label: "NOBC.Air.Ew", active: system.ew },
      { field: "system.harrier", label: "NOBC.Air.Harrier", active: system.harrier },
    ],
    airbase: extras.airbase,
    choices: {
      sides: SIDE_LABELS,
      roles: ROLE_LABELS,
      boxes: AIR_BOX_LABELS,
      weaponKinds: WEAPON_KIND_LABELS,
      nationalities: nationalityChoices(system.side, system.nationality, NATIONALITIES),
    },
  };
}

/** A squadron based at an airbase, as the airbase lists it. */
export interface BasedSquadron {
  readonly uuid: string;
  readonly name: string;
  readonly aircraft: string;
  readonly box: AirBox;
  /** EW, Recce and Harrier squadrons take no space on a base (docs/decisions: airbase capacity). */
  readonly needsNoSpace: boolean;
}

export interface AirbaseSheetExtras extends DocumentHeader {
  readonly squadrons: readonly BasedSquadron[];
}

export interface AirbaseSheetContext extends SideContext, DocumentHeader {
  readonly system: AirbaseSystemView;
  /** One slot per unit of capacity, filled by the squadrons that take space. */
  readonly slots: readonly TrackBox[];
  readonly used: number;
  readonly overCapacity: boolean;
  readonly hits: { readonly repairable: readonly number[]; readonly permanent: readonly number[]; readonly total: number };
  readonly airDefence: TrackContext;
  readonly squadrons: readonly (BasedSquadron & { readonly boxLabel: string })[];
  readonly choices: { readonly sides: Choices };
}

export function airbaseSheetContext(system: AirbaseSystemView, extras: AirbaseSheetExtras): AirbaseSheetContext {
  const used = extras.squadrons.filter((s) => !s.needsNoSpace && s.box !== "destroyed").length;
  const capacity = Math.max(0, system.capacity);
  const marks = (n: number): number[] => Array.from({ length: Math.max(0, n) }, (_, i) => i + 1);
  return {
    ...sheetHeader(system.side, extras),
    system,
    slots: track(Math.min(used, capacity), capacity).boxes,
    used,
    overCapacity: used > capacity,
    hits: {
      repairable: marks(system.hits.repairable),
      permanent: marks(system.hits.permanent),
      total: system.hits.repairable + system.hits.permanent,
    },
    airDefence: track(system.airDefence.value, system.airDefence.max),
    squadrons: [...extras.squadrons].sort((a, b) => a.name.localeCompare(b.name)).map((s) => ({ ...s, boxLabel: AIR_BOX_LABELS[s.box] })),
    choices: { sides: SIDE_LABELS },
  };
}
