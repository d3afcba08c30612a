/** The system id, used as the prefix of settings, flags, hooks and queries. */
export const SYSTEM_ID = "nobc";

/**
 * The update option that marks a token move as the write path's own (the active GM's, for a card):
 * the movement watchers let it through and check every other move. In this light module so the
 * init bundle's hooks read it without loading the write path (src/effects/apply.ts re-exports it).
 */
export const AUTHORITY_MOVE = "nobcAuthority";

/** The Combat subtype of a Team Yankee mission's tracker (src/combat/mission-model.ts). */
export const MISSION_COMBAT_TYPE = "nobcMission";
