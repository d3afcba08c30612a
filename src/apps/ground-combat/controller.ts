/**
 * The ground-combat planner's controller. The world is the battlefield as the asker may see it, what
 * they own and the world's rules options (`readPlannerWorld`); every decision is made by the pure
 * modules of this folder (state, input, context, access); Roll sends the plan to the active GM,
 * whose client checks it with the rules on its own read and makes the card (./card.ts).
 */
import { hqRadiusAction } from "../../canvas/register";
import type { z } from "zod";
import { allFormValues, formText, opened, refused, type DialogController, type FormValues } from "../base/controller";
import { groundCombatCard } from "./card";
import { groundCombatContext, phraseWithNames } from "./context";
import { speak } from "../../words/phrase";
import { refusalLens } from "../../world/refusal-view";
import { planFromState } from "./input";
import {
  addMission,
  applyForm,
  defaultState,
  removeMission,
  withWorldFacts,
  type FormValues as PlannerValues,
  type GroundCombatState,
} from "./state";
import { canvasSelection, ownedSides, readPlannerWorld, type PlannerWorld } from "./world";
import { plannerAccess } from "./access";
import { holdsFor } from "../base/holds";
import type { GroundCombatPlan } from "../../rules/nobc/land/combat";
import type { Battlefield } from "../../world/battlefield";
import { phrase, type Phrase } from "../../rules/resolution";
import { groundCombatStateSchema } from "./schema";
import { attackerFrontHqs, stateTurnCombat, withTurnLimits } from "./turn-limits";

/** What the planner opens on: `attackers` and `target` replace the canvas selection. */
export interface PlannerArgs {
  readonly attackers?: readonly string[] | undefined;
  readonly target?: string | undefined;
}

/** Every value of each name, as the pure reader takes them (a tick or a single value becomes a list). */
function lists(values: FormValues): PlannerValues {
  const out: Record<string, readonly string[]> = {};
  for (const [name, value] of Object.entries(values)) {
    if (Array.isArray(value)) out[name] = value.map(formText);
    else if (value === true) out[name] = ["on"];
    else if (value !== false && value !== null && value !== undefined) out[name] = [formText(value)];
  }
  return out;
}

/** The units the user may commit: every one for a GM, else the owned ones. */
function commands(world: PlannerWorld): (id: string) => boolean {
  return (id) => world.isGM || world.owned.has(id);
}

export const plannerController: DialogController<GroundCombatState, PlannerWorld, PlannerArgs> = {
  template: "apps/ground-combat.hbs",
  title: "NOBC.GroundCombat.Title",
  icon: "fa-solid fa-crosshairs",
  classes: ["nobc", "nobc-ground-combat"],
  width: 760,
  submitAction: "roll",
  read: readPlannerWorld,
  stateSchema: groundCombatStateSchema satisfies z.ZodType<GroundCombatState>,
  open(world, { attackers, target }) {
    const canvas = canvasSelection();
    // A player of one side plans for that side when nothing on the canvas says otherwise.
    const sides = [...ownedSides(world.field, world.owned)];
    const selection = {
      selected: attackers ?? canvas.selected,
      targeted: canvas.targeted,
      ...(target === undefined ? {} : { hex: target }),
      ...(!world.isGM && sides.length === 1 ? { side: sides[0]! } : {}),
    };
    return opened(defaultState(world.field, selection, world.options));
  },
  access: plannerAccess,
  context(state, world, i18n) {
    // The turn limits are shown before the roll, as the GM will check them.
    const plan = withTurnLimits(planFromState(world.field, state).plan, world, () => stateTurnCombat(world.field, state));
    // Under double-blind a player may plan against a contact of their side (its defenders unknown until the GM resolves).
    const contacts = world.sights?.contacts.map((c) => c.hex) ?? [];
    return groundCombatContext(world.field, state, plan, i18n, commands(world), contacts);
  },
  change: (state, values, world) => applyForm(world.field, state, lists(values)),
  readForm: allFormValues,
  actions: {
    addMission: (state, world) => addMission(world.field, state, commands(world)),
    removeMission: (state, _field, target) => removeMission(state, Number(target.dataset["index"])),
    // The base reads the world again for the redraw.
    refresh: (state) => state,
    showHqRadius: hqRadiusAction,
  },
  claims(state, world) {
    const field = world.whole;
    const { plan: checked } = planFromState(field, world.isGM ? state : withWorldFacts(field, state));
    // A plan the turn limits refuse is refused by `submit` before any die, naming the earlier combat.
    const plan = withTurnLimits(checked, world, () => stateTurnCombat(field, state));
    return plan.ok ? combatHolds(plan.value, world.turn) : {};
  },
  submit(state, world, i18n, dice) {
    // Resolved with the whole battlefield; a player's plan also meets the defender's assigned cards.
    const field = world.whole;
    // Under double-blind a player hears no enemy piece their side does not know named or counted (src/world/refusal-view.ts).
    const told = refusalLens(world, {
      unit: i18n.localize("NOBC.Hidden.EnemyUnit"),
      hq: i18n.localize("NOBC.Hidden.EnemyHq"),
      has: (key) => i18n.has(key),
    });
    const typed = world.isGM ? [] : foreignDistances(field, state, world.owned);
    if (typed.length > 0) return refused(typed.map((p) => speak(told(p), i18n)));
    const { input, plan: checked } = planFromState(field, world.isGM ? state : withWorldFacts(field, state));
    const plan = withTurnLimits(checked, world, () => stateTurnCombat(field, state));
    if (!plan.ok) return refused(plan.refusals.map((r) => speak(phraseWithNames(told(r.text), field.names), i18n)));
    const card = groundCombatCard(field, plan.value, input.terrain, dice, i18n);
    return { ok: true, value: { card: { ...card, ...combatHolds(plan.value, world.turn) } } };
  },
};

/**
 * The distances a player typed for HQs they do not own, each a refusal naming the field: only a GM
 * says how far another's HQ is (where the map cannot measure it, the distance is typed).
 */
export function foreignDistances(field: Battlefield, state: GroundCombatState, owned: ReadonlySet<string>): Phrase[] {
  return Object.entries(state.distances)
    .filter(([hq, value]) => value !== null && !owned.has(hq))
    .map(([hq]) => phrase("NOBC.Request.Refused.typedDistance", { hq, name: field.names.get(hq) ?? hq }));
}

/**
 * What a ground combat uses up: each attacking unit's attack of the turn and the defending hex's
 * (each unit attacks once a turn, a hex is attacked by one combat: seed 000, Land War QRS, phase 4
 * "Ground Combat", checked for a turn's plans together by src/rules/nobc/land/combat-turn.ts), each
 * attacking hex's one target of the turn, the attacker's Front HQs' one combat of the turn
 * (./turn-limits.ts names the earlier combat; these holds catch two requests answered side by side),
 * and every support card the attacker plays (a card is played once).
 */
export function combatHolds(plan: GroundCombatPlan, turn: number | null | undefined): { readonly holds?: readonly string[] } {
  // The attacker's cards: the defender's assigned cards serve again when the hex is attacked next turn.
  const cards = plan.support.filter((s) => s.side === plan.attackerSide).flatMap((s) => s.cards);
  const perTurn = [
    ...plan.attackers.map((u) => `attack:${u.id}`),
    `target:${plan.target}`,
    ...plan.attackers.filter((u) => u.hex !== "").map((u) => `from:${u.hex}`),
    ...attackerFrontHqs(plan.attackerSide, plan.support).map((hq) => `front:${hq}`),
  ];
  return holdsFor(turn, perTurn, cards);
}
