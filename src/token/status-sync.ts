/**
 * Keeps a unit's token statuses and its data in step, both ways: the data model holds mode,
 * mines, the black chip and contamination, and the status icons show them. A status toggled on
 * the token HUD is written to the data; after any update of the unit the icons are brought in
 * line (only when a field they are read from changed). Each side runs only on the client of the
 * user who made the change, so it happens once, and it stops as soon as data and icons agree.
 */
import { STATUS_IDS, type StatusId } from "./status-icons";
import { statusChanges, unitStatuses } from "./status-effects";

interface StatusEffectDoc {
  readonly id: string | null;
  readonly statuses: ReadonlySet<string>;
}

interface StatusActor {
  readonly type: string;
  readonly system: unknown;
  readonly statuses: ReadonlySet<string>;
  readonly effects: Iterable<StatusEffectDoc>;
  createEmbeddedDocuments(name: "ActiveEffect", data: object[]): Promise<unknown>;
  deleteEmbeddedDocuments(name: "ActiveEffect", ids: string[]): Promise<unknown>;
}

/** The unit fields its statuses are read from (size and arm decide forced March Mode). */
const STATUS_FIELDS = ["mode", "underMine", "noMove", "contaminated", "size", "arm"] as const;

/** Whether an actor update's changes touch a field the statuses are read from. Pure. */
export function touchesStatusFields(changes: unknown): boolean {
  const system = (changes as { system?: unknown } | null)?.system;
  return typeof system === "object" && system !== null && STATUS_FIELDS.some((f) => f in system);
}

/** An unsaved effect built from a configured status, as Foundry's token HUD would add it. */
async function statusEffectData(id: string): Promise<object> {
  const cls = (ActiveEffect as unknown as { implementation: { fromStatusEffect(id: string): Promise<{ toObject(): object }> } })
    .implementation;
  return (await cls.fromStatusEffect(id)).toObject();
}

/**
 * Brings a unit's status effects in line with its data: at most one delete and one create of
 * ActiveEffects, each covering every status that changes.
 */
export async function syncUnitStatuses(actor: StatusActor): Promise<void> {
  if (actor.type !== "unit") return;
  const wanted = unitStatuses(actor.system as Parameters<typeof unitStatuses>[0]);
  const changes = statusChanges(wanted, actor.statuses);
  const off = new Set<string>(changes.filter((c) => !c.active).map((c) => c.id));
  const stale = [...actor.effects].flatMap((e) => (e.id !== null && [...e.statuses].some((s) => off.has(s)) ? [e.id] : []));
  const created = await Promise.all(changes.filter((c) => c.active).map((c) => statusEffectData(c.id)));
  if (stale.length > 0) await actor.deleteEmbeddedDocuments("ActiveEffect", stale);
  if (created.length > 0) await actor.createEmbeddedDocuments("ActiveEffect", created);
}

/** The data change a status switched on or off stands for. Pure. */
export function dataForStatus(id: StatusId, active: boolean): Record<string, unknown> {
  switch (id) {
    case "combatMode":
      return { "system.mode": active ? "combat" : "march" };
    case "marchMode":
      return { "system.mode": active ? "march" : "combat" };
    case "minefield":
      return { "system.underMine": active };
    case "noMove":
      return { "system.noMove": active };
    case "contaminated":
      return { "system.contaminated": active };
  }
}

interface StatusEffectLike {
  readonly parent: unknown;
  readonly statuses: ReadonlySet<string>;
}

interface UpdatableUnit {
  readonly type: string;
  readonly system: unknown;
  update(data: object): Promise<unknown>;
}

/** Writes to a unit's data the statuses an effect carries, where they differ from it. */
export async function writeStatusToData(effect: StatusEffectLike, active: boolean): Promise<void> {
  const actor = effect.parent as UpdatableUnit | null;
  if (actor?.type !== "unit") return;
  const system = actor.system as Record<string, unknown>;
  const update: Record<string, unknown> = {};
  for (const id of STATUS_IDS) {
    if (!effect.statuses.has(id)) continue;
    for (const [path, value] of Object.entries(dataForStatus(id, active))) {
      if (system[path.slice("system.".length)] !== value) update[path] = value;
    }
  }
  if (Object.keys(update).length > 0) await actor.update(update);
}

export function registerStatusSync(): void {
  Hooks.on("createActiveEffect", (effect, _options, userId) => {
    if (userId === game.user?.id) void writeStatusToData(effect, true);
  });
  Hooks.on("deleteActiveEffect", (effect, _options, userId) => {
    if (userId === game.user?.id) void writeStatusToData(effect, false);
  });
  Hooks.on("updateActor", (actor, changes, _options, userId) => {
    if (userId !== game.user?.id || !touchesStatusFields(changes)) return;
    syncUnitStatuses(actor as unknown as StatusActor).catch((err: unknown) => console.error("nobc | status sync failed", err));
  });
}
