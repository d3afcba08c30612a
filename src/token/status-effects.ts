/**
 * Token status effects of the Land War, and the rule that keeps them in step with a unit's data:
 * the data model is the truth, the icon on the token shows it.
 */
import { TOKEN_STATUS_IDS, statusIconPath, type TokenStatusId } from "./status-icons";

export const STATUS_LABELS: Readonly<Record<TokenStatusId, string>> = {
  noMove: "NOBC.Status.noMove",
};

/** Foundry's own "defeated" status is kept so the combat tracker can still mark a unit out of action. */
const KEEP_CORE = new Set(["dead"]);

export function registerStatusEffects(): void {
  const ours = TOKEN_STATUS_IDS.map((id) => ({ id, name: STATUS_LABELS[id], img: statusIconPath(id) }));
  const kept = CONFIG.statusEffects.filter((s) => KEEP_CORE.has(s.id));
  CONFIG.statusEffects = [...ours, ...kept];
}

/** What a unit's statuses should be, read from its system data (its mode is on its counter, not an icon). Pure. */
export function unitStatuses(system: { noMove: boolean }): Record<TokenStatusId, boolean> {
  return { noMove: system.noMove };
}

/** The statuses to switch on or off so `current` matches `wanted`. Pure. */
export function statusChanges(
  wanted: Record<TokenStatusId, boolean>,
  current: ReadonlySet<string>,
): { id: TokenStatusId; active: boolean }[] {
  return TOKEN_STATUS_IDS.filter((id) => wanted[id] !== current.has(id)).map((id) => ({ id, active: wanted[id] }));
}
