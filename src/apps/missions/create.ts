/**
 * Making a mission's tracker (the GM's set-up act, not a card): a Combat of type `nobcMission`,
 * active and tied to no scene. Its values are then written by the set-up card through the one
 * write path. A world keeps one mission tracker: a second is refused (delete the old one to start afresh).
 */
import { MISSION_COMBAT_TYPE } from "../../base/constants";
import { isGM, notify } from "../../base/foundry";
import { findMissionCombat } from "./world";

/** The new tracker's UUID, or null (told why) when refused or not made. */
export async function createMissionCombat(): Promise<string | null> {
  if (!isGM()) {
    notify("warn", "NOBC.Mission.Refused.createNotGM");
    return null;
  }
  const existing = findMissionCombat((game as unknown as { combats?: Iterable<{ type: string; uuid: string }> }).combats ?? []);
  if (existing !== undefined) return existing.uuid;
  const combatClass = (Combat as unknown as { implementation: { create(data: object): Promise<{ uuid: string } | undefined> } })
    .implementation;
  // A v13 Combat has no `name` field (one given would be dropped): the tracker is named from its mission where shown.
  const combat = await combatClass.create({ type: MISSION_COMBAT_TYPE, active: true });
  if (combat === undefined) {
    notify("warn", "NOBC.Mission.Refused.notCreated");
    return null;
  }
  return combat.uuid;
}
