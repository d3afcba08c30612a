/** A Mine Clearing Order (seed 002, Clearing a Minefield): checked, and the minefield removed from the table by the umpire. */
import { z } from "zod";
import { missions } from "../../../rules/index";
import { phrase } from "../../../rules/resolution";
import { boolIn, numberIn, options, pickIn, textIn, type Procedure } from "./procedure";
import { offered } from "../../../combat/mission-panel";

const KINDS = ["tank", "infantry", "other"] as const;
const KIND_KEYS: Readonly<Record<(typeof KINDS)[number], string>> = {
  tank: "NOBC.Mission.Clearing.KindOption.tank",
  infantry: "NOBC.Mission.Clearing.KindOption.infantry",
  other: "NOBC.Mission.Clearing.KindOption.other",
};
interface ClearingState {
  readonly unit: string;
  readonly leaderPinned: boolean;
  readonly team: string;
  readonly kind: (typeof KINDS)[number];
  readonly clearingDevice: boolean;
  readonly toLeader: number;
  readonly toMinefield: number;
  readonly enteredEarlier: boolean;
}

function input(state: ClearingState, measure: missions.Measure): missions.MineClearingInput {
  return {
    measure,
    unit: { name: state.unit.trim(), leaderPinned: state.leaderPinned },
    team: {
      name: state.team.trim(),
      kind: state.kind,
      clearingDevice: state.clearingDevice,
      toLeader: state.toLeader,
      toMinefield: state.toMinefield,
      enteredEarlier: state.enteredEarlier,
    },
  };
}

export const clearingProcedure: Procedure<ClearingState> = {
  id: "missions.mineClearing",
  title: "NOBC.Mission.Clearing.Title",
  submit: "NOBC.Mission.Check",
  icon: "fa-solid fa-broom",
  submitIcon: "fa-solid fa-check",
  schema: z
    .object({
      unit: z.string().max(100),
      leaderPinned: z.boolean(),
      team: z.string().max(100),
      kind: z.enum(KINDS),
      clearingDevice: z.boolean(),
      toLeader: z.number(),
      toMinefield: z.number(),
      enteredEarlier: z.boolean(),
    })
    .strict(),
  when: (track) => offered("missions.mineClearing", track),
  initial: () => ({
    unit: "",
    leaderPinned: false,
    team: "",
    kind: "infantry",
    clearingDevice: false,
    toLeader: 0,
    toMinefield: 0,
    enteredEarlier: true,
  }),
  fromForm: (state, values) => {
    const read = values["unit"] !== undefined;
    return {
      unit: textIn(values["unit"], state.unit),
      leaderPinned: read ? boolIn(values["leaderPinned"] ?? false, false) : state.leaderPinned,
      team: textIn(values["team"], state.team),
      kind: pickIn(KINDS, values["kind"], state.kind),
      clearingDevice: read ? boolIn(values["clearingDevice"] ?? false, false) : state.clearingDevice,
      toLeader: numberIn(values["toLeader"], state.toLeader),
      toMinefield: numberIn(values["toMinefield"], state.toMinefield),
      enteredEarlier: read ? boolIn(values["enteredEarlier"] ?? false, false) : state.enteredEarlier,
    };
  },
  view(state, t, _world, i18n) {
    const L = (key: string) => i18n.localize(key);
    return {
      hint: L("NOBC.Mission.Clearing.Hint"),
      fields: [
        { name: "unit", label: L("NOBC.Mission.Clearing.Unit"), value: state.unit },
        { name: "leaderPinned", label: L("NOBC.Mission.Clearing.LeaderPinned"), value: state.leaderPinned, checkbox: true },
        { name: "team", label: L("NOBC.Mission.Clearing.Team"), value: state.team },
        {
          name: "kind",
          label: L("NOBC.Mission.Clearing.Kind"),
          value: state.kind,
          select: true,
          options: options(KINDS, state.kind, (k) => L(KIND_KEYS[k])),
        },
        { name: "clearingDevice", label: L("NOBC.Mission.Clearing.Device"), value: state.clearingDevice, checkbox: true },
        {
          name: "toLeader",
          label: i18n.format("NOBC.Mission.Clearing.ToLeader", { measure: i18n.localize(missions.MEASURE_LABELS[t.track.measure]) }),
          value: state.toLeader,
          number: true,
        },
        {
          name: "toMinefield",
          label: i18n.format("NOBC.Mission.Clearing.ToMinefield", { measure: i18n.localize(missions.MEASURE_LABELS[t.track.measure]) }),
          value: state.toMinefield,
          number: true,
        },
        { name: "enteredEarlier", label: L("NOBC.Mission.Clearing.EnteredEarlier"), value: state.enteredEarlier, checkbox: true },
      ],
      chances: [],
    };
  },
  refusals(state, t) {
    const out = state.unit.trim() === "" ? [{ code: "noUnit", text: phrase("NOBC.Mission.Refused.noUnit"), field: "unit" }] : [];
    const checked = missions.resolveMineClearing(input(state, t.track.measure));
    return checked.ok ? out : [...out, ...checked.refusals];
  },
  card(state, t, _world, _dice, i18n) {
    const checked = missions.resolveMineClearing(input(state, t.track.measure));
    if (!checked.ok) return checked;
    return {
      ok: true,
      value: {
        title: i18n.format("NOBC.Mission.Clearing.CardTitle", { unit: state.unit.trim() }),
        resolution: checked.value,
        total: false,
        outcome: i18n.format("NOBC.Mission.Clearing.Outcome", { team: state.team.trim() }),
      },
    };
  },
};
