/** Context of the support card sheet: what the card is, what it does, and where it is. */
import { AFTER_USE_LABELS, CATEGORY_HINTS, CATEGORY_LABELS, SIDE_LABELS } from "../../view/labels";
import { sheetHeader, signed, type Choices, type DocumentHeader, type SideContext } from "../../view/common";
import type { DocLink, SupportCardSystemView } from "../../view/views";
import { isWeapon } from "../../rules/nobc/land/card-categories";

export interface SupportCardSheetExtras extends DocumentHeader {
  readonly holder: DocLink | null;
  readonly assignedTo: DocLink | null;
  readonly enrichedDescription: string;
}

export interface SupportCardSheetContext extends SideContext, DocumentHeader {
  readonly system: SupportCardSystemView;
  readonly categoryLabel: string;
  readonly categoryHint: string;
  readonly afterUseLabel: string;
  readonly modifierText: string;
  readonly holder: DocLink | null;
  readonly assignedTo: DocLink | null;
  readonly description: { readonly raw: string; readonly enriched: string };
  readonly choices: { readonly sides: Choices; readonly categories: Choices; readonly afterUse: Choices };
  /** A nuclear or ADM card held by an HQ: its sheet offers to ask Control for release. */
  readonly releasable: boolean;
}

export function supportCardSheetContext(system: SupportCardSystemView, extras: SupportCardSheetExtras): SupportCardSheetContext {
  return {
    ...sheetHeader(system.side, extras),
    system,
    categoryLabel: CATEGORY_LABELS[system.category],
    categoryHint: CATEGORY_HINTS[system.category],
    afterUseLabel: AFTER_USE_LABELS[system.afterUse],
    modifierText: signed(system.modifier),
    holder: extras.holder,
    assignedTo: extras.assignedTo,
    description: { raw: system.description, enriched: extras.enrichedDescription },
    choices: { sides: SIDE_LABELS, categories: CATEGORY_LABELS, afterUse: AFTER_USE_LABELS },
    releasable: extras.holder !== null && (isWeapon(system.category, "nuclear") || isWeapon(system.category, "adm")),
  };
}
