/** System data of an Actor `unit`: a brigade, division, regiment or battalion on the main map. */
import { land } from "../rules/index";
import { UNIT_ARMS, UNIT_SIZES } from "../rules/nobc/land/types";
import { repairSystemSource } from "./shape-repairs";
import {
  actorRefField,
  checkPool,
  choiceField,
  countField,
  flagField,
  halvesField,
  htmlField,
  unsetNumberField,
  nationalityField,
  poolField,
  sideField,
} from "./fields";

/** Movement allowance by mode (seed 000, Land War QRS, 5. Movement: Combat Mode 4 MP, March Mode 6 MP). */
export const MOVEMENT_ALLOWANCE = { combat: 4, march: 6 } as const;

function unitSchema() {
  return {
    side: sideField(),
    nationality: nationalityField("us"),
    hq: actorRefField("NOBC.Field.Hq"),
    size: choiceField(UNIT_SIZES, "brigade", "NOBC.Field.Size"),
    arm: choiceField(UNIT_ARMS, "armour", "NOBC.Field.Arm"),
    strength: poolField("NOBC.Field.Strength", 6),
    supply: countField("NOBC.Field.Supply", 0),
    mode: choiceField(["combat", "march"], "combat", "NOBC.Field.Mode"),
    minelaying: flagField("NOBC.Field.Minelaying"),
    noMove: flagField("NOBC.Field.NoMove"),
    movementPoints: halvesField("NOBC.Field.MovementPoints", 0),
    /**
     * The overrun cost printed on the counter (seed 000, Land War QRS, 5. Movement: "see unit"): MP and
     * hits; null until the umpire enters it, and an overrun by the unit is refused until then.
     */
    overrunCost: new foundry.data.fields.SchemaField(
      {
        mp: unsetNumberField("NOBC.Field.OverrunMp", "halves"),
        hits: unsetNumberField("NOBC.Field.OverrunHits", "whole"),
      },
      { label: "NOBC.Field.OverrunCost" },
    ),
    notes: htmlField("NOBC.Field.Notes"),
  };
}
export type UnitSchema = ReturnType<typeof unitSchema>;

export class UnitData extends foundry.abstract.TypeDataModel<UnitSchema, Actor.Implementation> {
  /** Current strength over its maximum, 0..1 (0 for a counter with no maximum). */
  declare strengthRatio: number;
  /** Supply points the unit can carry (seed 000, 6. Resupply; none for artillery). */
  declare supplyCapacity: number;
  /** True when the unit is always in March Mode (artillery, battalions). */
  declare forcedMarch: boolean;
  /** Movement points a full turn gives in its mode. */
  declare movementAllowance: number;

  static override defineSchema(): UnitSchema {
    return unitSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    repairSystemSource("unit", source);
    return super.migrateData(source);
  }

  static override validateJoint(data: foundry.data.fields.SchemaField.SourceData<UnitSchema>): void {
    checkPool("strength", data.strength);
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    const { value, max } = this.strength;
    this.strengthRatio = max > 0 ? Math.min(1, value / max) : 0;
    this.supplyCapacity = land.unitSupplyCapacity({ size: this.size, arm: this.arm });
    this.forcedMarch = land.alwaysInMarchMode(this);
    const mode = this.forcedMarch ? "march" : this.mode;
    this.movementAllowance = MOVEMENT_ALLOWANCE[mode];
  }
}
