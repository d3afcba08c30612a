/**
 * What a unit's token counter shows to the user of this client (src/symbols/counter.ts draws it): its
 * symbol, designation and black chip to everyone who sees the token; its strength and mode only to a user who may
 * read its sheet (Observer or Owner, and the GM) or who is on the unit's side in the GM's teams
 * (src/teams). The system has no world setting for hidden information yet, so the unit's ownership is
 * that setting: a side's units kept at *None* for the other side's players show them the symbol and
 * the name alone (docs/board.md, "Counters").
 */
import { z } from "zod";
import type { CounterFace } from "../symbols/counter";
import { memberSide } from "../teams/read";
import { alwaysInMarchMode, UNIT_ARMS, UNIT_SIZES, type Mode, type Side, type UnitArm, type UnitSize } from "../rules/nobc/land/types";

export interface CounterActor {
  readonly type: string;
  readonly name: string | null;
  readonly system: unknown;
  testUserPermission(user: never, level: "OBSERVER"): boolean;
}

interface UnitFields {
  readonly side: Side;
  readonly arm: UnitArm;
  readonly size: UnitSize;
  readonly strength: { readonly value: number; readonly max: number };
  readonly mode: Mode;
  readonly noMove: boolean;
}

/** The counter of `actor` as `user` may see it; null for an actor that is not a unit. */
export function unitCounterFace(actor: CounterActor, user: unknown): CounterFace | null {
  if (actor.type !== "unit") return null;
  const s = actor.system as UnitFields;
  const full = user !== null && user !== undefined && (actor.testUserPermission(user as never, "OBSERVER") || memberSide(user) === s.side);
  return {
    side: s.side,
    arm: s.arm,
    size: s.size,
    designation: actor.name ?? "",
    strength: full ? { value: s.strength.value, max: s.strength.max } : null,
    // Artillery and battalions are always in March Mode (read from the rules, as the data model derives it).
    mode: full ? (alwaysInMarchMode(s) ? "march" : s.mode) : null,
    // The black chip lies on the table for everyone to see.
    noMove: s.noMove,
  };
}

/** A marker's flag as its counter reads it: an identified enemy unit's face and the strength the rules showed. */
const markerCounterSchema = z.looseObject({
  kind: z.literal("counter"),
  face: z.looseObject({
    kind: z.literal("unit"),
    name: z.string().max(200),
    arm: z.enum(UNIT_ARMS),
    size: z.enum(UNIT_SIZES),
  }),
  strength: z.looseObject({ value: z.number().int().min(0).max(99) }).optional(),
});

/**
 * The counter of an identified enemy unit's marker on a team scene (flag `nobc.marker`, src/team-scenes/want.ts),
 * `enemy` being the side the scene's side fights: the face's symbol and designation, and the strength the rules
 * showed (after combat) with no full strength, which the side never saw; no mode, no chip. Null for a contact,
 * an HQ's marker or a flag that fails its check (the token shows its image).
 */
export function markerCounterFace(flag: unknown, enemy: Side): CounterFace | null {
  const parsed = markerCounterSchema.safeParse(flag);
  if (!parsed.success) return null;
  const { face, strength } = parsed.data;
  return {
    side: enemy,
    arm: face.arm,
    size: face.size,
    designation: face.name,
    strength: strength === undefined ? null : { value: strength.value, max: null },
    mode: null,
    noMove: false,
  };
}

const markerContactSchema = z.looseObject({ kind: z.literal("contact"), count: z.number().int().min(1).max(999) });

/** How many enemy pieces a contact marker says it saw (flag `nobc.marker`, where the world shows counts); null for none. */
export function markerContactCount(flag: unknown): number | null {
  const parsed = markerContactSchema.safeParse(flag);
  return parsed.success ? parsed.data.count : null;
}

/** The unit fields a counter is drawn from (size and arm also decide forced March Mode; noMove is the black chip). */
const COUNTER_FIELDS = ["side", "arm", "size", "strength", "mode", "noMove"] as const;

/** Whether an actor update's changes touch what its counter shows: name, those fields, or who may see it. Pure. */
export function touchesCounter(changes: unknown): boolean {
  if (typeof changes !== "object" || changes === null) return false;
  const c = changes as { name?: unknown; system?: unknown; ownership?: unknown };
  if (c.name !== undefined || c.ownership !== undefined) return true;
  const system = c.system;
  return typeof system === "object" && system !== null && COUNTER_FIELDS.some((f) => f in system);
}
