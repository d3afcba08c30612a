/** The Team Yankee mission set-up dialog (the umpire's): mission, attacker, time of day, the tracker and the briefing journal. */
import { z } from "zod";
import { missions } from "../../../rules/index";
import { denied, gmOnly, opened, refused, type DialogController } from "../../base/controller";
import { argumentProblems } from "../../land/args";
import { speak } from "../../../words/phrase";
import { postAndApplyMission } from "../card";
import { bumped } from "../procedures/procedure";
import { createMissionCombat } from "../create";
import { readMissionWorld, type MissionWorld } from "../world";
import { setupContext } from "./context";
import {
  ATTACKER_METHODS,
  INITIAL_SETUP,
  SETUP_METHODS,
  TIME_CHOICES,
  setupCard,
  setupFromForm,
  setupRefusals,
  type SetupState,
} from "./state";

const plan = z.enum(["attack", "manoeuvre", "defend"]);
export const setupStateSchema = z
  .object({
    method: z.enum(SETUP_METHODS),
    natoPlan: plan,
    wpPlan: plan,
    mission: z.enum(missions.MISSION_IDS),
    attacker: z.enum(ATTACKER_METHODS),
    natoInfantry: z.number().min(-1).max(999),
    wpInfantry: z.number().min(-1).max(999),
    time: z.enum(TIME_CHOICES),
    measure: z.enum(["inches", "cm"]),
    natoName: z.string().max(100),
    wpName: z.string().max(100),
  })
  .strict();

export const setupController: DialogController<SetupState, MissionWorld, Partial<SetupState>> = {
  template: "apps/missions/setup.hbs",
  title: "NOBC.Mission.Setup.Title",
  icon: "fa-solid fa-map",
  classes: ["nobc", "nobc-missions"],
  width: 560,
  submitAction: "roll",
  read: readMissionWorld,
  stateSchema: setupStateSchema,
  // A macro's arguments are checked first: a bad one is refused, naming the field.
  open(_world, args) {
    const [problem] = argumentProblems("missions.setup", setupStateSchema.partial().strict(), args);
    return problem === undefined ? opened(setupFromForm(INITIAL_SETUP, args)) : denied("NOBC.Mission.Refused.badArguments", { problem });
  },
  access: (_state, world) => gmOnly(world.isGM),
  context: (state, world, i18n) => setupContext(state, world, i18n),
  change: (state, values) => setupFromForm(state, values),
  submit(state, world, i18n, dice) {
    const refusals = setupRefusals(state);
    if (refusals.length > 0) return refused(refusals.map((r) => speak(r.text, i18n)));
    return {
      ok: true,
      value: {
        run: async () => {
          const combat = world.combat?.uuid ?? (await createMissionCombat());
          if (combat === null) return refused([i18n.localize("NOBC.Mission.Refused.noTracker")]);
          const card = setupCard(state, combat, foundry.utils.randomID(16), dice, i18n);
          if (!card.ok) return refused(card.refusals.map((r) => speak(r.text, i18n)));
          return postAndApplyMission(bumped(card.value, world.combat?.track.revision ?? 0));
        },
      },
    };
  },
};
