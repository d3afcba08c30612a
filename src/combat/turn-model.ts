/**
 * System data of a Combat of type `nobcTurn`: one per game, tracking where the NOBC turn is
 * (the pure model is src/rules/nobc/turn.ts). A Combat is used because its tracker is the sidebar
 * tab players already watch; its own rounds and combatants are not used.
 */
import { turn } from "../rules/index";
import { countField } from "../data/fields";
import { MAX_READY_MARKS } from "./turn-type";

function turnSchema() {
  const fields = foundry.data.fields;
  return {
    turn: countField("NOBC.Turn.Field.Turn", 0),
    stage: countField("NOBC.Turn.Field.Stage", 0, { max: turn.STAGES.length - 1 }),
    /** When the Planning countdown ends (ms since the epoch); null outside Planning. */
    planningEndsAt: new fields.NumberField({
      required: true,
      nullable: true,
      integer: true,
      min: 0,
      initial: null,
      label: "NOBC.Turn.Field.PlanningEndsAt",
    }),
    /** The furthest stage entered (see `TurnSystem.reached`). */
    reached: countField("NOBC.Turn.Field.Reached", 0),
    /**
     * The Movement phase's group moving now, by slot (src/world/movement-slots.ts). No upper bound
     * here, so the init bundle does not load the movement code: a value past the slots reads as 0.
     */
    movementSlot: countField("NOBC.Turn.Field.MovementSlot", 0),
    /** Who is ready in the current stage: team sides and HQ UUIDs (./readiness.ts); cleared by every stage move. */
    ready: new fields.ArrayField(new fields.StringField({ required: true, blank: false }), {
      required: true,
      initial: [],
      max: MAX_READY_MARKS,
      label: "NOBC.Turn.Field.Ready",
    }),
    /** When the clock Control set for the current stage ends (ms since the epoch); null: none. Planning's own is `planningEndsAt`. */
    clockEndsAt: new fields.NumberField({
      required: true,
      nullable: true,
      integer: true,
      min: 0,
      initial: null,
      label: "NOBC.Turn.Field.ClockEndsAt",
    }),
    /** Who was not ready when Control moved the turn into this stage (team sides and HQ UUIDs). */
    overridden: new fields.ArrayField(new fields.StringField({ required: true, blank: false }), {
      required: true,
      initial: [],
      max: MAX_READY_MARKS,
      label: "NOBC.Turn.Field.Overridden",
    }),
  };
}
export type TurnSchema = ReturnType<typeof turnSchema>;

export class TurnData extends foundry.abstract.TypeDataModel<TurnSchema, Combat.Implementation> {
  static override defineSchema(): TurnSchema {
    return turnSchema();
  }
}
