/**
 * "This turn's moves": the umpire's window listing each unit's movement in the current turn (where
 * it started, the hexes, MP spent, overrides), read afresh from the chat log on every render (its
 * Refresh button redraws). GM only; it changes nothing, so it has no Submit.
 */
import { gmOnly, opened, refused, type DialogController } from "../../base/controller";
import { isGM, type AskingUser } from "../../../base/foundry";
import { currentTurnPosition } from "../../../combat/current";
import { readBattlefield } from "../../../world/read";
import { askerField } from "../../../world/side-read";
import { movementLog, type MoveMessage, type MovementLog } from "./log";
import { movementLogContext } from "./context";

export interface MovementLogWorld {
  readonly isGM: boolean;
  readonly log: MovementLog | null;
  readonly names: ReadonlyMap<string, string>;
}

type MovementLogState = Record<string, never>;

function readMovementLogWorld(user?: AskingUser): MovementLogWorld {
  const now = currentTurnPosition();
  const messages = (game as unknown as { messages?: { contents?: readonly MoveMessage[] } }).messages?.contents ?? [];
  // Under double-blind a player's log names and places only what their side knows (src/world/side-read.ts).
  const { field } = askerField(readBattlefield(), user);
  const hexes = new Map<string, string>();
  for (const unit of field.units) if (unit.hex !== "") hexes.set(unit.id, unit.hex);
  for (const hq of field.hqs) if (hq.hex !== "") hexes.set(hq.id, hq.hex);
  return {
    isGM: isGM(user ?? undefined),
    log: now === null ? null : movementLog(messages, now.turn, (unit) => hexes.get(unit)),
    names: field.names,
  };
}

export const movementLogController: DialogController<MovementLogState, MovementLogWorld> = {
  template: "apps/land/movement-log.hbs",
  title: "NOBC.MovementTurn.Log.Title",
  icon: "fa-solid fa-route",
  classes: ["nobc", "nobc-land", "nobc-movement-log"],
  width: 520,
  // Nothing to submit: the window only shows (no button carries this action).
  submitAction: "nobcMovementLogSubmit",
  read: readMovementLogWorld,
  open: () => opened({}),
  access: (_state, world) => gmOnly(world.isGM),
  context: (_state, world, i18n) => movementLogContext(world.log, (uuid) => world.names.get(uuid) ?? uuid, i18n),
  change: (state) => state,
  actions: { refresh: (state) => state },
  submit: (_state, _world, i18n) => refused([i18n.localize("NOBC.MovementTurn.Log.NothingToSubmit")]),
};
