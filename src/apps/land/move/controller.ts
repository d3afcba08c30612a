/**
 * The move request (`land.move`): no window of its own, a procedure the GM answers. The drag of a
 * unit's token (./drag.ts) sends `{ unit, path, ignoreMines }`; the active GM reads the battlefield
 * and the turn, plans the move with `planMove` and decides it (./state.ts): a refused move writes
 * nothing and tells the mover why; an accepted one is a card the GM posts and applies at once (the
 * move is the request: no second click), which Undo puts back. A move into a hex of battalions,
 * artillery or HQs is the overrun (src/world/overrun.ts), its card written the same way.
 */
import { currentUser, type AskingUser } from "../../../base/foundry";
import { readMovementTurn } from "../../../combat/movement-turn";
import { speak } from "../../../words/phrase";
import { planHqMove, planMove } from "../../../world/movement";
import { denied, refused, type DialogController, type Submission, type Verdict } from "../../base/controller";
import { readLandWorld } from "../world";
import {
  decideHqMove,
  decideMove,
  hqMoveCard,
  moveAccess,
  moveCard,
  moveStateSchema,
  overrunCard,
  type MoveState,
  type MoveWorld,
} from "./state";
import { planOverrun } from "../../../world/overrun";
import { rulesOptions } from "../../../base/settings";

/** A world scene's name by id (its id when there is no such scene). */
function sceneName(id: string): string {
  const scenes = (game as unknown as { scenes?: { get(id: string): { name: string } | undefined } }).scenes;
  return scenes?.get(id)?.name ?? id;
}

/** The scene this client views, as a move names it. */
function viewedScene(): MoveWorld["scene"] {
  const scene = (globalThis as { canvas?: { scene?: { id?: string | null; name?: string } | null } }).canvas?.scene;
  return typeof scene?.id === "string" ? { id: scene.id, name: scene.name ?? "" } : null;
}

export function readMoveWorld(user?: AskingUser): MoveWorld {
  const land = readLandWorld(user);
  return { ...land, movement: readMovementTurn(land.field), asker: (user ?? currentUser())?.id ?? null, scene: viewedScene() };
}

export const moveController: DialogController<MoveState, MoveWorld> = {
  // No window opens: these are here because every registered procedure is a controller.
  template: "apps/land/orders.hbs",
  title: "NOBC.Move.Title",
  icon: "fa-solid fa-route",
  classes: ["nobc", "nobc-land"],
  width: 400,
  submitAction: "post",
  read: readMoveWorld,
  stateSchema: moveStateSchema,
  open: () => denied("NOBC.Move.NoDialog"),
  access: moveAccess,
  context: (state) => state,
  change: (state) => state,
  submit: (state, world, i18n): Verdict<Submission> => {
    // The GM reads and writes the scene it views: a move dragged on another scene cannot be checked there.
    if (state.scene !== undefined && state.scene !== world.scene?.id)
      return refused([i18n.format("NOBC.Move.Refused.otherScene", { scene: sceneName(state.scene) })]);
    if (world.field.hqs.some((h) => h.id === state.unit)) {
      const hqPlan = planHqMove(world.field, world.movement, { unit: state.unit, path: state.path });
      if ("refused" in hqPlan) return refused([speak(hqPlan.refused.text, i18n)]);
      const hqDecision = decideHqMove(hqPlan, world);
      if (!hqDecision.ok) return refused(hqDecision.refusals.map((p) => speak(p, i18n)));
      const hqCard = hqMoveCard(hqPlan, hqDecision.override, i18n);
      return { ok: true, value: { run: async () => (await import("./carry-out")).postAndApply(hqCard, world.asker) } };
    }
    const plan = planMove(world.field, world.movement, { unit: state.unit, path: state.path, ignoreMines: state.ignoreMines });
    if ("refused" in plan) return refused([speak(plan.refused.text, i18n)]);
    const decision = decideMove(plan, world);
    if (!decision.ok) return refused(decision.refusals.map((p) => speak(p, i18n)));
    let card = moveCard(plan, decision.override, i18n);
    if (decision.kind === "overrun") {
      const resolved = planOverrun(world.field, plan, { rules: rulesOptions(), ignoreMines: state.ignoreMines });
      if (!resolved.ok) return refused(resolved.refusals.map((r) => speak(r.text, i18n)));
      card = overrunCard(plan, resolved.value, decision.override, i18n);
    }
    return { ok: true, value: { run: async () => (await import("./carry-out")).postAndApply(card, world.asker) } };
  },
};
