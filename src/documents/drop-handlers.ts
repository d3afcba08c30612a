/**
 * The Foundry side of drops: read the documents into snapshots, ask ./drops.ts, then write the
 * one update or tell the user why not. Sheets call `subordinateUnit` and `baseSquadron` from
 * `_onDropActor` (the umpire's). A support card dropped on a unit is a request to the GM
 * (src/queries/card-assignment.ts): this module gives it the client's screen of the drop
 * (`screenCardDrop`) and the rules' check the GM runs (`decideAssignment`).
 */
import type { Side, SupportCardCategory } from "../rules/nobc/land/types";
import {
  countAssigned,
  decideCardDrop,
  decideSquadronOnAirbase,
  decideUnitOnHq,
  type AirbaseSnapshot,
  type CardSnapshot,
  type DropDecision,
  type HqSnapshot,
  type SquadronSnapshot,
  type UnitSnapshot,
} from "./drops";
import { isWorldDocument } from "../effects/apply";
import { notify, say, warnRefused } from "../base/foundry";

/** The few members of an Actor or Item the drop code reads; the live documents fit it. */
export interface DropDocument {
  readonly uuid: string;
  readonly name: string;
  readonly type: string;
  readonly system: unknown;
  update(data: object): Promise<unknown>;
  canUserModify(user: unknown, action: "update"): boolean;
  /** The compendium pack the document lives in, if any (pack documents are locked or shared). */
  readonly pack?: string | null;
}

export interface ActorLike extends DropDocument {
  readonly items: Iterable<DropDocument>;
  getActiveTokens(): readonly { readonly center: { x: number; y: number } }[];
}

export interface ItemLike extends DropDocument {
  readonly parent: unknown;
}

/** A card from a compendium is refused: it must first be put in an HQ's hand (a world copy). */
export function refuseCompendiumCard(name: string): false {
  notify("warn", "NOBC.Notify.CompendiumCard", { name });
  return false;
}

/** An actor from a compendium is refused: writing to it would edit the pack (or fail, locked). */
function refuseCompendiumActor(name: string): false {
  notify("warn", "NOBC.Notify.CompendiumActor", { name });
  return false;
}

const inPack = (doc: DropDocument) => typeof doc.pack === "string" && doc.pack !== "";

/** A document that is not itself the world document its UUID names is refused, naming the UUID. */
export function refuseNotWorld(uuid: string): false {
  notify("warn", "NOBC.Notify.NotWorldDocument", { uuid });
  return false;
}

type Sys = Record<string, unknown>;
const sys = (d: DropDocument) => d.system as Sys;
const pool = (v: unknown) => v as { value: number; max: number };

export function unitSnapshot(actor: DropDocument): UnitSnapshot {
  const s = sys(actor);
  return { uuid: actor.uuid, name: actor.name, side: s["side"] as Side, hq: (s["hq"] as string | null) ?? null };
}

export function hqSnapshot(actor: DropDocument): HqSnapshot {
  const s = sys(actor);
  return {
    uuid: actor.uuid,
    name: actor.name,
    side: s["side"] as Side,
    level: pool(s["level"]).value,
    radius: s["radius"] as number,
  };
}

export function cardSnapshot(item: DropDocument): CardSnapshot {
  const s = sys(item);
  return {
    uuid: item.uuid,
    name: item.name,
    side: s["side"] as Side,
    category: s["category"] as SupportCardCategory,
    assignedTo: (s["assignedTo"] as string | null) ?? null,
  };
}

export function squadronSnapshot(actor: DropDocument): SquadronSnapshot {
  const s = sys(actor);
  return {
    uuid: actor.uuid,
    name: actor.name,
    side: s["side"] as Side,
    airbase: (s["airbase"] as string | null) ?? null,
    needsBaseSpace: s["needsBaseSpace"] !== false,
  };
}

export function airbaseSnapshot(airbase: DropDocument, squadrons: Iterable<DropDocument>, except: string): AirbaseSnapshot {
  const s = sys(airbase);
  let based = 0;
  for (const sq of squadrons) {
    const q = sys(sq);
    if (sq.type === "airSquadron" && sq.uuid !== except && q["airbase"] === airbase.uuid && q["needsBaseSpace"] !== false) based++;
  }
  return {
    uuid: airbase.uuid,
    name: airbase.name,
    side: s["side"] as Side,
    airZone: s["airZone"] as string,
    capacity: s["capacity"] as number,
    based,
  };
}

