/**
 * A checked import as the rules' effects (src/rules/setup/effects.ts), for a card of the one write
 * path: its Apply creates the folders and actors and changes the actors of the world, its Undo takes
 * them back exactly (docs/orbat.md). Each new actor gets its id here, so every link to it (from a new
 * actor or from one of the world) is written with the creation or the update, not in a second call.
 * Pure.
 */
import type { Effect } from "../rules/effects";
import type { SetupEffect, SetupValue } from "../rules/setup/effects";
import type { LinkEnd, OrbatPlan } from "./plan";

/** The system path of a link field (`system.hq` → `hq`), as an effect names it. */
const systemPath = (path: string): string => path.replace(/^system\./, "");

/** The effects of `plan`: folders first (parents before children), then the new actors, then the actors of the world that change. */
export function importEffects(plan: OrbatPlan, newId: () => string): Effect[] {
  const ids = plan.actors.map(() => newId());
  const uuidOf = (end: LinkEnd): string => (typeof end === "number" ? `Actor.${ids[end]!}` : end.uuid);
  const systems = plan.actors.map((a) => structuredClone(a.system) as Record<string, unknown>);
  const sets = new Map<string, Record<string, SetupValue>>();
  // An update's values are cells read into leaves or lists (./update.ts sets them by column path).
  for (const u of plan.updates)
    sets.set(u.uuid, Object.fromEntries(Object.entries(u.data).map(([path, value]) => [systemPath(path), value as SetupValue])));
  for (const link of plan.links) {
    const field = systemPath(link.field);
    if (typeof link.from === "number") systems[link.from]![field] = uuidOf(link.to);
    else (sets.get(link.from.uuid) ?? sets.set(link.from.uuid, {}).get(link.from.uuid)!)[field] = uuidOf(link.to);
  }
  const folders: SetupEffect[] = plan.folders.map((f) => ({
    type: "folderCreated",
    id: f._id,
    name: f.name,
    parent: f.folder,
    sort: f.sort,
  }));
  const actors: SetupEffect[] = plan.actors.map((a, i) => ({
    type: "actorCreated",
    id: ids[i]!,
    name: a.name,
    actorType: a.type,
    system: systems[i]!,
    folder: a.folder === "" ? null : a.folder,
    sort: a.sort,
  }));
  const updates: SetupEffect[] = plan.updates.map((u) => ({
    type: "actorSet",
    actor: u.uuid,
    set: sets.get(u.uuid) ?? {},
    cells: u.changes.map((c) => ({ column: c.column, from: c.from, to: c.to })),
  }));
  return [...folders, ...actors, ...updates];
}
