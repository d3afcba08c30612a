/**
 * What a sheet context needs beyond the document's own system data: links resolved to names,
 * the cards, units and squadrons around it, symbols and enriched HTML. Read from the world here
 * so the context builders stay pure.
 */
import { documentAt } from "../effects/apply";
import { subordinatesOf } from "../data/subordinates";
import { unitSymbolSvg } from "../symbols/unit-symbol";
import type { CardSummary } from "./context/cards";
import type { UnitSheetExtras } from "./context/unit";
import type { HqSheetExtras, SubordinateSummary } from "./context/hq";
import type { AirbaseSheetExtras, AirSquadronSheetExtras, BasedSquadron } from "./context/air";
import type { SupportCardSheetExtras } from "./context/support-card";
import type { NqmUnitSheetExtras } from "./context/nqm-unit";
import type { DocumentHeader } from "../view/common";
import type { AirSquadronSystemView, DocLink, HqSystemView, SupportCardSystemView, UnitSystemView } from "../view/views";
import { enrichHtml, type LiveActor, type LiveDocument } from "./base";
import { isGM, worldActors, worldItems } from "../base/foundry";

function header(doc: LiveDocument, editable: boolean): DocumentHeader {
  return { name: doc.name, img: doc.img ?? "", uuid: doc.uuid, editable, rulesEditable: editable && isGM() };
}

/** A link to the document a UUID names; a dangling UUID still shows, by its UUID. */
export function linkTo(uuid: string | null): DocLink | null {
  if (uuid === null || uuid === "") return null;
  const doc = documentAt(uuid) as { name?: string } | null | undefined;
  return { uuid, name: doc?.name ?? uuid };
}

function holderOf(item: LiveDocument): DocLink | null {
  const parent = item.parent as LiveDocument | null | undefined;
  return parent?.type === "hq" ? { uuid: parent.uuid, name: parent.name } : null;
}

export function cardSummary(item: LiveDocument): CardSummary {
  const s = item.system as SupportCardSystemView;
  return {
    id: item.id ?? "",
    uuid: item.uuid,
    name: item.name,
    img: item.img ?? "",
    side: s.side,
    category: s.category,
    value: s.value,
    modifier: s.modifier,
    assignedTo: linkTo(s.assignedTo),
    holder: holderOf(item),
  };
}

/** Every support card in the world: in an HQ's hand or loose in the Items directory. */
function allCards(): LiveDocument[] {
  const held = worldActors<LiveActor>().flatMap((a) => [...a.items]);
  return [...held, ...worldItems<LiveDocument>()].filter((i) => i.type === "supportCard");
}

export async function unitExtras(unit: LiveActor, editable: boolean): Promise<UnitSheetExtras> {
  const s = unit.system as UnitSystemView;
  return {
    ...header(unit, editable),
    symbolSvg: unitSymbolSvg(s.side, s.arm, s.size),
    hq: linkTo(s.hq),
    cards: allCards()
      .filter((c) => (c.system as SupportCardSystemView).assignedTo === unit.uuid)
      .map(cardSummary),
    enrichedNotes: await enrichHtml(s.notes),
  };
}

function subordinateSummary(unit: LiveDocument): SubordinateSummary {
  const s = unit.system as UnitSystemView;
  return {
    uuid: unit.uuid,
    name: unit.name,
    symbolSvg: unitSymbolSvg(s.side, s.arm, s.size),
    size: s.size,
    arm: s.arm,
    strength: s.strength,
    supply: s.supply,
    mode: s.mode,
  };
}

export async function hqExtras(hq: LiveActor, editable: boolean): Promise<HqSheetExtras> {
  const s = hq.system as HqSystemView;
  return {
    ...header(hq, editable),
    symbolSvg: unitSymbolSvg(s.side, "hq", s.echelon),
    parent: linkTo(s.parent),
    hand: [...hq.items].filter((i) => i.type === "supportCard").map(cardSummary),
    subordinates: subordinatesOf(hq.uuid, worldActors<LiveActor>()).map(subordinateSummary),
    enrichedNotes: await enrichHtml(s.notes),
  };
}

export function airSquadronExtras(squadron: LiveActor, editable: boolean): AirSquadronSheetExtras {
  return { ...header(squadron, editable), airbase: linkTo((squadron.system as AirSquadronSystemView).airbase) };
}

function basedSquadron(squadron: LiveDocument): BasedSquadron {
  const s = squadron.system as AirSquadronSystemView;
  return {
    uuid: squadron.uuid,
    name: squadron.name,
    aircraft: s.aircraft,
    box: s.box,
    // The data model derives `needsBaseSpace` from the air rules (EW, recce, Harrier take none).
    needsNoSpace: (squadron.system as { needsBaseSpace?: boolean }).needsBaseSpace === false,
  };
}

export function airbaseExtras(airbase: LiveActor, editable: boolean): AirbaseSheetExtras {
  const squadrons = worldActors<LiveActor>().filter(
    (a) => a.type === "airSquadron" && (a.system as AirSquadronSystemView).airbase === airbase.uuid,
  );
  return { ...header(airbase, editable), squadrons: squadrons.map(basedSquadron) };
}

export async function supportCardExtras(card: LiveDocument, editable: boolean): Promise<SupportCardSheetExtras> {
  const s = card.system as SupportCardSystemView;
  return {
    ...header(card, editable),
    holder: holderOf(card),
    assignedTo: linkTo(s.assignedTo),
    enrichedDescription: await enrichHtml(s.description),
  };
}

/** The NQM unit sheet's extras: its header and its notes enriched. */
export async function nqmUnitExtras(unit: LiveActor, editable: boolean): Promise<NqmUnitSheetExtras> {
  return { ...header(unit, editable), enrichedNotes: await enrichHtml((unit.system as { notes: string }).notes) };
}
