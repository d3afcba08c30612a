/** System data of an Actor `hq`: a NATO corps or army group, a WP army or front. */
import { ECHELONS } from "../rules/nobc/land/types";
import { repairSystemSource } from "./shape-repairs";
import { actorRefField, checkPool, choiceField, countField, flagField, htmlField, nationalityField, poolField, sideField } from "./fields";

function hqSchema() {
  return {
    side: sideField(),
    nationality: nationalityField("us"),
    echelon: choiceField(ECHELONS, "corps", "NOBC.Field.Echelon"),
    level: poolField("NOBC.Field.Level", 4),
    radius: countField("NOBC.Field.Radius", 4),
    supplyCounters: countField("NOBC.Field.SupplyCounters", 0),
    mayRecover: flagField("NOBC.Field.MayRecover", true),
    parent: actorRefField("NOBC.Field.Parent"),
    initiative: flagField("NOBC.Field.Initiative"),
    notes: htmlField("NOBC.Field.Notes"),
  };
}
export type HqSchema = ReturnType<typeof hqSchema>;

export class HqData extends foundry.abstract.TypeDataModel<HqSchema, Actor.Implementation> {
  /** Current level over its maximum, 0..1. */
  declare levelRatio: number;

  static override defineSchema(): HqSchema {
    return hqSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    repairSystemSource("hq", source);
    return super.migrateData(source);
  }

  static override validateJoint(data: foundry.data.fields.SchemaField.SourceData<HqSchema>): void {
    checkPool("level", data.level);
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    this.levelRatio = this.level.max > 0 ? Math.min(1, this.level.value / this.level.max) : 0;
  }
}
