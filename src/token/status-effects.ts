/**
 * The token statuses Foundry offers on the token HUD. None is ours: the black chip (no move) is drawn on
 * the unit's counter from its data (src/symbols/counter.ts), and only the GM changes that data, on the
 * unit's sheet or through a card (docs/authority.md, docs/decisions/status-icons.md).
 */

import { keepStatusEffects } from "../base/compat";

/** Foundry's own "defeated" status is kept so the combat tracker can still mark a unit out of action. */
const KEEP_CORE = new Set(["dead"]);

/** v13 keeps the statuses in an array, v14 in a record by id: ../base/compat.ts writes the shape that runs. */
export function registerStatusEffects(): void {
  keepStatusEffects((id) => KEEP_CORE.has(id));
}
