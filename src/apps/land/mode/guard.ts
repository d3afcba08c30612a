/**
 * The GM's watch on mode markers. A player may write their own unit (Foundry lets an owner update
 * it), so a mode changed from the console cannot be stopped on the player's client. Every mode a
 * player legitimately changes is written by the GM (the card of a `land.mode` or Orders request,
 * applied on the GM's client, which checks the Orders phase, the 1 SP cost and the march-only
 * rule); so a mode that a player's own client wrote is put back, in every phase (the Orders phase
 * too) and without a tracker. Every client hears of the update (`updateActor`, with the id of the
 * user who made it); the active GM's client puts the marker back through the one write path and
 * tells the umpire with a notice that stays. Loaded on init: the write path loads only when needed.
 */
import { SYSTEM_ID } from "../../../base/constants";
import { errorText } from "../../../base/errors";
import { notify } from "../../../base/foundry";
import type { Mode } from "../../../rules/nobc/land/types";
import { phrase } from "../../../rules/resolution";
import { MODE_LABELS } from "../../../view/labels";

/**
 * Mode markers are placed in the Orders phase (Land War QRS phase 2): with a turn on the tracker a
 * player changes them only then; the GM (set-up, corrections) and a world without a tracker are
 * not limited.
 */
export function modeChangeAllowed(isGM: boolean, stage: string | null): boolean {
  return isGM || stage === null || stage === "orders";
}

interface UpdatedActor {
  readonly uuid: string;
  readonly name: string;
  readonly type: string;
}

interface UserLike {
  readonly name?: string;
  readonly isGM?: boolean;
  readonly isSelf?: boolean;
}

interface Users {
  readonly activeGM?: UserLike | null;
  get(id: string): UserLike | undefined;
}

/** The mode a unit's update set, if it set one. */
function modeSet(changed: unknown): Mode | null {
  const mode = (changed as { system?: { mode?: unknown } } | null)?.system?.mode;
  return mode === "combat" || mode === "march" ? mode : null;
}

/**
 * On the active GM's client: a unit's mode written by a user who is not a GM is put back (to the
 * other mode: a mode has two values, and an update that changes nothing is not sent) and the umpire
 * told. True when it put one back.
 */
export async function revertStrayModeChange(actor: UpdatedActor, changed: unknown, userId: string): Promise<boolean> {
  const mode = modeSet(changed);
  if (actor.type !== "unit" || mode === null) return false;
  const users = game.users as unknown as Users | undefined;
  if (users?.activeGM?.isSelf !== true) return false;
  const user = users.get(userId);
  if (user?.isGM === true) return false;
  const old: Mode = mode === "combat" ? "march" : "combat";
  const data = { user: user?.name ?? userId, unit: actor.name, mode: phrase(MODE_LABELS[mode]), old: phrase(MODE_LABELS[old]) };
  try {
    const { applyEffects } = await import("../../../effects/apply");
    await applyEffects([{ type: "mode", actor: actor.uuid, mode: old }]);
  } catch (error) {
    console.error(`${SYSTEM_ID} | a mode a player wrote could not be put back`, error);
    notify("error", "NOBC.Land.Mode.RevertFailed", { ...data, error: errorText(error) }, { permanent: true });
    return false;
  }
  notify("warn", "NOBC.Land.Mode.Reverted", data, { permanent: true });
  return true;
}

/** On init: every client listens; only the active GM's acts (Foundry does not wait for the promise). */
export function watchModeChanges(): void {
  Hooks.on("updateActor", ((actor: UpdatedActor, changed: unknown, _options: unknown, userId: string) =>
    revertStrayModeChange(actor, changed, userId)) as never);
}
