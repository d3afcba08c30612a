/**
 * "Air zone distances" in Configure Settings (`game.settings.registerMenu`, GM only). Foundry opens a
 * menu by constructing its class and rendering it; ours hands over to the dialog registry instead, so
 * the window is the same one the tracker's button opens (access checked, a player refused with the
 * reason) and its code still loads on first use.
 */
import { SYSTEM_ID } from "../../../base/constants";
import { openDialog } from "../../base/registry";
import { ZONE_DISTANCES } from "./dialogs";

export const ZONE_DISTANCES_MENU = "airZoneDistancesMenu";

/** The menu's class: rendering it opens the dialog and draws nothing of its own. */
function menuClass() {
  return class AirZoneDistancesMenu extends foundry.applications.api.ApplicationV2 {
    override async render(): Promise<this> {
      await openDialog(ZONE_DISTANCES);
      return this;
    }
  };
}

export function registerZoneDistancesMenu(): void {
  game.settings?.registerMenu(SYSTEM_ID, ZONE_DISTANCES_MENU, {
    name: "NOBC.AirZones.Menu.name",
    label: "NOBC.AirZones.Menu.label",
    hint: "NOBC.AirZones.Menu.hint",
    icon: "fa-solid fa-ruler-combined",
    type: menuClass(),
    restricted: true,
  });
}
