/** Context of the unit sheet: the counter as players know it, and what is attached to it. */
import type { Mode } from "../../rules/nobc/land/types";
import { SUPPORT_CARD_CATEGORIES } from "../../rules/nobc/land/types";
import { ARM_LABELS, MODE_LABELS, SIZE_LABELS, SIDE_LABELS } from "../../view/labels";
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
import type { DocLink, UnitSystemView } from "../../view/views";

export interface UnitSheetExtras extends DocumentHeader {
  /** The NATO-standard symbol for side, arm and size, as an SVG string (src/symbols). */
  readonly symbolSvg: string;
  readonly hq: DocLink | null;
  /** Support cards whose `assignedTo` is this unit. */
  readonly cards: readonly CardSummary[];
  readonly enrichedNotes: string;
}

export interface FlagContext {
  readonly field: string;
  readonly label: string;
  readonly hint: string;
  readonly active: boolean;
}

export interface UnitSheetContext extends SideContext, DocumentHeader {
  readonly system: UnitSystemView;
  readonly symbolSvg: string;
  readonly sizeLabel: string;
  readonly armLabel: string;
  readonly nationalityLabel: string;
  readonly strength: TrackContext & { readonly destroyed: boolean };
  readonly supply: TrackContext;
  readonly mode: {
    readonly value: Mode;
    readonly label: string;
    readonly forced: boolean;
    readonly next: Mode;
    readonly nextLabel: string;
  };
  readonly movement: { readonly left: number; readonly allowance: number };
  readonly flags: readonly FlagContext[];
  readonly hq: DocLink | null;
  readonly cards: readonly CardRow[];
  readonly notes: { readonly raw: string; readonly enriched: string };
  readonly choices: {
    readonly sides: Choices;
    readonly sizes: Choices;
    readonly arms: Choices;
    readonly nationalities: Choices;
  };
}

export function unitSheetContext(system: UnitSystemView, extras: UnitSheetExtras): UnitSheetContext {
  const next: Mode = system.mode === "combat" ? "march" : "combat";
  const strength = track(system.strength.value, system.strength.max);
  return {
    ...sheetHeader(system.side, extras),
    system,
    symbolSvg: extras.symbolSvg,
    sizeLabel: SIZE_LABELS[system.size],
    armLabel: ARM_LABELS[system.arm],
    nationalityLabel: nationalityLabel(system.nationality, NATIONALITIES),
    strength: { ...strength, destroyed: strength.value === 0 },
    supply: track(system.supply, system.supplyCapacity),
    mode: {
      value: system.mode,
      label: MODE_LABELS[system.mode],
      forced: system.forcedMarch,
      next,
      nextLabel: MODE_LABELS[next],
    },
    movement: { left: system.movementPoints, allowance: system.movementAllowance },
    flags: [
      flag("minelaying", "NOBC.Unit.Minelaying", "NOBC.Unit.MinelayingHint", system.minelaying),
      flag("noMove", "NOBC.Unit.NoMove", "NOBC.Unit.NoMoveHint", system.noMove),
    ],
    hq: extras.hq,
    cards: cardRows(extras.cards, SUPPORT_CARD_CATEGORIES),
    notes: { raw: system.notes, enriched: extras.enrichedNotes },
    choices: {
      sides: SIDE_LABELS,
      sizes: SIZE_LABELS,
      arms: ARM_LABELS,
      nationalities: nationalityChoices(system.side, system.nationality, NATIONALITIES),
    },
  };
}

function flag(field: string, label: string, hint: string, active: boolean): FlagContext {
  return { field: `system.${field}`, label, hint, active };
}
