/**
 * What the Team Yankee mission dialogs read: whether the user is a GM, the world's mission tracker
 * (a Combat of type `nobcMission`, the viewed one first) with its state, and the viewed scene's
 * table of arrival points for scattered reserves. The one Foundry read of the missions area.
 */
import { z } from "zod";
import { missions } from "../../rules/index";
import { isGM, type AskingUser } from "../../base/foundry";
import { MISSION_COMBAT_TYPE, SYSTEM_ID } from "../../base/constants";

/** The scene flag holding its table of arrival points for scattered reserves (`nobc.arrivalPoints`). */
export const ARRIVAL_FLAG = "arrivalPoints";

export interface MissionCombatRef {
  readonly uuid: string;
  readonly track: missions.MissionTrack;
}

export interface MissionWorld {
  readonly isGM: boolean;
  readonly combat: MissionCombatRef | null;
  /** The viewed scene's arrival points, or null (none set, or out of shape: the mission's own table). */
  readonly arrivals: missions.ScatterTable | null;
  readonly sceneName: string | null;
}

interface CombatLike {
  readonly uuid: string;
  readonly type: string;
  readonly system: unknown;
}

/** The world's mission tracker: the viewed combat when it is one, else the first. */
export function findMissionCombat<C extends { readonly type: string }>(combats: Iterable<C>): C | undefined {
  for (const c of combats) if (c.type === MISSION_COMBAT_TYPE) return c;
  return undefined;
}

const point = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("edge"), edge: z.enum(["ownLong", "enemyLong", "leftShort", "rightShort"]) }),
  z.strictObject({ kind: z.literal("corner"), corner: z.enum(["ownLeft", "ownRight", "enemyLeft", "enemyRight"]) }),
]);
/** A scene's table of arrival points: six, for die 1 to 6. */
export const arrivalTableSchema = z.tuple([point, point, point, point, point, point]);

/** The arrival table a scene flag holds, or null when absent or out of shape. */
export function arrivalTableOf(flag: unknown): missions.ScatterTable | null {
  const parsed = arrivalTableSchema.safeParse(flag);
  return parsed.success ? parsed.data : null;
}

export function readMissionWorld(user?: AskingUser): MissionWorld {
  const g = game as unknown as { combat?: CombatLike | null; combats?: Iterable<CombatLike> };
  const found = findMissionCombat([...(g.combat ? [g.combat] : []), ...(g.combats ?? [])]);
  const scene = (canvas as unknown as { scene?: { name?: string; flags?: Record<string, Record<string, unknown>> } | null } | undefined)
    ?.scene;
  return {
    isGM: user === undefined ? isGM() : user.isGM,
    combat: found === undefined ? null : { uuid: found.uuid, track: found.system as missions.MissionTrack },
    arrivals: arrivalTableOf(scene?.flags?.[SYSTEM_ID]?.[ARRIVAL_FLAG]),
    sceneName: scene?.name ?? null,
  };
}
