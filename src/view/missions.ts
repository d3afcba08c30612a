/** Lang keys of the Team Yankee missions: names, roles, times of day, meeting-engagement limits (tracker panel and dialogs). */
import type { missions } from "../rules/index";

export const FACTION_KEYS: Readonly<Record<missions.Faction, string>> = { nato: "NOBC.Side.nato", wp: "NOBC.Side.wp" };
export const LIGHT_KEYS: Readonly<Record<"daylight" | "darkness", string>> = {
  daylight: "NOBC.Mission.Light.daylight",
  darkness: "NOBC.Mission.Light.darkness",
};

/** Lang keys of the missions' names. */
export const MISSION_NAME_KEYS: Readonly<Record<missions.MissionId, string>> = {
  annihilation: "NOBC.Mission.Name.annihilation",
  freeForAll: "NOBC.Mission.Name.freeForAll",
  dustUp: "NOBC.Mission.Name.dustUp",
  encounter: "NOBC.Mission.Name.encounter",
  counterattack: "NOBC.Mission.Name.counterattack",
  contact: "NOBC.Mission.Name.contact",
  breakthrough: "NOBC.Mission.Name.breakthrough",
  noRetreat: "NOBC.Mission.Name.noRetreat",
  rearguard: "NOBC.Mission.Name.rearguard",
  bridgehead: "NOBC.Mission.Name.bridgehead",
};

export const ROLE_KEYS: Readonly<Record<missions.MissionSide, string>> = {
  attacker: "NOBC.Mission.Role.attacker",
  defender: "NOBC.Mission.Role.defender",
};

export const TIME_KEYS: Readonly<Record<missions.TimeOfDay, string>> = {
  dawn: "NOBC.Mission.Time.dawn",
  daylight: "NOBC.Mission.Time.daylight",
  dusk: "NOBC.Mission.Time.dusk",
};

export const LIMIT_KEYS: Readonly<Record<missions.MeetingLimit, string>> = {
  noStrikeAircraft: "NOBC.Mission.Limit.noStrikeAircraft",
  teamsCountAsMoved: "NOBC.Mission.Limit.teamsCountAsMoved",
  noBombardments: "NOBC.Mission.Limit.noBombardments",
};
