/** System data of an Actor `airbase`: a base chart of the Air War (seed 000, Air War QRS). */
import { air } from "../rules/index";
import { repairSystemSource } from "./shape-repairs";
import { checkPool, countField, poolField, sideField } from "./fields";

function airbaseSchema() {
  const fields = foundry.data.fields;
  return {
    side: sideField(),
    airZone: new fields.StringField({ required: true, nullable: false, blank: true, initial: "", label: "NOBC.Field.AirZone" }),
    baseCapacity: countField("NOBC.Field.BaseCapacity", 2),
    hits: new fields.SchemaField(
      { repairable: countField("NOBC.Field.HitsRepairable", 0), permanent: countField("NOBC.Field.HitsPermanent", 0) },
      { label: "NOBC.Field.Hits" },
    ),
    airDefence: poolField("NOBC.Field.AirDefence", 0),
  };
}
export type AirbaseSchema = ReturnType<typeof airbaseSchema>;

export class AirbaseData extends foundry.abstract.TypeDataModel<AirbaseSchema, Actor.Implementation> {
  /** Squadrons the base can hold now: its base capacity less one per unrepaired hit, never below 0. */
  declare capacity: number;

  static override defineSchema(): AirbaseSchema {
    return airbaseSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    repairSystemSource("airbase", source);
    return super.migrateData(source);
  }

  static override validateJoint(data: foundry.data.fields.SchemaField.SourceData<AirbaseSchema>): void {
    checkPool("airDefence", data.airDefence);
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    this.capacity = air.airbaseCapacity({
      baseCapacity: this.baseCapacity,
      hits: this.hits.repairable,
      permanentHits: this.hits.permanent,
    });
  }
}
