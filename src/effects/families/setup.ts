/**
 * Setting a world up (src/rules/setup/effects.ts): the order-of-battle import's folders and actors,
 * created with the ids the import gave them (Undo deletes them), and the actors of the world its
 * rows name, set by path (Undo puts each prior value back).
 */
import { SETUP_ACTOR_TYPES } from "../../rules/setup/effects";
import { written, type FamilyHandlers } from "../handler";

export const SETUP_HANDLERS = {
  folderCreated: written((p, effect) =>
    p.createFolder({ _id: effect.id, name: effect.name, type: "Actor", folder: effect.parent, sorting: "m", sort: effect.sort }),
  ),
  actorCreated: written((p, effect) =>
    p.createActor({
      _id: effect.id,
      name: effect.name,
      type: effect.actorType,
      system: structuredClone(effect.system),
      folder: effect.folder,
      sort: effect.sort,
    }),
  ),
  actorSet: written((p, effect) => {
    const w = p.actor(effect.actor, SETUP_ACTOR_TYPES, effect);
    if (w === undefined) return;
    for (const [path, value] of Object.entries(effect.set)) p.set(w, path, value);
  }),
} as const satisfies FamilyHandlers;
