/**
 * Registers the drag of a unit measured by the rules (docs/movement.md, "The ruler"): the ruler class
 * and the measured movement actions' cost. Kept small, as it loads at init: the rules' part
 * (./engine.ts) loads when a canvas is ready, and until then Foundry's labels and costs stand.
 */
import type { Battlefield } from "../../world/battlefield";
import type { MovementTurn } from "../../world/movement";
import type * as Engine from "./engine";
import { actionCostMultiplier } from "../../base/compat";
import { TEAMS_CHANGED_HOOK } from "../../teams/read";

let engine: typeof Engine | null = null;
let loading: Promise<void> | null = null;
let readTurn: (field: Battlefield) => MovementTurn = () => ({ phase: "other" });

/** Documents whose change makes the ruler's kept battlefield stale. */
const WORLD_HOOKS = [
  "canvasReady",
  "createActor",
  "updateActor",
  "deleteActor",
  "createItem",
  "updateItem",
  "deleteItem",
  "createToken",
  "updateToken",
  "deleteToken",
  "updateScene",
  "createCombat",
  "updateCombat",
  "deleteCombat",
  // Under double-blind a player's ruler reads their side's sights (src/world/side-read.ts): a new team, new sights.
  TEAMS_CHANGED_HOOK,
];

/** Loads the rules' part once (a canvas being ready starts it); the ruler keeps Foundry's labels and costs until it is in. */
export function loadRulerEngine(): Promise<void> {
  return (loading ??= import("./engine").then((m) => {
    m.setTurnReader(readTurn);
    engine = m;
  }));
}

/** `turn` reads where the turn stands (the entry passes src/combat/movement-turn.ts: the canvas does not read the tracker). */
export function registerTokenRuler(turn: (field: Battlefield) => MovementTurn): void {
  readTurn = turn;
  for (const hook of WORLD_HOOKS) Hooks.on(hook as never, (() => engine?.worldChanged()) as never);
  Hooks.on("canvasReady", () => void loadRulerEngine());

  const Base = foundry.canvas.placeables.tokens.TokenRuler;
  class NobcTokenRuler extends Base {
    static override WAYPOINT_LABEL_TEMPLATE = "systems/nobc/templates/canvas/waypoint-label.hbs";

    protected override _getWaypointLabelContext(
      waypoint: foundry.canvas.placeables.tokens.TokenRuler.Waypoint,
      state: foundry.canvas.placeables.tokens.TokenRuler.State,
    ) {
      const context = super._getWaypointLabelContext(waypoint, state);
      return context === undefined || engine === null ? context : engine.labelContext(this.token.actor?.uuid, context, waypoint, state);
    }
  }
  // The documented type is the class (`rulerClass: typeof TokenRuler`, CONFIG.Token); the type package has it as an instance.
  CONFIG.Token.rulerClass = NobcTokenRuler as unknown as typeof CONFIG.Token.rulerClass;

  for (const action of Object.values(CONFIG.Token.movement.actions)) {
    if (action.teleport === true) continue;
    const own = action.getCostFunction;
    // v14's climb, crawl, swim and jump carry a cost multiplier instead of a cost function; ours takes its place, so it keeps the factor.
    const factor = actionCostMultiplier(action);
    action.getCostFunction = (token, options) => {
      // A config without a cost function measures the base cost times its multiplier (1 in v13).
      const theirs = own?.(token, options) ?? ((baseCost: number) => baseCost * factor);
      const rules = engine?.stepCostOf(token.actor?.uuid) ?? null;
      return rules === null
        ? theirs
        : (baseCost, from, to, distance, segment) => rules(from, to) ?? theirs(baseCost, from, to, distance, segment);
    };
  }
}
