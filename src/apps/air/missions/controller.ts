/**
 * What every Air War dialog of steps 7–11 shares: the window, the world it reads, and who may use it
 * (the side that owns the squadrons or airbases, or the umpire). Each dialog's controller names only
 * its template, title, state and rules.
 */
import type { z } from "zod";
import type { Side } from "../../../rules/nobc/air/types";
import { opened, type DialogController } from "../../base/controller";
import type { SideArgs } from "./args";
import { gmOnly, readMissionWorld, sideFor, type MissionWorld, type SideAssets } from "./world";

type MissionController<S, A extends SideArgs = SideArgs> = DialogController<S, MissionWorld, A>;

/**
 * What differs from one mission dialog to the next. Each has a state schema: the GM checks a
 * request's state with it (a player's, or another GM's when this one is the active GM).
 */
export type MissionParts<S, A extends SideArgs = SideArgs> = Pick<
  MissionController<S, A>,
  "template" | "title" | "open" | "access" | "context" | "change" | "submit"
> &
  Partial<Pick<MissionController<S, A>, "claims">> & {
    readonly stateSchema: z.ZodType<S>;
  };

export function missionController<S, A extends SideArgs = SideArgs>(parts: MissionParts<S, A>): MissionController<S, A> {
  return {
    icon: "fa-solid fa-plane",
    classes: ["nobc", "nobc-air-missions"],
    width: 640,
    submitAction: "roll",
    read: readMissionWorld,
    ...parts,
  };
}

/** Opened on the side the user may act for (the one asked, or their first); used by that side's owners or a GM. */
export function forSideOwners<S extends { readonly side: Side }>(
  assets: SideAssets,
  initial: (world: MissionWorld, side: Side) => S,
): Pick<MissionController<S>, "open" | "access"> {
  return {
    open(world, args) {
      const side = sideFor(world, assets, args.side);
      return side.ok ? opened(initial(world, side.side)) : side;
    },
    access: (state, world) => sideFor(world, assets, state.side),
  };
}

/** The umpire's dialogs: a GM only; `initial` gets the side asked for, if any, and the whole arguments. */
export function forUmpire<S, A extends SideArgs = SideArgs>(
  initial: (world: MissionWorld, side: Side | undefined, args: A) => S,
): Pick<MissionController<S, A>, "open" | "access"> {
  return {
    open(world, args) {
      const gm = gmOnly(world);
      return gm.ok ? opened(initial(world, args.side, args)) : gm;
    },
    access: (_state, world) => gmOnly(world),
  };
}
