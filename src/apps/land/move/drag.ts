/**
 * A unit's token dragged on the board, on the mover's client: the waypoints' hexes, filled in hex by
 * hex, become a `MoveAsk`, checked here first with `planMove` (the same check the GM makes) so a
 * player learns at once why a move is refused; a path through a minefield asks the mover, hex by hex,
 * to pay +1 MP or take 1 hit (closing the question moves nothing); a move into a hex that can be
 * overrun shows what the overrun costs and asks first; then the request goes to the GM
 * (`land.move`), whose card moves the token. Loaded on the first drag.
 */
import { say, warnRefused } from "../../../base/foundry";
import { escapeHtml } from "../../../base/html";
import { hexLabel } from "../../../map/hex-grid";
import type { HexRef } from "../../../rules/ids";
import { phrase } from "../../../rules/resolution";
import { viewedCanvas } from "../../../world/read";
import { hexPathThrough, planHqMove, planMove } from "../../../world/movement";
import { requestResolution } from "../../base/request";
import { readMoveWorld } from "./controller";
import { PLACEMENT, finalDestination, type MovePosition, type MovedScene, type MovedToken, type TokenMovement } from "./types";
import { decideHqMove, decideMove, minefieldsOn, type MoveWorld } from "./state";
import { planOverrun } from "../../../world/overrun";
import { rulesOptions } from "../../../base/settings";

export const MOVE_DIALOG = "land.move";

/**
 * The map hex a token standing at `pos` (top-left pixels) has its centre in, by the grid and padding
 * of `scene` (the token's own scene; the viewed canvas when none is given); null off the map's grid.
 */
export function hexOfPosition(
  pos: MovePosition,
  scene: MovedScene | null | undefined = viewedCanvas() as MovedScene | undefined,
): HexRef | null {
  const board = scene;
  const grid = board?.grid;
  if (board === undefined || board === null || grid?.type !== CONST.GRID_TYPES.HEXODDQ) return null;
  const dx = board.dimensions?.sceneX ?? 0;
  const dy = board.dimensions?.sceneY ?? 0;
  const origin = grid.getOffset({ x: dx + grid.sizeX / 2, y: dy + grid.sizeY / 2 });
  const at = grid.getOffset({ x: pos.x + ((pos.width ?? 1) * grid.sizeX) / 2, y: pos.y + ((pos.height ?? 1) * grid.sizeY) / 2 });
  const col = at.j - origin.j;
  const row = at.i - origin.i;
  if (col < 0 || row < 0 || col > 98 || row > 98) return null;
  return hexLabel({ col, row });
}

/** The hexes of a movement on `scene`, start first (null when a waypoint is off the map's grid). */
export function hexesOf(movement: TokenMovement, scene?: MovedScene | null): HexRef[] | null {
  const hexes: HexRef[] = [];
  for (const pos of [movement.origin, ...movement.passed.waypoints, ...movement.pending.waypoints]) {
    const hex = hexOfPosition(pos, scene);
    if (hex === null) return null;
    hexes.push(hex);
  }
  return hexPathThrough(hexes);
}

/**
 * The mover's choice at each minefield: "mp" pays +1 MP, "hit" takes 1 hit (Land War QRS phase 5).
 * The hexes crossed taking a hit, or null when a question was closed (nothing moves).
 */
export async function askMinefields(unit: string, hexes: readonly HexRef[]): Promise<HexRef[] | null> {
  const DialogV2 = foundry.applications.api.DialogV2 as unknown as {
    wait(config: object): Promise<string | null>;
  };
  const ignored: HexRef[] = [];
  for (const hex of hexes) {
    const choice = await DialogV2.wait({
      window: { title: game.i18n?.format("NOBC.Move.Mines.Title", { unit, hex }) ?? "" },
      content: `<p>${escapeHtml(game.i18n?.format("NOBC.Move.Mines.Question", { unit, hex }) ?? "")}</p>`,
      buttons: [
        { action: "mp", label: game.i18n?.localize("NOBC.Move.Mines.PayMp") ?? "", default: true },
        { action: "hit", label: game.i18n?.localize("NOBC.Move.Mines.TakeHit") ?? "" },
      ],
      rejectClose: false,
    });
    if (choice === "hit") ignored.push(hex);
    else if (choice !== "mp") return null;
  }
  return ignored;
}

/** The scene the move was dragged on (the token's own), sent with the request: the GM checks and writes the move there. */
function sceneOf(token: MovedToken, world: MoveWorld): { scene?: string } {
  const id = token.parent?.id ?? world.scene?.id;
  return typeof id === "string" ? { scene: id } : {};
}

