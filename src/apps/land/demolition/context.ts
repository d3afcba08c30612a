/**
 * What the bridge demolition dialog shows: the means, the map's bridges and who may try each, the
 * turn, and each attempt's chance. Pure.
 */
import { scriptedDice } from "../../../rules/dice";
import { demolishBridges } from "../../../rules/nobc/land/demolition";
import { hqsFor, nameIn, type LandWorld } from "../world";
import { RIVER_LABELS, options, refusalLines, type OptionView, type Translator } from "../view";
import {
  MEANS,
  MEANS_LABELS,
  mapBridges,
  demolitionTurn,
  demolishers,
  demolitionInput,
  attemptChance,
  chosenId,
  type DemolitionState,
} from "./state";

export interface DemolitionView {
  readonly means: readonly OptionView[];
  readonly natoEngineers: boolean;
  readonly hqs: readonly OptionView[];
  readonly turn: number | null;
  readonly askTurn: boolean;
  readonly turnZero: boolean;
  readonly typedTurn: string;
  readonly bridges: readonly {
    readonly hexside: string;
    readonly name: string;
    readonly kind: string;
    readonly field: string;
    readonly by: readonly OptionView[];
  }[];
  readonly noMap: boolean;
  readonly manual: { readonly hexside: string; readonly kinds: readonly OptionView[]; readonly by: readonly OptionView[] };
  readonly refusals: readonly string[];
  readonly chances: readonly { readonly bridge: string; readonly by: string; readonly chance: string }[];
  readonly canPost: boolean;
}

export function demolitionContext(world: LandWorld, state: DemolitionState, i18n: Translator): DemolitionView {
  const { field } = world;
  const none = i18n.localize("NOBC.Land.None");
  const byOptions = (hexside: string, chosen: string) =>
    options([["", none], ...demolishers(world, state, hexside).map((d) => [d.id, d.name] as const)], chosen);
  const input = demolitionInput(world, state);
  // The rules refuse before any die is drawn: a probe with enough dice tells whether it stands.
  const probe = input.ok ? demolishBridges(input.value, scriptedDice(input.value.attempts.map(() => 6))) : input;
  const chances =
    input.ok && probe.ok
      ? input.value.attempts.map((a, i) => ({
          bridge: a.bridge.hexside,
          by: nameIn(field, chosenId(a)),
          chance: attemptChance(input.value, i, i18n),
        }))
      : [];
  const turn = demolitionTurn(world, state);
  return {
    means: options(
      MEANS.map((m) => [m, i18n.localize(MEANS_LABELS[m])] as const),
      state.means,
    ),
    natoEngineers: state.means === "natoEngineers",
    hqs: options(
      [
        ["", none],
        ...hqsFor(world)
          .filter((h) => h.side === "nato")
          .map((h) => [h.id, h.name] as const),
      ],
      state.hq,
    ),
    turn,
    askTurn: world.turn === null && world.isGM,
    turnZero: turn === 0,
    typedTurn: state.turn === null ? "" : String(state.turn),
    bridges: mapBridges(field).map((b) => ({
      hexside: b.hexside,
      name: b.name,
      kind: RIVER_LABELS[b.kind],
      field: `by:${b.hexside}`,
      by: byOptions(b.hexside, state.by[b.hexside] ?? ""),
    })),
    noMap: field.map === null,
    manual: {
      hexside: state.manual.hexside,
      kinds: options(
        [
          ["minor", i18n.localize("NOBC.Land.River.minor")],
          ["major", i18n.localize("NOBC.Land.River.major")],
        ],
        state.manual.kind,
      ),
      by: byOptions(state.manual.hexside.replace(/[-–, ]+/, "|"), state.manual.by),
    },
    refusals: probe.ok ? [] : refusalLines(probe.refusals, i18n),
    chances,
    canPost: probe.ok,
  };
}
