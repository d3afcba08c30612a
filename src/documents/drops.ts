/**
 * Drop decisions, as pure functions over plain snapshots: what a drop changes, or why it is
 * refused (then nothing changes). Sheets (`_onDropItem` / `_onDropActor`) and the canvas
 * (`dropCanvasData`, see ./drop-handlers.ts) both call these, so a drop means the same everywhere.
 */
import { checkCardAssignment } from "../rules/nobc/land/assignment";
import { phrase, type Phrase, type Refusal } from "../rules/resolution";
import type { Side, SupportCardCategory } from "../rules/nobc/land/types";

/** The update a drop makes to the dropped document, as `document.update(update)` takes it. */
export type DropUpdate = Record<string, unknown>;

/** A refused drop: the first refusal's code, and every refusal (each says what is wrong as a phrase). */
export type DropDecision = { ok: true; update: DropUpdate } | { ok: false; code: string; refusals: Refusal[] };

export interface CardSnapshot {
  readonly uuid: string;
  readonly name: string;
  readonly side: Side;
  readonly category: SupportCardCategory;
  readonly assignedTo: string | null;
}

export interface UnitSnapshot {
  readonly uuid: string;
  readonly name: string;
  readonly side: Side;
  readonly hq: string | null;
}

export interface HqSnapshot {
  readonly uuid: string;
  readonly name: string;
  readonly side: Side;
  readonly level: number;
  readonly radius: number;
}

export interface SquadronSnapshot {
  readonly uuid: string;
  readonly name: string;
  readonly side: Side;
  readonly airbase: string | null;
  /** False for EW, recce and Harrier squadrons, which take no space on a base. */
  readonly needsBaseSpace: boolean;
}

export interface AirbaseSnapshot {
  readonly uuid: string;
  readonly name: string;
  readonly side: Side;
  readonly airZone: string;
  /** Squadrons the base can hold now (derived `capacity`). */
  readonly capacity: number;
  /** Squadrons already based there that take space (the dropped one excluded). */
  readonly based: number;
}

const SIDE_LABELS: Record<Side, string> = { nato: "NOBC.Side.nato", wp: "NOBC.Side.wp" };

function sideLabel(side: Side): Phrase {
  return phrase(SIDE_LABELS[side]);
}

function refused(refusals: Refusal[]): DropDecision {
  const first = refusals[0];
  return { ok: false, code: first?.code ?? "refused", refusals };
}

function refusedOne(code: string, text: Phrase, field?: string): DropDecision {
  return refused([field === undefined ? { code, text } : { code, text, field }]);
}

export interface CardDrop {
  readonly card: CardSnapshot;
  readonly unit: UnitSnapshot;
  /** The HQ holding the card (its parent actor); null for a card no HQ holds. */
  readonly hq: HqSnapshot | null;
  /** Hexes between the HQ's token and the unit's token; null when either is not on the scene. */
  readonly distance: number | null;
  /** Cards of the same HQ already assigned to this unit this turn, this card excluded. */
  readonly assignedToUnit: number;
}

/** A support card dropped on a unit (its sheet or its token): assign it, if the rules allow. */
export function decideCardDrop(drop: CardDrop): DropDecision {
  const checked = checkCardAssignment({
    card: {
      id: drop.card.uuid,
      name: drop.card.name,
      side: drop.card.side,
      category: drop.card.category,
      assignedTo: drop.card.assignedTo ?? undefined,
    },
    unit: { id: drop.unit.uuid, name: drop.unit.name, side: drop.unit.side },
    ...(drop.hq === null
      ? {}
      : { hq: { id: drop.hq.uuid, name: drop.hq.name, side: drop.hq.side, level: drop.hq.level, radius: drop.hq.radius } }),
    distance: drop.distance,
    assignedToUnit: drop.assignedToUnit,
  });
  if (!checked.ok) return refused(checked.refusals);
  return { ok: true, update: { "system.assignedTo": drop.unit.uuid } };
}

/** A unit dropped on an HQ's sheet: subordinate it to that HQ. */
export function decideUnitOnHq(unit: UnitSnapshot, hq: HqSnapshot): DropDecision {
  if (unit.side !== hq.side) {
    return refusedOne(
      "sideMismatch",
      phrase("NOBC.Drop.Refusal.UnitSide", { unit: unit.name, side: sideLabel(unit.side), hq: hq.name, hqSide: sideLabel(hq.side) }),
      "side",
    );
  }
  if (unit.hq === hq.uuid) {
    return refusedOne("alreadySubordinate", phrase("NOBC.Drop.Refusal.AlreadySubordinate", { unit: unit.name, hq: hq.name }), "hq");
  }
  return { ok: true, update: { "system.hq": hq.uuid } };
}

/** A squadron dropped on an airbase: base it there, in the base's air zone. */
export function decideSquadronOnAirbase(squadron: SquadronSnapshot, airbase: AirbaseSnapshot): DropDecision {
  const refusals: Refusal[] = [];
  if (squadron.side !== airbase.side) {
    refusals.push({
      code: "sideMismatch",
      text: phrase("NOBC.Drop.Refusal.SquadronSide", {
        squadron: squadron.name,
        side: sideLabel(squadron.side),
        airbase: airbase.name,
        airbaseSide: sideLabel(airbase.side),
      }),
      field: "side",
    });
  }
  if (squadron.airbase === airbase.uuid) {
    refusals.push({
      code: "alreadyBased",
      text: phrase("NOBC.Drop.Refusal.AlreadyBased", { squadron: squadron.name, airbase: airbase.name }),
      field: "airbase",
    });
  }
  if (squadron.needsBaseSpace && airbase.based >= airbase.capacity) {
    refusals.push({
      code: "airbaseFull",
      text: phrase("NOBC.Drop.Refusal.AirbaseFull", { airbase: airbase.name, count: airbase.capacity, based: airbase.based }),
      field: "capacity",
    });
  }
  if (refusals.length > 0) return refused(refusals);
  return { ok: true, update: { "system.airbase": airbase.uuid, "system.airZone": airbase.airZone } };
}

/** Counts the cards of an HQ already assigned to `unit`, leaving out the one being dropped. */
export function countAssigned(cards: Iterable<{ uuid: string; assignedTo: string | null }>, unit: string, except: string): number {
  let n = 0;
  for (const c of cards) if (c.assignedTo === unit && c.uuid !== except) n++;
  return n;
}