/** Whether the mover goes on with an overrun whose cost `line` says; false when the question is closed. */
export async function confirmOverrun(unit: string, hex: HexRef, line: string): Promise<boolean> {
  const DialogV2 = foundry.applications.api.DialogV2 as unknown as {
    wait(config: object): Promise<string | null>;
  };
  const choice = await DialogV2.wait({
    window: { title: game.i18n?.format("NOBC.Move.Overrun.Title", { unit, hex }) ?? "" },
    content: `<p>${escapeHtml(line)}</p>`,
    buttons: [
      { action: "overrun", label: game.i18n?.localize("NOBC.Move.Overrun.Go") ?? "", default: true },
      { action: "cancel", label: game.i18n?.localize("NOBC.Move.Overrun.Cancel") ?? "" },
    ],
    rejectClose: false,
  });
  return choice === "overrun";
}

/** What the drag of `token` along `movement` becomes: a refusal on screen, a GM's placement, or the request. */
export async function requestDraggedMove(token: MovedToken, movement: TokenMovement): Promise<void> {
  const actor = token.actor;
  if (actor === null) return;
  const world = readMoveWorld();
  const hexes = hexesOf(movement, token.parent ?? undefined);
  const placeFreely = async (): Promise<void> => {
    // The drag's end, not its first checkpoint (the refused operation's destination).
    const end = finalDestination(movement);
    await token.move([{ x: end.x, y: end.y }], { [PLACEMENT]: true });
  };
  if (hexes === null) {
    if (world.isGM) return placeFreely();
    warnRefused([say(phrase("NOBC.Move.Refused.offBoard", { unit: actor.name }))]);
    return;
  }
  const path = hexes.slice(1);
  if (path.length === 0) return; // dropped in the hex it stood in: nothing to move
  if (actor.type === "hq") {
    // An HQ spends no MP: its path and the phase are checked here first, then by the GM.
    const hqPlan = planHqMove(world.field, world.movement, { unit: actor.uuid, path });
    if ("refused" in hqPlan) {
      if (world.isGM) return placeFreely();
      warnRefused([say(hqPlan.refused.text)]);
      return;
    }
    const hqDecision = decideHqMove(hqPlan, world);
    if (!hqDecision.ok) {
      warnRefused(hqDecision.refusals.map(say));
      return;
    }
    await requestResolution(MOVE_DIALOG, { unit: actor.uuid, path, ignoreMines: [], ...sceneOf(token, world) });
    return;
  }
  const plan = planMove(world.field, world.movement, { unit: actor.uuid, path });
  if ("refused" in plan) {
    // A GM's move the board cannot measure (no map, a unit placed anew) is placement.
    if (world.isGM) return placeFreely();
    warnRefused([say(plan.refused.text)]);
    return;
  }
  // A minefield may be crossed taking a hit instead of its MP: the path is checked at its cheapest
  // first, so a move that fits only by taking the hits is asked about, not refused.
  const mines = minefieldsOn(world.field, plan.path);
  const cheapest = mines.length === 0 ? plan : planMove(world.field, world.movement, { unit: actor.uuid, path, ignoreMines: mines });
  if ("refused" in cheapest) {
    warnRefused([say(cheapest.refused.text)]);
    return;
  }
  const possible = decideMove(cheapest, world);
  if (!possible.ok) {
    warnRefused(possible.refusals.map(say));
    return;
  }
  let ignoreMines: HexRef[] = [];
  if (mines.length > 0) {
    const chosen = await askMinefields(actor.name, mines);
    if (chosen === null) return;
    ignoreMines = chosen;
  }
  const chosenPlan =
    ignoreMines.length === mines.length ? cheapest : planMove(world.field, world.movement, { unit: actor.uuid, path, ignoreMines });
  if ("refused" in chosenPlan) {
    warnRefused([say(chosenPlan.refused.text)]);
    return;
  }
  const decision = decideMove(chosenPlan, world);
  if (!decision.ok) {
    warnRefused(decision.refusals.map(say));
    return;
  }
  if (decision.kind === "overrun") {
    // What the overrun costs, before the mover commits to it (the GM prices it again).
    const preview = planOverrun(world.field, plan, { rules: rulesOptions(), ignoreMines });
    if (!preview.ok) {
      warnRefused(preview.refusals.map((r) => say(r.text)));
      return;
    }
    if (!(await confirmOverrun(actor.name, plan.to, say(preview.value.outcome.line)))) return;
  }
  await requestResolution(MOVE_DIALOG, { unit: actor.uuid, path, ignoreMines, ...sceneOf(token, world) });
}
