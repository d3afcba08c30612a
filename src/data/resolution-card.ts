/**
 * System data of a ChatMessage `resolution`: a resolution card, authored by the GM's client. It
 * holds what Apply writes (`effects`), the card's state, its once-only key, the subjects it holds
 * (used up from the moment it is posted), what it shows, who
 * asked, the scene its map effects were decided on, the records of the caller, and the GM's record of what Apply wrote (`record`). Players
 * cannot edit a GM's message, so everything here is the GM's word; sizes are bounded so a card
 * cannot make every client that renders it slow. The model keeps only these bounds: data models sit
 * below the zod schemas (docs/architecture.md), so the shape of each effect (src/schemas/effects.ts),
 * of the display, the ground combat and the record is checked where a card is read
 * (`readCard` in src/chat/card-data.ts), which treats data out of shape as no card.
 */

import { CARD_MESSAGE_TYPE, MAX_CARD_EFFECTS, MAX_CARD_HOLDS, MAX_CARD_OVERRIDES, cardBoundsProblem } from "./card-limits";
import { gameWording, speak } from "../words/phrase";

export { CARD_MESSAGE_TYPE };

// "applying" / "undoing": marked before the active GM's client writes any document, with the plan on
// `record` (src/queries/card-actions.ts).
const CARD_STATES = ["pending", "applying", "applied", "undoing", "reverted"] as const;

function resolutionCardSchema() {
  const fields = foundry.data.fields;
  const object = (nullable: boolean) =>
    new fields.ObjectField({ required: true, nullable, initial: nullable ? null : {} }) as unknown as foundry.data.fields.ObjectField;
  return {
    effects: new fields.ArrayField(new fields.ObjectField(), { required: true, initial: [], max: MAX_CARD_EFFECTS }),
    state: new fields.StringField({ required: true, nullable: false, blank: false, initial: "pending", choices: [...CARD_STATES] }),
    once: new fields.StringField({ required: true, nullable: true, blank: false, initial: null }),
    holds: new fields.ArrayField(new fields.StringField({ required: true, nullable: false, blank: false }), {
      required: true,
      initial: [],
      max: MAX_CARD_HOLDS,
    }),
    display: object(true),
    groundCombat: object(true),
    // What the card's identification cards were played on (src/schemas/knowledge.ts, `cardIdentification`).
    identifies: object(true),
    records: object(false),
    requestedBy: new fields.StringField({ required: true, nullable: true, blank: false, initial: null }),
    scene: new fields.StringField({ required: true, nullable: true, blank: false, initial: null }),
    outcomeUnknown: new fields.BooleanField({ required: true, initial: false }),
    revision: new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
    turn: new fields.NumberField({ required: true, nullable: true, integer: true, min: 0, initial: null }),
    record: object(true),
    action: new fields.StringField({ required: true, nullable: true, blank: false, initial: null }),
    appliedAt: object(true),
    overrides: new fields.ArrayField(new fields.ObjectField(), { required: true, initial: [], max: MAX_CARD_OVERRIDES }),
    charges: new fields.ArrayField(new fields.StringField({ required: true, nullable: false, blank: false }), {
      required: true,
      initial: [],
      max: MAX_CARD_HOLDS,
    }),
    // Control (issue #31): the card's sector as the GM stamped it, a player's mark for an umpire, the umpires' rulings.
    sector: object(true),
    marked: object(true),
    rulings: new fields.ArrayField(new fields.ObjectField(), { required: true, initial: [], max: MAX_CARD_OVERRIDES }),
    // Each GM client that marked the card for an action: client id → a token drawn for that action.
    claims: object(false),
  };
}
export type ResolutionCardSchema = ReturnType<typeof resolutionCardSchema>;

export class ResolutionCardData extends foundry.abstract.TypeDataModel<ResolutionCardSchema, ChatMessage.Implementation> {
  static override defineSchema(): ResolutionCardSchema {
    return resolutionCardSchema();
  }

  static override validateJoint(data: Record<string, unknown>): void {
    const problem = cardBoundsProblem(data);
    if (problem !== null) throw new Error(speak(problem, gameWording()));
  }
}
