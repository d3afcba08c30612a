/**
 * The battlefield as one side knows it (issue #30, item 3, "Dialogs and refusals"): the side's own
 * units, HQs, cards and squadrons as they are; of the enemy only what the side's knowledge holds
 * (`sideView`, src/rules/nobc/knowledge/view.ts), never the truth. An identified enemy piece stands
 * as its counter's face at the hex the side last saw it, with a strength only where the rules
 * showed one; a located one is a contact, one per hex, with no id, name or strength. Every dialog a
 * player reads under double-blind reads this field (src/world/side-read.ts), so no list, count or
 * context it builds can hold a piece its side does not know. Pure.
 *
 * Contacts are not units of the field: a unit needs a size, an arm and a strength the side does not
 * know, and the rules would read odds, stacking and overrun costs from made-up values. They are
 * listed apart (`SideSights.contacts`), for the dialogs that offer a hex as a target.
 */
import type { ActorRef, HexRef } from "../rules/ids";
import type { LandHq, LandUnit, Side } from "../rules/nobc/land/types";
import type { Knowledge, KnowledgeOptions } from "../rules/nobc/knowledge/types";
import { sideView } from "../rules/nobc/knowledge/view";
import type { Battlefield } from "./battlefield";

/** A contact as a side knows it: an enemy stood in `hex` in `turn`, nothing more. Its `key` is the board marker's. */
export interface ContactSight {
  readonly key: string;
  readonly hex: HexRef;
  readonly turn: number;
}

/** What one side knows of the enemy, beside the field: the contacts, and the pieces it has identified. */
export interface SideSights {
  /** The asker's side; null for a player of no side (or both), who knows no piece of either. */
  readonly side: Side | null;
  readonly contacts: readonly ContactSight[];
  /** The enemy pieces the side has identified (their faces stand in the field as units and HQs). */
  readonly identified: ReadonlySet<ActorRef>;
}

/** A side's field and its sights. */
export interface SideField {
  readonly field: Battlefield;
  readonly sights: SideSights;
}

/** Whether a ref names a contact (a board marker's key), not a piece. */
export function isContactKey(ref: string): boolean {
  return ref.startsWith("contact:");
}

/**
 * `field` as `side` knows it, from `knowledge` alone for the enemy: the other side's units, HQs,
 * cards, squadrons and names are left out, and the identified pieces put back as their faces.
 */
export function sideField(field: Battlefield, knowledge: Knowledge, side: Side, options?: Partial<KnowledgeOptions>): SideField {
  const enemy: Side = side === "nato" ? "wp" : "nato";
  const view = sideView([], knowledge, side, options);
  const own = new Set<string>();
  const units: LandUnit[] = field.units.filter((u) => u.side === side);
  const hqs: LandHq[] = field.hqs.filter((h) => h.side === side);
  for (const piece of [...units, ...hqs]) own.add(piece.id);
  const cards = field.cards.filter((c) => c.side === side);
  for (const card of cards) own.add(card.id);
  const squadrons = field.squadrons.filter((s) => s.side === side);
  for (const squadron of squadrons) own.add(squadron.id);
  const names = new Map<string, string>();
  // Names of the side's own documents, and of what belongs to no side (airbases, loose items of the world).
  const enemyRefs = new Set<string>([
    ...field.units.filter((u) => u.side === enemy).map((u) => u.id),
    ...field.hqs.filter((h) => h.side === enemy).map((h) => h.id),
    ...field.cards.filter((c) => c.side === enemy).map((c) => c.id),
    ...field.squadrons.filter((s) => s.side === enemy).map((s) => s.id),
  ]);
  for (const [ref, name] of field.names) if (!enemyRefs.has(ref)) names.set(ref, name);
  const markers = new Map([...field.markers].filter(([id]) => own.has(id)));
  const identified = new Set<ActorRef>();
  const contacts: ContactSight[] = [];
  for (const marker of view.markers) {
    if (marker.kind === "contact") {
      contacts.push({ key: marker.key, hex: marker.hex, turn: marker.turn });
      continue;
    }
    const { face, piece, hex } = marker;
    identified.add(piece);
    names.set(piece, face.name);
    const shown = marker.strength?.value ?? 0;
    if (face.kind === "unit")
      units.push({
        id: piece,
        side: enemy,
        name: face.name,
        size: face.size,
        arm: face.arm,
        strength: shown,
        mode: "combat",
        supply: 0,
        hex,
        nationality: face.nationality,
      });
    else
      hqs.push({
        id: piece,
        side: enemy,
        name: face.name,
        echelon: face.echelon,
        level: shown,
        maxLevel: shown,
        radius: 0,
        nationality: face.nationality,
        hex,
        mayRecover: false,
      });
  }
  return {
    field: { ...field, units, hqs, cards, squadrons, unknownAir: [], names, markers },
    sights: { side, contacts, identified },
  };
}
