/**
 * Keeps a unit's token statuses and its data in step, both ways: the data model holds the black
 * chip, and its status icon shows it (minefields and contamination are the scene's; the mode is on the
 * token's counter). A status toggled on
 * the token HUD is written to the data; after any update of the unit the icons are brought in
 * line (only when a field they are read from changed). Each side runs only on the client of the
 * user who made the change, so it happens once, and it stops as soon as data and icons agree.
 */
import { RETIRED_STATUS_IDS, TOKEN_STATUS_IDS, type TokenStatusId as StatusId } from "./status-icons";
import { statusChanges, unitStatuses } from "./status-effects";

interface StatusEffectDoc {
  readonly id: string | null;
  readonly statuses: ReadonlySet<string>;
}

export interface StatusActor {
  readonly type: string;
  readonly system: unknown;
  readonly statuses: ReadonlySet<string>;
  readonly effects: Iterable<StatusEffectDoc>;
}

/**
 * The unit fields whose change brings its statuses in line: the black chip, and the mode, whose old
 * icon (from before the counter showed it) is then removed.
 */
const STATUS_FIELDS = ["mode", "noMove"] as const;

/** Whether an actor update's changes touch a field the statuses are read from. Pure. */
export function touchesStatusFields(changes: unknown): boolean {
  const system = (changes as { system?: unknown } | null)?.system;
  return typeof system === "object" && system !== null && STATUS_FIELDS.some((f) => f in system);
}

/**
 * What one unit's status effects need so its icons show its data: effects to delete, single-status
 * effects to turn into another status in place (a mode switch is one update, not a delete and a
 * create), and statuses to create. Empty lists when the icons are already in place. Pure.
 */
export interface StatusWrites {
  readonly deletions: readonly string[];
  readonly updates: readonly { readonly id: string; readonly status: StatusId }[];
  readonly creations: readonly StatusId[];
}

export function statusWrites(actor: StatusActor): StatusWrites {
  const none: StatusWrites = { deletions: [], updates: [], creations: [] };
  if (actor.type !== "unit") return none;
  const wanted = unitStatuses(actor.system as Parameters<typeof unitStatuses>[0]);
  const changes = statusChanges(wanted, actor.statuses);
  const off = new Set<string>(changes.filter((c) => !c.active).map((c) => c.id));
  // A unit's old minefield, contamination or mode icon goes: the scene and the counter show those now.
  for (const id of RETIRED_STATUS_IDS) if (actor.statuses.has(id)) off.add(id);
  const stale = [...actor.effects].filter(
    (e): e is StatusEffectDoc & { id: string } => e.id !== null && [...e.statuses].some((s) => off.has(s)),
  );
  // A wanted status is (re)made unless an effect that stays carries it: one that went with a stale effect comes back.
  const kept = new Set([...actor.effects].filter((e) => !stale.includes(e as never)).flatMap((e) => [...e.statuses]));
  const on = TOKEN_STATUS_IDS.filter((id) => wanted[id] && !kept.has(id));
  // Only an effect that carries one status alone (as the token HUD makes them) is reused for another.
  const reusable = stale.filter((e) => e.statuses.size === 1).slice(0, on.length);
  const updates = reusable.map((e, i) => ({ id: e.id, status: on[i]! }));
  return {
    deletions: stale.filter((e) => !reusable.includes(e)).map((e) => e.id),
    updates,
    creations: on.slice(updates.length),
  };
}

/**
 * The operation of a sync's write: its parent, and a mark that the icons follow the data here, so the
 * effect hooks below do not write them back to the data (a sync that lands after a later change of the
 * data would otherwise put the old value back). Foundry hands an operation's options to its hooks.
 */
interface SyncOperation {
  readonly parent: unknown;
  readonly nobcStatusSync: true;
}

/** The configured ActiveEffect class: its batch writes take one parent per call (Foundry v13). */
interface EffectClass {
  fromStatusEffect(id: string): Promise<{ toObject(): object }>;
  createDocuments(data: object[], operation: SyncOperation): Promise<unknown>;
  updateDocuments(data: object[], operation: SyncOperation): Promise<unknown>;
  deleteDocuments(ids: string[], operation: SyncOperation): Promise<unknown>;
}

const effectClass = (): EffectClass => (ActiveEffect as unknown as { implementation: EffectClass }).implementation;

