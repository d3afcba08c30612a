/**
 * The Teams window (GM only): which side each player plays and, for a sub-team, which HQs
 * (issue #30). Opened from Configure Settings (./menu.ts); Save writes the `teams` world setting once
 * (only a GM may write a world setting). A player is refused when it opens and again at Save.
 */
import { SYSTEM_ID } from "../../base/constants";
import { currentUser, isGM, notify, worldActors, type AskingUser } from "../../base/foundry";
import type { Side } from "../../rules/nobc/land/types";
import { readTeams, TEAMS_SETTING, usersOfWorld } from "../../teams/read";
import { allFormValues, gmOnly, opened, refused, type DialogController } from "../base/controller";
import { teamsContext } from "./context";
import { teamSceneMacros } from "../../team-scenes/macros";
import { hiddenInformation } from "../../base/settings";
import { teamsFromForm, teamsState, teamsToSave, type TeamsState, type TeamsWorld } from "./state";

interface HqActor {
  readonly uuid: string;
  readonly name: string | null;
  readonly type: string;
  readonly system: unknown;
}

/** The players, the HQs and the stored teams. */
export function readTeamsWorld(user?: AskingUser): TeamsWorld {
  const players = usersOfWorld()
    .filter((u) => u.isGM !== true)
    .map((u) => ({ id: u.id, name: u.name ?? u.id }));
  const hqs: { uuid: string; name: string; side: Side }[] = [];
  for (const a of worldActors<HqActor>()) {
    const side = (a.system as { side?: unknown } | null)?.side;
    if (a.type === "hq" && (side === "nato" || side === "wp")) hqs.push({ uuid: a.uuid, name: a.name ?? a.uuid, side });
  }
  return { isGM: isGM(user ?? currentUser()), players, hqs, teams: readTeams() };
}

export const teamsController: DialogController<TeamsState, TeamsWorld> = {
  template: "apps/teams/teams.hbs",
  title: "NOBC.Teams.Title",
  icon: "fa-solid fa-people-group",
  classes: ["nobc", "nobc-teams"],
  width: 620,
  submitAction: "save",
  failed: "NOBC.Teams.Failed",
  read: (user) => readTeamsWorld(user),
  open: (world) => opened(teamsState(world)),
  access: (_state, world) => gmOnly(world.isGM, "NOBC.Teams.GmOnly"),
  context: (state, world, i18n) => ({ ...teamsContext(state, world, i18n), doubleBlind: hiddenInformation() === "doubleBlind" }),
  change: (state, values, world) => teamsFromForm(state, values, world),
  readForm: (form) => allFormValues(form),
  actions: {
    // Double-blind: the team scenes of the viewed master scene, and a GM's view of each (src/team-scenes/).
    makeTeamScenes: async (state) => {
      const made = await teamSceneMacros.make({});
      if (made.ok) notify("info", "NOBC.TeamScenes.Made");
      else notify("warn", made.reason);
      return state;
    },
    viewScene: async (state, _world, target) => {
      if (!(await teamSceneMacros.view(target.dataset["choice"]))) notify("warn", "NOBC.TeamScenes.Refused.noScene");
      return state;
    },
  },
  submit(state, _world, i18n) {
    const checked = teamsToSave(state);
    if (!checked.ok) return refused([i18n.localize("NOBC.Teams.Invalid")]);
    return {
      ok: true,
      value: {
        run: async () => {
          await game.settings?.set(SYSTEM_ID, TEAMS_SETTING, checked.teams);
          notify("info", "NOBC.Teams.Saved");
          return { ok: true, value: checked.teams };
        },
      },
    };
  },
};
