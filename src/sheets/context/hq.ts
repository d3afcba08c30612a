/** Context of the HQ sheet: its boxes, reach, hand of support cards and the units under it. */
import { SUPPORT_CARD_CATEGORIES } from "../../rules/nobc/land/types";
import type { Mode, UnitArm, UnitSize } from "../../rules/nobc/land/types";
import { ARM_LABELS, ECHELON_LABELS, MODE_LABELS, SIDE_LABELS, SIZE_LABELS } from "../../view/labels";
import {
  nationalityChoices,
  nationalityLabel,
  sheetHeader,
  track,
  type Choices,
  type DocumentHeader,
  type SideContext,
  type TrackContext,
} from "../../view/common";
import { cardRows, type CardRow, type CardSummary } from "./cards";
import { NATIONALITIES } from "../../data/nationalities";
import type { DocLink, HqSystemView, Pool } from "../../view/views";

/** A subordinate unit as the HQ lists it. */
export interface SubordinateSummary {
  readonly uuid: string;
  readonly name: string;
  readonly symbolSvg: string;
  readonly size: UnitSize;
  readonly arm: UnitArm;
  readonly strength: Pool;
  readonly supply: number;
  readonly mode: Mode;
}

export interface HqSheetExtras extends DocumentHeader {
  /** The HQ symbol (staff and echelon marks) as an SVG string (src/symbols). */
  readonly symbolSvg: string;
  readonly parent: DocLink | null;
  /** The HQ's embedded support cards. */
  readonly hand: readonly CardSummary[];
  readonly subordinates: readonly SubordinateSummary[];
  readonly enrichedNotes: string;
}

export interface SubordinateRow extends SubordinateSummary {
  readonly sizeLabel: string;
  readonly armLabel: string;
  readonly modeLabel: string;
  readonly strengthText: string;
}

export interface HqSheetContext extends SideContext, DocumentHeader {
  readonly system: HqSystemView;
  readonly symbolSvg: string;
  readonly echelonLabel: string;
  readonly nationalityLabel: string;
  readonly level: TrackContext;
  /** Whether the Recover button makes sense: the rules have the last word. */
  readonly canRecover: boolean;
  readonly recoveryBlocked: string | null;
  readonly parent: DocLink | null;
  readonly hand: readonly CardRow[];
  readonly assignedCount: number;
  readonly subordinates: readonly SubordinateRow[];
  readonly notes: { readonly raw: string; readonly enriched: string };
  readonly choices: { readonly sides: Choices; readonly echelons: Choices; readonly nationalities: Choices };
}

export function hqSheetContext(system: HqSystemView, extras: HqSheetExtras): HqSheetContext {
  const level = track(system.level.value, system.level.max);
  const recoveryBlocked = !system.mayRecover ? "NOBC.Hq.RecoveryTerritorial" : level.value >= level.max ? "NOBC.Hq.RecoveryFull" : null;
  const hand = cardRows(extras.hand, SUPPORT_CARD_CATEGORIES);
  return {
    ...sheetHeader(system.side, extras),
    system,
    symbolSvg: extras.symbolSvg,
    echelonLabel: ECHELON_LABELS[system.echelon],
    nationalityLabel: nationalityLabel(system.nationality, NATIONALITIES),
    level,
    canRecover: recoveryBlocked === null,
    recoveryBlocked,
    parent: extras.parent,
    hand,
    assignedCount: hand.filter((c) => c.assignedTo !== null).length,
    subordinates: [...extras.subordinates]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((u) => ({
        ...u,
        sizeLabel: SIZE_LABELS[u.size],
        armLabel: ARM_LABELS[u.arm],
        modeLabel: MODE_LABELS[u.mode],
        strengthText: `${u.strength.value}/${u.strength.max}`,
      })),
    notes: { raw: system.notes, enriched: extras.enrichedNotes },
    choices: {
      sides: SIDE_LABELS,
      echelons: ECHELON_LABELS,
      nationalities: nationalityChoices(system.side, system.nationality, NATIONALITIES),
    },
  };
}
