/** What the nuclear / ADM dialog shows: the card, the target, the identification and every refusal. Pure. */
import { scriptedDice } from "../../../rules/dice";
import { categoryLabelKey } from "../../../view/labels";
import { nameIn, type LandWorld } from "../world";
import { options, previewView, refusalLines, type OptionView, type PreviewView, type Translator } from "../view";
import { identifiers } from "../rear-area/state";
import { chosenCard, targetsFor, weaponCards, WMD_TARGET_LABELS, wmdResolution, type WmdState } from "./state";

export interface WmdView {
  readonly cards: readonly OptionView[];
  readonly targets: readonly OptionView[];
  readonly nuclear: boolean;
  readonly bridges: boolean;
  readonly hex: string;
  readonly otherHex: string;
  readonly ident: readonly (readonly OptionView[])[];
  readonly refusals: readonly string[];
  /** What an ADM release writes (a nuclear strike's hits are rolled by Control). */
  readonly preview: PreviewView["preview"];
  readonly canPost: boolean;
  /** A GM releases at once; a player asks Control. */
  readonly gm: boolean;
}

export function wmdContext(world: LandWorld, state: WmdState, i18n: Translator): WmdView {
  const { field } = world;
  const none = i18n.localize("NOBC.Land.None");
  const card = chosenCard(world, state);
  const side = card?.side ?? "nato";
  const identOptions = identifiers(world, side).map(
    (c) => [c.id, `${nameIn(field, c.id)} (${i18n.localize(categoryLabelKey(c.category))})`] as const,
  );
  // Dice that always show 1: the preview shows what the rules refuse; Control rolls the hits.
  const probe = wmdResolution(world, state, scriptedDice(Array.from({ length: 24 }, () => 1)), true);
  const preview = state.target === "nuclear" ? null : previewView(probe, field, i18n, "NOBC.Land.Wmd.PreviewIntro", false).preview;
  return {
    cards: options(
      weaponCards(world).map((c) => [c.id, `${nameIn(field, c.id)} (${nameIn(field, c.hq ?? "")})`] as const),
      state.card,
    ),
    targets: options(
      targetsFor(card?.category ?? "").map((t) => [t, i18n.localize(WMD_TARGET_LABELS[t])] as const),
      state.target,
    ),
    nuclear: state.target === "nuclear",
    bridges: state.target === "admBridges",
    hex: state.hex,
    otherHex: state.otherHex,
    ident: state.identification.map((id) => options([["", none], ...identOptions], id)),
    refusals: probe.ok ? [] : refusalLines(probe.refusals, i18n),
    preview,
    canPost: probe.ok,
    gm: world.isGM,
  };
}
