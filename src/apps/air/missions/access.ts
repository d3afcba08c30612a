/**
 * Who may open which Air War dialog. The umpire's steps (hand-over, paradrop, basing, overrun) are
 * the GM's; a side's own choices (which squadrons strike, which are repaired, which charts are
 * restored) belong to the players who own that side's squadrons or airbases. This only decides
 * what the dialog offers: the check that counts is the GM's when a card is applied.
 */
import type { Side } from "../../../rules/nobc/air/types";
import type { MissionWorld } from "./world";

export type Access = { readonly ok: true; readonly side: Side } | { readonly ok: false; readonly reason: string; readonly data: Record<string, string> };

/** What a side's own choices are made over. */
export type SideAssets = "squadrons" | "airbases";

const SIDE_NAMES: Readonly<Record<Side, string>> = { nato: "NATO", wp: "Warsaw Pact" };

/** The sides whose squadrons or airbases (as asked) the user owns, NATO first. */
export function ownedSides(world: MissionWorld, assets: SideAssets): Side[] {
  const docs: readonly { id: string; side: Side }[] = assets === "squadrons" ? world.squadrons : world.airbases;
  const sides = new Set(docs.filter((d) => world.owned.has(d.id)).map((d) => d.side));
  return (["nato", "wp"] as const).filter((s) => sides.has(s));
}

/**
 * The side the user acts for: the one asked for if they may (a GM always may), else the first side
 * they own. Refused with a lang key when they own nothing of that side (or of either side).
 */
export function sideFor(world: MissionWorld, assets: SideAssets, asked?: Side): Access {
  if (world.isGM) return { ok: true, side: asked ?? "nato" };
  const mine = ownedSides(world, assets);
  if (asked !== undefined) {
    return mine.includes(asked)
      ? { ok: true, side: asked }
      : { ok: false, reason: "NOBC.AirMissions.NotYourSide", data: { side: SIDE_NAMES[asked] } };
  }
  const first = mine[0];
  return first === undefined ? { ok: false, reason: "NOBC.AirMissions.NoSide", data: {} } : { ok: true, side: first };
}

/** The sides the dialog's side selector offers: both to a GM, the owned ones to a player. */
export function choosableSides(world: MissionWorld, assets: SideAssets): Side[] {
  return world.isGM ? ["nato", "wp"] : ownedSides(world, assets);
}

/** The umpire's steps: a GM only. */
export function gmOnly(world: MissionWorld): Access {
  return world.isGM ? { ok: true, side: "nato" } : { ok: false, reason: "NOBC.AirMissions.GmOnly", data: {} };
}
