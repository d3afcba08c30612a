/**
 * The teams on `init`: the setting, the GM's Teams window as a menu in Configure Settings
 * (`game.settings.registerMenu`, GM only; rendering the menu opens the dialog through the registry,
 * as the Air zone distances menu does), and the `/team` chat command.
 */
import { SYSTEM_ID } from "../../base/constants";
import { registerTeamChat } from "../../chat/team-chat";
import { registerTeamsSetting } from "../../teams/read";
import { openDialog, registerDialog } from "../base/registry";
import { TEAMS } from "./dialogs";

export const TEAMS_MENU = "teamsMenu";

function menuClass() {
  return class TeamsMenu extends foundry.applications.api.ApplicationV2 {
    override async render(): Promise<this> {
      await openDialog(TEAMS);
      return this;
    }
  };
}

export function registerTeams(): void {
  registerTeamsSetting();
  registerDialog(TEAMS);
  game.settings?.registerMenu(SYSTEM_ID, TEAMS_MENU, {
    name: "NOBC.Teams.Menu.name",
    label: "NOBC.Teams.Menu.label",
    hint: "NOBC.Teams.Menu.hint",
    icon: "fa-solid fa-people-group",
    type: menuClass(),
    restricted: true,
  });
  registerTeamChat();
}
