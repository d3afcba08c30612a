/**
 * System data of a ChatMessage `sideCard`: the card one side's players are whispered under
 * double-blind (src/chat/side-card.ts), authored by the GM's client next to the GMs' full card. It
 * holds whose it is, a random key linking it to the GMs' card (so Apply and Undo update its state in
 * the same write), the state, and what the side may read (`view`). It has no Apply or Undo of its own.
 * The model keeps bounds only; the view's shape is checked where it is read (`readSideCard`).
 */
import { MAX_CARD_PART_CHARS, SIDE_CARD_TYPE } from "./card-limits";

export { SIDE_CARD_TYPE };

const CARD_STATES = ["pending", "applying", "applied", "undoing", "reverted"] as const;

function sideCardSchema() {
  const fields = foundry.data.fields;
  return {
    side: new fields.StringField({ required: true, nullable: false, blank: false, initial: "nato", choices: ["nato", "wp"] }),
    link: new fields.StringField({ required: true, nullable: false, blank: false, initial: "link" }),
    state: new fields.StringField({ required: true, nullable: false, blank: false, initial: "pending", choices: [...CARD_STATES] }),
    view: new fields.ObjectField({ required: true, initial: {} }) as unknown as foundry.data.fields.ObjectField,
  };
}
export type SideCardSchema = ReturnType<typeof sideCardSchema>;

export class SideCardModel extends foundry.abstract.TypeDataModel<SideCardSchema, ChatMessage.Implementation> {
  static override defineSchema(): SideCardSchema {
    return sideCardSchema();
  }

  static override validateJoint(data: Record<string, unknown>): void {
    const link = data["link"];
    if (typeof link === "string" && link.length > 64) throw new Error("link: longer than 64 characters");
    if (JSON.stringify(data["view"] ?? {}).length > MAX_CARD_PART_CHARS)
      throw new Error(`view: larger than ${String(MAX_CARD_PART_CHARS)} characters`);
  }
}
