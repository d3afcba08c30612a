/** A unit's line of sight at night, rolled just before it checks line of sight (seed 002, Night Visibility Table). */
import { z } from "zod";
import { missions } from "../../../rules/index";
import { speak } from "../../../words/phrase";
import { phrase } from "../../../rules/resolution";
import { percent } from "../view";
import { textIn, type Procedure } from "./procedure";
import { offered } from "../../../combat/mission-panel";

interface NightState {
  readonly unit: string;
}

export const nightProcedure: Procedure<NightState> = {
  id: "missions.night",
  title: "NOBC.Mission.Night.Title",
  submit: "NOBC.Mission.Roll",
  icon: "fa-solid fa-moon",
  submitIcon: "fa-solid fa-dice",
  schema: z.object({ unit: z.string().max(100) }).strict(),
  when: (track) => offered("missions.night", track),
  initial: () => ({ unit: "" }),
  fromForm: (state, values) => ({ unit: textIn(values["unit"], state.unit) }),
  view(state, t, _world, i18n) {
    return {
      hint: i18n.localize("NOBC.Mission.Night.Hint"),
      fields: [{ name: "unit", label: i18n.localize("NOBC.Mission.Night.Unit"), value: state.unit }],
      chances: missions.NIGHT_VISIBILITY_TABLE.map((d) => ({
        label: speak(missions.lengthPhrase(missions.inMeasure(d, t.track.measure), t.track.measure), i18n),
        chance: percent(1 / 6, i18n),
      })),
    };
  },
  refusals: (state, t) => [
    ...(state.unit.trim() === "" ? [{ code: "noUnit", text: phrase("NOBC.Mission.Refused.noUnit"), field: "unit" }] : []),
    ...(t.track.light === "darkness" ? [] : [{ code: "notNight", text: phrase("NOBC.Mission.Night.NotNight"), field: "light" }]),
  ],
  card(state, t, _world, dice, i18n) {
    const r = missions.resolveNightVisibility({ unit: state.unit.trim() }, dice);
    const sight = speak(missions.lengthPhrase(missions.inMeasure(r.outcome, t.track.measure), t.track.measure), i18n);
    return {
      ok: true,
      value: {
        title: i18n.format("NOBC.Mission.Night.CardTitle", { unit: state.unit.trim() }),
        resolution: { ...r, effects: [] },
        total: false,
        outcome: i18n.format("NOBC.Mission.Night.Outcome", { sight }),
      },
    };
  },
};
