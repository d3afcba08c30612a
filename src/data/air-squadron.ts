/** System data of an Actor `airSquadron`: one air unit of the Air War (seed 000, Air War QRS). */
import { air } from "../rules/index";
import { AIR_BOXES } from "../rules/nobc/air/effects";
import { repairSystemSource } from "./shape-repairs";
import { actorRefField, choiceField, countField, flagField, nationalityField, sideField } from "./fields";

export const AIR_ROLES = ["airSuperiority", "multirole", "strike", "cas", "recce", "ew", "transport"] as const;
export const WEAPON_KINDS = ["aam", "cas", "deepStrike"] as const;

/** Air-to-air, CAS and deep-strike factors are d6 targets, so they run 0..6. */
const factor = (label: string) => countField(label, 0, { max: 6 });

function airSquadronSchema() {
  const fields = foundry.data.fields;
  return {
    side: sideField(),
    nationality: nationalityField("us"),
    aircraft: new fields.StringField({ required: true, nullable: false, blank: true, initial: "", label: "NOBC.Field.Aircraft" }),
    role: choiceField(AIR_ROLES, "multirole", "NOBC.Field.Role"),
    airToAir: factor("NOBC.Field.AirToAir"),
    cas: factor("NOBC.Field.Cas"),
    deepStrike: factor("NOBC.Field.DeepStrike"),
    weapons: new fields.ArrayField(
      new fields.SchemaField({
        kind: choiceField(WEAPON_KINDS, "aam", "NOBC.Field.WeaponKind"),
        name: new fields.StringField({ required: true, nullable: false, blank: false, initial: "AAM", label: "NOBC.Field.WeaponName" }),
      }),
      { required: true, initial: [], label: "NOBC.Field.Weapons" },
    ),
    range: countField("NOBC.Field.Range", 0),
    recce: flagField("NOBC.Field.Recce"),
    ew: flagField("NOBC.Field.Ew"),
    harrier: flagField("NOBC.Field.Harrier"),
    box: choiceField(AIR_BOXES, "ready", "NOBC.Field.Box"),
    airbase: actorRefField("NOBC.Field.Airbase"),
    airZone: new fields.StringField({ required: true, nullable: false, blank: true, initial: "", label: "NOBC.Field.AirZone" }),
  };
}
export type AirSquadronSchema = ReturnType<typeof airSquadronSchema>;

export class AirSquadronData extends foundry.abstract.TypeDataModel<AirSquadronSchema, Actor.Implementation> {
  /** EW, recce and RAF Harrier squadrons take no space on an airbase (seed 000, Air War QRS). */
  declare needsBaseSpace: boolean;

  static override defineSchema(): AirSquadronSchema {
    return airSquadronSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    repairSystemSource("airSquadron", source);
    return super.migrateData(source);
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    this.needsBaseSpace = air.needsAirbaseSpace(this);
  }
}
