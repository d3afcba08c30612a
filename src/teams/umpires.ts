/**
 * Control's umpires and their sectors (issue #31, item 1). The GM names umpires among the world's
 * GMs and Assistant GMs and gives each a sector: wars (Air, Land), HQs (each with the HQs under it
 * by `parent`), areas of the map (rectangles of hexes). Something to rule on has a sector of its
 * own (its war, its HQ chain, its hex), and an umpire covers it when any part of their sector meets
 * it. Who rules is that umpire when online, else the active GM (the one authority writes either way).
 * Pure: no Foundry.
 */
import { z } from "zod";
import { parseHexLabel } from "../map/hex-grid";
import type { War } from "../rules/nobc/turn";
import { hqUuidSchema, MAX_MEMBER_HQS, userIdSchema } from "./teams";

export const WARS: readonly War[] = ["air", "land"];
/** Bounds of the setting: a Control team has a handful of umpires, some dozen at the most. */
export const MAX_UMPIRES = 50;
export const MAX_AREAS = 20;

const hexSchema = z.string().refine((h) => parseHexLabel(h) !== undefined, { message: "NOBC.Umpires.Problem.hex" });

/** A rectangle of the map: every hex whose column and row lie between the two corners' (inclusive). */
export const areaSchema = z.strictObject({ from: hexSchema, to: hexSchema });
export type Area = z.infer<typeof areaSchema>;

export const sectorSchema = z.strictObject({
  wars: z.array(z.enum(["air", "land"])).max(WARS.length),
  hqs: z.array(hqUuidSchema).max(MAX_MEMBER_HQS),
  areas: z.array(areaSchema).max(MAX_AREAS),
});
export type Sector = z.infer<typeof sectorSchema>;

export const umpiresSchema = z.strictObject({
  umpires: z
    .record(userIdSchema, sectorSchema)
    .refine((m) => Object.keys(m).length <= MAX_UMPIRES, { message: "NOBC.Umpires.Problem.tooMany" }),
});
export type Umpires = z.infer<typeof umpiresSchema>;

export const NO_UMPIRES: Umpires = { umpires: {} };

/** What an item to rule on (a request, a card, a queue entry) belongs to: its war, its HQs with those above them, its hex. */
export interface ItemSector {
  readonly war: War | null;
  /** The HQs it concerns and every HQ above them by `parent` (`hqChain`). */
  readonly hqs: readonly string[];
  readonly hex: string | null;
}

/** An item's sector as a card keeps it (the GM's stamp), checked where a card is read. */
export const itemSectorSchema = z.strictObject({
  war: z.enum(["air", "land"]).nullable(),
  hqs: z.array(hqUuidSchema).max(MAX_MEMBER_HQS),
  hex: hexSchema.nullable(),
});

/** The HQs `hqs` and those above them by `parent`, each once; a loop in the parents stops. */
export function hqChain(hqs: Iterable<string>, parentOf: ReadonlyMap<string, string>): string[] {
  const out = new Set<string>();
  for (const start of hqs) for (let at: string | undefined = start; at !== undefined && !out.has(at); at = parentOf.get(at)) out.add(at);
  return [...out];
}

/** Whether `hex` lies in the rectangle (corners in either order). */
export function inArea(area: Area, hex: string): boolean {
  const at = parseHexLabel(hex);
  const a = parseHexLabel(area.from);
  const b = parseHexLabel(area.to);
  if (at === undefined || a === undefined || b === undefined) return false;
  const between = (v: number, x: number, y: number) => v >= Math.min(x, y) && v <= Math.max(x, y);
  return between(at.col, a.col, b.col) && between(at.row, a.row, b.row);
}

/** A sector that names nothing: its umpire covers everything (Map Control). */
export function sectorIsWhole(sector: Sector): boolean {
  return sector.wars.length === 0 && sector.hqs.length === 0 && sector.areas.length === 0;
}

/** Whether `sector` covers the item: its war, one of its HQs in the item's chain, or its hex in an area; a whole sector covers all. */
export function covers(sector: Sector, item: ItemSector): boolean {
  if (sectorIsWhole(sector)) return true;
  if (item.war !== null && sector.wars.includes(item.war)) return true;
  if (sector.hqs.some((h) => item.hqs.includes(h))) return true;
  const hex = item.hex;
  return hex !== null && sector.areas.some((a) => inArea(a, hex));
}

/** The user's sector, or null: not named an umpire (the GM with no sector sees everything). */
export function sectorOf(umpires: Umpires, userId: string | null): Sector | null {
  if (userId === null || !Object.hasOwn(umpires.umpires, userId)) return null;
  return umpires.umpires[userId] ?? null;
}

/** Whether a viewer sees the item in their queue: a viewer who is no umpire (or has a whole sector) sees all. */
export function inViewersSector(umpires: Umpires, userId: string | null, item: ItemSector): boolean {
  const sector = sectorOf(umpires, userId);
  return sector === null || covers(sector, item);
}

/** A user as "who rules" reads them: online or not, GM or not. */
export interface UmpireUser {
  readonly id: string;
  readonly isGM: boolean;
  readonly active: boolean;
}

export type Ruler = { readonly by: "umpire"; readonly user: string } | { readonly by: "activeGm"; readonly user: string | null };

/**
 * Who rules on the item: the first umpire (in the world's order of `users`) whose sector names it
 * (a war, an HQ or an area: a whole sector is Map Control's and counts only when no sector names
 * the item) and who is online and still a GM; else the active GM (null with no GM connected).
 */
export function whoRules(umpires: Umpires, item: ItemSector, users: readonly UmpireUser[], activeGm: string | null): Ruler {
  const online = users.filter((u) => u.active && u.isGM);
  const named = (whole: boolean) =>
    online.find((u) => {
      const sector = sectorOf(umpires, u.id);
      return sector !== null && sectorIsWhole(sector) === whole && covers(sector, item);
    });
  const umpire = named(false) ?? named(true);
  return umpire === undefined ? { by: "activeGm", user: activeGm } : { by: "umpire", user: umpire.id };
}