/** Hexes between two actors' first tokens on the viewed scene; null when either has none. */
export function hexDistance(a: ActorLike, b: ActorLike): number | null {
  const from = a.getActiveTokens()[0];
  const to = b.getActiveTokens()[0];
  const grid = canvas?.grid;
  if (from === undefined || to === undefined || grid === undefined || grid === null) return null;
  return grid.measurePath([from.center, to.center], {}).spaces;
}

/**
 * True when this user may update `doc`; otherwise warns, naming it, and the caller writes nothing.
 * (A player's change to a document they do not own will go through the GM later.)
 */
export function mayUpdate(doc: Pick<DropDocument, "name" | "canUserModify">): boolean {
  if (doc.canUserModify(game.user, "update")) return true;
  notify("warn", "NOBC.Notify.NotOwner", { name: doc.name });
  return false;
}

/** Writes the update of an accepted drop, or warns with the reason. True when something changed. */
async function carryOut(target: DropDocument, decision: DropDecision): Promise<boolean> {
  if (!decision.ok) {
    warnRefused(decision.refusals.map((r) => say(r.text)));
    return false;
  }
  if (!mayUpdate(target)) return false;
  await target.update(decision.update);
  return true;
}

/** The HQ holding a card (its parent actor), or null. */
export function holdingHq(card: ItemLike): ActorLike | null {
  const parent = card.parent as ActorLike | null | undefined;
  return parent?.type === "hq" ? parent : null;
}

/**
 * What a client checks of a support card dropped on a unit before it asks the GM: null when the drop
 * is not a card on a unit (left untouched), false when refused here (a compendium card, a document
 * that is not the world's own; the user is told), true when the GM is to be asked.
 */
export function screenCardDrop(card: ItemLike, unit: ActorLike): boolean | null {
  if (card.type !== "supportCard" || unit.type !== "unit") return null;
  if (inPack(card)) return refuseCompendiumCard(card.name);
  if (!isWorldDocument(card)) return refuseNotWorld(card.uuid);
  return true;
}

/**
 * The rules' check of a support card assigned to a unit (side, HQ's radius and level), read from the
 * documents as this client has them: on the active GM's client, the world as the GM reads it.
 */
export function decideAssignment(card: ItemLike, unit: ActorLike): DropDecision {
  const hq = holdingHq(card);
  const cards = hq === null ? [] : [...hq.items].filter((i) => i.type === "supportCard").map(cardSnapshot);
  return decideCardDrop({
    card: cardSnapshot(card),
    unit: unitSnapshot(unit),
    hq: hq === null ? null : hqSnapshot(hq),
    distance: hq === null ? null : hexDistance(hq, unit),
    assignedToUnit: countAssigned(cards, unit.uuid, card.uuid),
  });
}

/** A unit dropped on an HQ's sheet. False, untouched, for other kinds of actor. */
export async function subordinateUnit(unit: DropDocument, hq: DropDocument): Promise<boolean> {
  if (unit.type !== "unit" || hq.type !== "hq") return false;
  if (inPack(unit)) return refuseCompendiumActor(unit.name);
  if (!isWorldDocument(unit)) return refuseNotWorld(unit.uuid);
  return carryOut(unit, decideUnitOnHq(unitSnapshot(unit), hqSnapshot(hq)));
}

/** A squadron dropped on an airbase's sheet; `squadrons` are the world's actors (to count who is based there). */
export async function baseSquadron(squadron: DropDocument, airbase: DropDocument, squadrons: Iterable<DropDocument>): Promise<boolean> {
  if (squadron.type !== "airSquadron" || airbase.type !== "airbase") return false;
  if (inPack(squadron)) return refuseCompendiumActor(squadron.name);
  if (!isWorldDocument(squadron)) return refuseNotWorld(squadron.uuid);
  return carryOut(squadron, decideSquadronOnAirbase(squadronSnapshot(squadron), airbaseSnapshot(airbase, squadrons, squadron.uuid)));
}
