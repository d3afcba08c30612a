/**
 * The tokens a side's team scene should hold (issue #30 item 3): its own unit and HQ tokens mirrored
 * from the master scene (linked to their actors), and one marker token for each thing its view draws
 * of the enemy (`sideView` markers, from the side's knowledge alone). Pure over its arguments.
 *
 * A marker is a token with no actor: a contact carries its hex (and turn, and count where the world
 * shows counts) and a generic image; an identified piece carries the face and the strength shown that
 * the knowledge holds, and the symbol of that face. Neither carries an actor id, a UUID or anything
 * of the truth: an identified marker's key is its hex and its place among the hex's counters, not the
 * piece's id (so a console reading a marker learns nothing the side's knowledge does not hold).
 */
import type { HexRef } from "../rules/ids";
import type { Side } from "../rules/nobc/land/types";
import type { BoardMarker } from "../rules/nobc/knowledge/view";
import { symbolPath } from "../symbols/unit-symbol";
import type { HeldToken, TokenFace, WantedToken } from "./diff";

/** The image of a contact marker: a generic one, the same for every contact. */
export const CONTACT_IMG = "systems/nobc/assets/icons/contact.svg";

/** A master scene's token as the mirrors read it. */
export interface MasterToken {
  readonly id: string;
  readonly name: string;
  readonly actorId: string | null;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly hidden: boolean;
  readonly img: string | null;
}

/** A world actor as the mirrors read it: its type and side. */
export interface MirroredActor {
  readonly type: string;
  readonly side: Side | null;
}

/** The key of a mirror of master token `id`. */
export const mirrorKey = (id: string): string => `mirror:${id}`;

/** The mirrors side `side` should hold: every unit's and HQ's token of that side on the master scene. */
export function wantedMirrors(tokens: Iterable<MasterToken>, actors: ReadonlyMap<string, MirroredActor>, side: Side): WantedToken[] {
  const out: WantedToken[] = [];
  for (const t of tokens) {
    const actor = t.actorId === null ? undefined : actors.get(t.actorId);
    if (actor === undefined || (actor.type !== "unit" && actor.type !== "hq") || actor.side !== side) continue;
    out.push({
      key: mirrorKey(t.id),
      face: { x: t.x, y: t.y, width: t.width, height: t.height, hidden: t.hidden, name: t.name, img: t.img, flag: { of: t.id } },
      create: { actorId: t.actorId, actorLink: true },
    });
  }
  return out;
}

/** Where a marker of one grid space stands in `hex`: its top-left corner; undefined off the grid. */
export type MarkerPlacer = (hex: HexRef) => { readonly x: number; readonly y: number } | undefined;

/** The words a marker shows, in the writing GM's language. */
export interface MarkerWords {
  /** A contact marker's name. */
  readonly contact: string;
}

const OTHER: Readonly<Record<Side, Side>> = { nato: "wp", wp: "nato" };

/**
 * The markers side `side` should hold: one per `markers` entry its grid can place. A contact's key is
 * its hex (the view's); an identified counter's is its hex and its rank among that hex's counters.
 */
export function wantedMarkers(markers: readonly BoardMarker[], side: Side, place: MarkerPlacer, words: MarkerWords): WantedToken[] {
  const enemy = OTHER[side];
  const out: WantedToken[] = [];
  const rank = new Map<HexRef, number>();
  for (const m of markers) {
    const at = place(m.hex);
    if (at === undefined) continue;
    const base = { x: at.x, y: at.y, width: 1, height: 1, hidden: false };
    if (m.kind === "contact") {
      const flag = { key: m.key, kind: "contact", hex: m.hex, turn: m.turn, ...(m.count === undefined ? {} : { count: m.count }) };
      out.push({ key: m.key, face: { ...base, name: words.contact, img: CONTACT_IMG, flag }, create: { actorId: null, actorLink: false } });
      continue;
    }
    const n = rank.get(m.hex) ?? 0;
    rank.set(m.hex, n + 1);
    const key = `counter:${m.hex}:${n}`;
    const img = m.face.kind === "unit" ? symbolPath(enemy, m.face.arm, m.face.size) : symbolPath(enemy, "hq", m.face.echelon);
    const flag = {
      key,
      kind: "counter",
      hex: m.hex,
      turn: m.turn,
      face: m.face,
      ...(m.strength === undefined ? {} : { strength: m.strength }),
    };
    out.push({ key, face: { ...base, name: m.face.name, img, flag }, create: { actorId: null, actorLink: false } });
  }
  return out;
}

/** A team scene's token as the diff reads it. */
export interface TeamToken {
  readonly id: string;
  readonly face: TokenFace;
}

/** The held tokens of a team scene, split by what our flag says they are (a token with neither is left alone). */
export function heldTokens(tokens: Iterable<TeamToken & { readonly mirrorOf: string | null; readonly markerKey: string | null }>): {
  mirrors: HeldToken[];
  markers: HeldToken[];
} {
  const mirrors: HeldToken[] = [];
  const markers: HeldToken[] = [];
  for (const t of tokens) {
    if (t.mirrorOf !== null) mirrors.push({ id: t.id, key: mirrorKey(t.mirrorOf), face: t.face });
    else if (t.markerKey !== null) markers.push({ id: t.id, key: t.markerKey, face: t.face });
  }
  return { mirrors, markers };
}
