/** System data of an Item `supportCard`, held by an HQ (its parent actor) or by no one (world level). */
import { CARD_AFTER_USE, SUPPORT_CARD_CATEGORIES } from "../rules/nobc/land/card-categories";
import { repairSystemSource } from "./shape-repairs";
import { actorRefField, boundedNumberField, choiceField, htmlField, sideField } from "./fields";

export const AFTER_USE = CARD_AFTER_USE;

function supportCardSchema() {
  return {
    side: sideField(),
    category: choiceField(SUPPORT_CARD_CATEGORIES, "combatModifier", "NOBC.Field.Category"),
    value: boundedNumberField({ integer: true }, { nullable: false, initial: 0, label: "NOBC.Field.Value" }),
    modifier: boundedNumberField({ integer: true }, { nullable: false, initial: 0, label: "NOBC.Field.Modifier" }),
    afterUse: choiceField(AFTER_USE, "discard", "NOBC.Field.AfterUse"),
    assignedTo: actorRefField("NOBC.Field.AssignedTo"),
    description: htmlField("NOBC.Field.Description"),
  };
}
export type SupportCardSchema = ReturnType<typeof supportCardSchema>;

export class SupportCardData extends foundry.abstract.TypeDataModel<SupportCardSchema, Item.Implementation> {
  static override defineSchema(): SupportCardSchema {
    return supportCardSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    repairSystemSource("supportCard", source);
    return super.migrateData(source);
  }
}
