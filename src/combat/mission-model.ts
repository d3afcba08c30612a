/**
 * System data of a Combat of type `nobcMission`: one Team Yankee mission on the combat tracker
 * (the pure state is `MissionTrack`, src/rules/missions/track.ts). Cards write it through the one
 * write path (the `missionTrack` effect); its own rounds and combatants are not used.
 */
import { MISSION_IDS } from "../rules/missions/types";
import { countField } from "../data/fields";

function choice(label: string, choices: readonly string[], initial: string, blank = false) {
  return new foundry.data.fields.StringField({ required: true, nullable: false, blank, initial, choices: [...choices], label });
}

function forceSchema(label: string) {
  const fields = foundry.data.fields;
  return new fields.SchemaField(
    {
      name: new fields.StringField({ required: true, nullable: false, blank: true, initial: "", label: "NOBC.Mission.Field.ForceName" }),
      reserves: countField("NOBC.Mission.Field.Reserves", 0, { max: 999 }),
      delayCounters: countField("NOBC.Mission.Field.DelayCounters", 0, { max: 999 }),
      unitsLost: countField("NOBC.Mission.Field.UnitsLost", 0, { max: 999 }),
      points: countField("NOBC.Mission.Field.Points", -1, { min: -1, max: 8 }),
    },
    { label },
  );
}

function missionSchema() {
  const fields = foundry.data.fields;
  return {
    mission: choice("NOBC.Mission.Field.Mission", ["", ...MISSION_IDS], "", true),
    attackerFaction: choice("NOBC.Mission.Field.AttackerFaction", ["nato", "wp"], "nato"),
    firstPlayer: choice("NOBC.Mission.Field.FirstPlayer", ["attacker", "defender"], "attacker"),
    timeOfDay: choice("NOBC.Mission.Field.TimeOfDay", ["dawn", "daylight", "dusk"], "daylight"),
    light: choice("NOBC.Mission.Field.Light", ["daylight", "darkness"], "daylight"),
    measure: choice("NOBC.Mission.Field.Measure", ["inches", "cm"], "inches"),
    turn: countField("NOBC.Mission.Field.Turn", 0, { max: 999 }),
    player: choice("NOBC.Mission.Field.Player", ["attacker", "defender"], "attacker"),
    journal: new fields.StringField({ required: true, nullable: false, blank: true, initial: "", label: "NOBC.Mission.Field.Journal" }),
    attackerForce: forceSchema("NOBC.Mission.Field.AttackerForce"),
    defenderForce: forceSchema("NOBC.Mission.Field.DefenderForce"),
    ended: new fields.BooleanField({ required: true, initial: false, label: "NOBC.Mission.Field.Ended" }),
    winner: choice("NOBC.Mission.Field.Winner", ["", "attacker", "defender", "none"], "", true),
    revision: countField("NOBC.Mission.Field.Revision", 0, { max: 999_999 }),
  };
}
export type MissionSchema = ReturnType<typeof missionSchema>;

export class MissionData extends foundry.abstract.TypeDataModel<MissionSchema, Combat.Implementation> {
  static override defineSchema(): MissionSchema {
    return missionSchema();
  }
}
