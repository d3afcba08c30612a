/** The dawn or dusk check at the start of a player-turn: one die more each time, any 5+ changes the light (seed 002, Time of Day). */
import { z } from "zod";
import { missions } from "../../../rules/index";
import { LIGHT_KEYS, anyAtLeast, percent } from "../view";
import { offered } from "../../../combat/mission-panel";
import type { Procedure } from "./procedure";
import { constantDice } from "../../../rules/dice";
import { speak } from "../../../words/phrase";
import { phrase } from "../../../rules/resolution";

const waiting = (track: missions.MissionTrack) =>
  track.mission !== "" &&
  !track.ended &&
  track.turn > 0 &&
  track.timeOfDay !== "daylight" &&
  track.light === missions.startingLight(track.timeOfDay);

export const lightProcedure: Procedure<Record<string, never>> = {
  id: "missions.light",
  title: "NOBC.Mission.LightCheck.Title",
  submit: "NOBC.Mission.Roll",
  icon: "fa-solid fa-sun",
  submitIcon: "fa-solid fa-dice",
  schema: z.object({}).strict(),
  when: (track) => offered("missions.light", track),
  initial: () => ({}),
  fromForm: (state) => state,
  view(_state, t, _world, i18n) {
    const { track } = t;
    const dice = track.turn > 0 ? missions.lightCheckDice(track.player, track.turn, track.firstPlayer) : 0;
    const after = track.timeOfDay === "dawn" ? "daylight" : "darkness";
    const p = dice > 0 ? anyAtLeast(dice, missions.LIGHT_CHANGE_ON) : 0;
    return {
      hint: speak(phrase("NOBC.Mission.LightCheck.Hint", { count: dice, on: missions.LIGHT_CHANGE_ON }), i18n),
      fields: [],
      chances: [
        { label: i18n.localize(LIGHT_KEYS[after]), chance: percent(p, i18n) },
        { label: i18n.localize(LIGHT_KEYS[missions.startingLight(track.timeOfDay)]), chance: percent(1 - p, i18n) },
      ],
    };
  },
  refusals(_state, t) {
    if (waiting(t.track)) {
      const checked = missions.resolveLightCheck(
        {
          start: t.track.timeOfDay === "dusk" ? "dusk" : "dawn",
          player: t.track.player,
          turn: t.track.turn,
          firstPlayer: t.track.firstPlayer,
        },
        constantDice(1),
      );
      return checked.ok ? [] : checked.refusals;
    }
    return [{ code: "noCheck", text: { key: "NOBC.Mission.LightCheck.NotWaiting" }, field: "light" }];
  },
  card(_state, t, _world, dice, i18n) {
    const { track } = t;
    const checked = missions.resolveLightCheck(
      { start: track.timeOfDay === "dusk" ? "dusk" : "dawn", player: track.player, turn: track.turn, firstPlayer: track.firstPlayer },
      dice,
    );
    if (!checked.ok) return checked;
    const r = checked.value;
    return {
      ok: true,
      value: {
        title: i18n.localize(track.timeOfDay === "dusk" ? "NOBC.Mission.LightCheck.DuskTitle" : "NOBC.Mission.LightCheck.DawnTitle"),
        resolution: { ...r, effects: r.outcome.changed ? [{ type: "missionTrack", combat: t.uuid, set: { light: r.outcome.light } }] : [] },
        total: false,
        outcome: i18n.localize(
          !r.outcome.changed
            ? "NOBC.Mission.LightCheck.Unchanged"
            : r.outcome.light === "daylight"
              ? "NOBC.Mission.LightCheck.Morning"
              : "NOBC.Mission.LightCheck.Nightfall",
        ),
      },
    };
  },
};