/** An unsaved effect built from a configured status, as Foundry's token HUD would add it. */
async function statusEffectData(id: string): Promise<Record<string, unknown>> {
  return (await effectClass().fromStatusEffect(id)).toObject() as Record<string, unknown>;
}

/** The fields that make an effect show another status: its name, icon, statuses (and description, if any). */
function restatedAs(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of ["name", "img", "statuses", "description"]) if (data[key] !== undefined) out[key] = data[key];
  return out;
}

/**
 * Brings the status effects of every unit in `actors` in line with its data, as one action. A
 * database operation of Foundry v13 has one parent (docs/decisions/status-icons.md), so the calls
 * are the fewest that allows: per unit whose icons change, one ActiveEffect update (statuses
 * swapped in place), and a delete or a create only for what an update cannot carry; none for a
 * unit whose icons are in place. All are sent together; a failed one is reported after the rest.
 */
export async function syncStatuses(actors: Iterable<StatusActor>): Promise<void> {
  const cls = effectClass();
  const calls: Promise<unknown>[] = [];
  const data = new Map<StatusId, Record<string, unknown>>();
  const dataOf = async (id: StatusId) => data.get(id) ?? data.set(id, await statusEffectData(id)).get(id)!;
  for (const actor of new Set(actors)) {
    const writes = statusWrites(actor);
    const op: SyncOperation = { parent: actor, nobcStatusSync: true };
    if (writes.updates.length > 0) {
      const rows = await Promise.all(writes.updates.map(async (u) => ({ _id: u.id, ...restatedAs(await dataOf(u.status)) })));
      calls.push(cls.updateDocuments(rows, op));
    }
    if (writes.deletions.length > 0) calls.push(cls.deleteDocuments([...writes.deletions], op));
    if (writes.creations.length > 0)
      calls.push(cls.createDocuments(await Promise.all(writes.creations.map((id) => statusEffectData(id))), op));
  }
  const failed = (await Promise.allSettled(calls)).filter((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed.length > 0)
    throw new AggregateError(
      failed.map((f) => f.reason as unknown),
      "nobc | status icons not brought in line",
    );
}

/** Brings one unit's status effects in line with its data (see {@link syncStatuses}). */
export function syncUnitStatuses(actor: StatusActor): Promise<void> {
  return syncStatuses([actor]);
}

const DATA_FOR_STATUS: Readonly<Record<StatusId, (active: boolean) => Record<string, unknown>>> = {
  noMove: (active) => ({ "system.noMove": active }),
};

/** The data change a status switched on or off stands for. Pure. */
export function dataForStatus(id: StatusId, active: boolean): Record<string, unknown> {
  return DATA_FOR_STATUS[id](active);
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
  for (const id of TOKEN_STATUS_IDS) {
    if (!effect.statuses.has(id)) continue;
    for (const [path, value] of Object.entries(dataForStatus(id, active))) {
      if (system[path.slice("system.".length)] !== value) update[path] = value;
    }
  }
  if (Object.keys(update).length > 0) await actor.update(update);
}

/**
 * The units whose statuses an action changed, gathered until the action's hooks have all run (one
 * `Actor.updateDocuments` fires `updateActor` once per actor, one after the other), then brought in
 * line together by {@link syncStatuses}.
 */
const pending = new Set<StatusActor>();
let flushing = false;
/** The sync under way: the next one starts after it, so it reads the icons that one wrote. */
let running: Promise<void> = Promise.resolve();

function queueStatusSync(actor: StatusActor): void {
  pending.add(actor);
  if (flushing) return;
  flushing = true;
  queueMicrotask(() => {
    flushing = false;
    const actors = [...pending];
    pending.clear();
    running = running.then(() => syncStatuses(actors)).catch((err: unknown) => console.error("nobc | status sync failed", err));
  });
}

export function registerStatusSync(): void {
  const bySync = (options: unknown) => (options as { nobcStatusSync?: unknown } | null)?.nobcStatusSync === true;
  Hooks.on("createActiveEffect", (effect, options, userId) => {
    if (userId === game.user?.id && !bySync(options)) void writeStatusToData(effect, true);
  });
  Hooks.on("deleteActiveEffect", (effect, options, userId) => {
    if (userId === game.user?.id && !bySync(options)) void writeStatusToData(effect, false);
  });
  Hooks.on("updateActor", (actor, changes, _options, userId) => {
    if (userId !== game.user?.id || !touchesStatusFields(changes)) return;
    queueStatusSync(actor);
  });
}
