/**
 * Token status effects of the Land War, and the rule that keeps them in step with a unit's data:
 * the data model is the truth, the icon on the token shows it.
 */
import { STATUS_IDS, statusIconPath, type StatusId } from "./status-icons";

export const STATUS_LABELS: Readonly<Record<StatusId, string>> = {
  combatMode: "NOBC.Status.combatMode",
  marchMode: "NOBC.Status.marchMode",
  minefield: "NOBC.Status.minefield",
  noMove: "NOBC.Status.noMove",
  contaminated: "NOBC.Status.contaminated",
};

/** Foundry's own "defeated" status is kept so the combat tracker can still mark a unit out of action. */
const KEEP_CORE = new Set(["dead"]);

export function registerStatusEffects(): void {
  const ours = STATUS_IDS.map((id) => ({ id, name: STATUS_LABELS[id], img: statusIconPath(id) }));
  const kept = CONFIG.statusEffects.filter((s) => KEEP_CORE.has(s.id));
  CONFIG.statusEffects = [...ours, ...kept];
}

/** What a unit's statuses should be, read from its system data. Pure. */
export function unitStatuses(system: {
  mode: "combat" | "march";
  forcedMarch?: boolean;
  underMine: boolean;
  noMove: boolean;
  contaminated: boolean;
}): Record<StatusId, boolean> {
  const march = system.mode === "march" || system.forcedMarch === true;
  return {
    combatMode: !march,
    marchMode: march,
    minefield: system.underMine,
    noMove: system.noMove,
    contaminated: system.contaminated,
  };
}

/** The statuses to switch on or off so `current` matches `wanted`. Pure. */
export function statusChanges(wanted: Record<StatusId, boolean>, current: ReadonlySet<string>): { id: StatusId; active: boolean }[] {
  return STATUS_IDS.filter((id) => wanted[id] !== current.has(id)).map((id) => ({ id, active: wanted[id] }));
}
