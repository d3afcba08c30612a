/**
 * The "Air zone distances" window (GM only): the table of distances between air zones that every
 * allocation is checked against (world setting `airZoneDistances`). Opened from Configure Settings
 * (../menu.ts) or the GM's button on the tracker's Air allocation stage; Save writes the whole
 * table once. A player is refused when it opens and again at Save.
 */
import { SYSTEM_ID } from "../../../../base/constants";
import { SETTING_KEYS } from "../../../../base/settings";
import { currentUser, isGM, notify, worldActors, type AskingUser } from "../../../../base/foundry";
import { speak } from "../../../../words/phrase";
import { gmOnly, opened, refused, type DialogController } from "../../../base/controller";
import type { AllocationInput } from "../../../../rules/nobc/air/index";
import { readZoneDistances } from "../world";
import { zoneDistancesContext } from "./context";
import { checkZoneDistances, zoneDistancesFromForm, zoneDistancesState, type ZoneDistancesState } from "./state";

export interface ZoneDistancesWorld {
  readonly isGM: boolean;
  /** The air zones of the world's squadrons and airbases. */
  readonly zones: readonly string[];
  /** The stored table. */
  readonly table: AllocationInput["zoneDistances"];
}

/** The zones the world's squadrons and airbases name, and the stored table. */
export function readZoneDistancesWorld(user?: AskingUser): ZoneDistancesWorld {
  const zones = new Set<string>();
  for (const actor of worldActors<{ type: string; system: unknown }>()) {
    if (actor.type !== "airSquadron" && actor.type !== "airbase") continue;
    const zone = (actor.system as { airZone?: unknown } | null)?.airZone;
    if (typeof zone === "string") zones.add(zone);
  }
  return { isGM: isGM(user ?? currentUser()), zones: [...zones], table: readZoneDistances() };
}

export const zoneDistancesController: DialogController<ZoneDistancesState, ZoneDistancesWorld> = {
  template: "apps/air-battle/zone-distances.hbs",
  title: "NOBC.AirZones.Title",
  icon: "fa-solid fa-ruler-combined",
  classes: ["nobc", "nobc-air-battle", "nobc-air-zones"],
  width: 560,
  submitAction: "save",
  failed: "NOBC.AirZones.Failed",
  read: (user) => readZoneDistancesWorld(user),
  open: (world) => opened(zoneDistancesState(world.zones, world.table)),
  access: (_state, world) => gmOnly(world.isGM, "NOBC.AirRequest.distancesGmOnly"),
  context: (state, _world, i18n) => zoneDistancesContext(state, i18n),
  change: (state, values) => zoneDistancesFromForm(state, values),
  submit(state, _world, i18n) {
    const checked = checkZoneDistances(state);
    if (!checked.ok) return refused(checked.problems.map((p) => speak(p.text, i18n)));
    return {
      ok: true,
      value: {
        run: async () => {
          await game.settings?.set(SYSTEM_ID, SETTING_KEYS.airZoneDistances, checked.table);
          notify("info", "NOBC.AirZones.Saved");
          return { ok: true, value: checked.table };
        },
      },
    };
  },
};
