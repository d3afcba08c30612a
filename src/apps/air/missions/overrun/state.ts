/**
 * Step 11, the umpire's airfield overrun: permanent hits on an airbase overrun on the main map. Pure.
 */
import { resolveAirfieldOverrun } from "../../../../rules/nobc/air/index";
import { phrase, refuse, type Checked } from "../../../../rules/resolution";
import { speak } from "../../../../words/phrase";
import { formText, type FormValues } from "../../../base/controller";
import { refusal, type Translator, type MissionCard } from "../view";
import type { MissionWorld } from "../world";
import type { SideArgs } from "../args";

export interface OverrunState {
  readonly airbase: string | null;
  /** Hits as typed. */
  readonly hits: string;
}

/** What the dialog may be opened with: a side (unused) and the airbase the map's offer names. */
export interface OverrunOpenArgs extends SideArgs {
  readonly airbase?: string;
}

/** The airbase asked for when the world has it, else the first; one hit typed (the umpire decides). */
export function initialOverrun(world: MissionWorld, airbase?: string): OverrunState {
  const chosen = world.airbases.find((a) => a.id === airbase) ?? world.airbases[0];
  return { airbase: chosen?.id ?? null, hits: "1" };
}

export function readOverrun(state: OverrunState, form: FormValues): OverrunState {
  const airbase = typeof form["airbase"] === "string" && form["airbase"] !== "" ? form["airbase"] : state.airbase;
  const typed = form["hits"];
  const hits = typed === undefined ? state.hits : formText(typed).trim();
  return { airbase, hits };
}

export function overrunResolution(state: OverrunState, world: MissionWorld) {
  const airbase = world.airbases.find((a) => a.id === state.airbase);
  if (airbase === undefined) return refuse(refusal("noAirbase", phrase("NOBC.AirMissions.Check.noOverrunAirbase"), "airbase"));
  return resolveAirfieldOverrun({ airbase, hits: state.hits === "" ? Number.NaN : Number(state.hits) });
}

export function postOverrun(state: OverrunState, world: MissionWorld, i18n: Translator): Checked<MissionCard> {
  const resolved = overrunResolution(state, world);
  if (!resolved.ok) return resolved;
  const name = world.names.get(state.airbase ?? "") ?? state.airbase ?? "";
  return {
    ok: true,
    value: {
      title: i18n.format("NOBC.AirMissions.Overrun.CardTitle", { name }),
      hook: "nobc.airfieldOverrun",
      resolution: resolved.value,
      outcome: speak(phrase("NOBC.AirMissions.Overrun.Outcome", { name, count: resolved.value.outcome.permanent }), i18n),
      inputs: [{ label: i18n.localize("NOBC.AirMissions.Overrun.Airbase"), value: name }],
    },
  };
}
