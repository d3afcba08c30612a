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
import { denied, refused, type Card, type DialogController, type Submission, type Verdict } from "../../base/controller";
import { readLandWorld } from "../world";
import { readBattlefield, viewedSceneDoc, worldScene } from "../../../world/read";
import { encounterOf, type Encounter } from "./encounter";
import { refusalLens } from "../../../world/refusal-view";
import { hexAdjacency } from "../../../effects/families/knowledge";
import { KNOWLEDGE_FLAG, readKnowledgeFlag } from "../../../schemas/knowledge";
import { SYSTEM_ID } from "../../../base/constants";
import { rulesSceneId } from "../../../schemas/team-scene";
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
import { knowledgeOptions, rulesOptions } from "../../../base/settings";

/** The scene this client views, as a move names it. */
function viewedScene(): MoveWorld["scene"] {
  const scene = (globalThis as { canvas?: { scene?: { id?: string | null; name?: string } | null } }).canvas?.scene;
  return typeof scene?.id === "string" ? { id: scene.id, name: scene.name ?? "" } : null;
}

export function readMoveWorld(user?: AskingUser): MoveWorld {
  const land = readLandWorld(user);
  return { ...land, movement: readMovementTurn(land.field), asker: (user ?? currentUser())?.id ?? null, scene: viewedScene() };
}

/**
 * `world` on the world scene `id` (the one the move was dragged on), read from its documents: the GM
 * need not view it, nor have the canvas on. Null when the world holds no such scene.
 */
function onScene(world: MoveWorld, id: string): MoveWorld | null {
  if (world.scene?.id === id) return world;
  const scene = worldScene(id);
  if (scene === null) return null;
  const field = readBattlefield(scene);
  return { ...world, field, movement: readMovementTurn(field), scene: { id, name: scene.name ?? "" } };
}

/**
 * The walk of a player's path against the truth (double-blind: the world read for them carries their
 * sights), with the knowledge kept on the move's scene; null at an open table or for a GM's move.
 */
function encountered(world: MoveWorld, state: MoveState): Encounter | null {
  if (world.sights === undefined || world.sights.side === null) return null;
  const mover = world.field.units.find((u) => u.id === state.unit) ?? world.field.hqs.find((h) => h.id === state.unit);
  if (mover === undefined || mover.hex === "") return null; // planMove words it
  const scene = world.scene === null ? viewedSceneDoc() : worldScene(world.scene.id);
  return encounterOf({
    field: world.field,
    knowledge: readKnowledgeFlag(scene?.getFlag(SYSTEM_ID, KNOWLEDGE_FLAG)).knowledge,
    mover: state.unit,
    path: state.path,
    turn: world.turn ?? 0,
    options: knowledgeOptions(),
    adjacency: hexAdjacency,
  });
}

/** The card of a move written on the scene it was decided on, whichever scene the GM views when it is applied. */
const onItsScene = (card: Card, world: MoveWorld): Card => (world.scene === null ? card : { ...card, scene: world.scene.id });

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
  submit: (state, viewed, i18n): Verdict<Submission> => {
    // The move is checked and written on the scene it was dragged on, not the one the GM happens to view;
    // a team scene's move (a mirror dragged, double-blind) on its master scene, the one the rules read.
    const asked = state.scene ?? viewed.scene?.id;
    const world = asked === undefined ? viewed : onScene(viewed, rulesSceneId(asked));
    if (world === null)
      return refused([i18n.format("NOBC.Move.Refused.sceneGone", { unit: viewed.field.names.get(state.unit) ?? state.unit })]);
    // Under double-blind a player hears no enemy piece their side does not know named (src/world/refusal-view.ts).
    const told = refusalLens(world, {
      unit: i18n.localize("NOBC.Hidden.EnemyUnit"),
      hq: i18n.localize("NOBC.Hidden.EnemyHq"),
      has: (key) => i18n.has(key),
    });
    // Under double-blind a player's path meets the truth first: it stops where an unseen enemy stops it (./encounter.ts).
    const met = encountered(world, state);
    if (met !== null && met.path.length === 0) return refused([speak(met.found!, i18n)]);
    const path = met?.path ?? state.path;
    const found = (card: Card): Card =>
      met?.found == null
        ? card
        : {
            ...card,
            inputs: [...(card.inputs ?? []), { label: i18n.localize("NOBC.Move.Card.Found"), value: speak(met.found, i18n) }],
            found: met.found,
          };
    if (world.field.hqs.some((h) => h.id === state.unit)) {
      const hqPlan = planHqMove(world.field, world.movement, { unit: state.unit, path });
      if ("refused" in hqPlan) return refused([speak(told(hqPlan.refused.text), i18n)]);
      const hqDecision = decideHqMove(hqPlan, world);
      if (!hqDecision.ok) return refused(hqDecision.refusals.map((p) => speak(told(p), i18n)));
      const hqCard = onItsScene(found(hqMoveCard(hqPlan, hqDecision.override, i18n)), world);
      return { ok: true, value: { run: async (stamp) => (await import("./carry-out")).postAndApply(hqCard, world.asker, stamp) } };
    }
    const plan = planMove(world.field, world.movement, { unit: state.unit, path, ignoreMines: state.ignoreMines });
    if ("refused" in plan) return refused([speak(told(plan.refused.text), i18n)]);
    const decision = decideMove(plan, world);
    if (!decision.ok) return refused(decision.refusals.map((p) => speak(told(p), i18n)));
    let card = moveCard(plan, decision.override, i18n);
    if (decision.kind === "overrun") {
      const resolved = planOverrun(world.field, plan, { rules: rulesOptions(), ignoreMines: state.ignoreMines });
      if (!resolved.ok) return refused(resolved.refusals.map((r) => speak(told(r.text), i18n)));
      card = overrunCard(plan, resolved.value, decision.override, i18n);
    }
    const written = onItsScene(found(card), world);
    return { ok: true, value: { run: async (stamp) => (await import("./carry-out")).postAndApply(written, world.asker, stamp) } };
  },
};
