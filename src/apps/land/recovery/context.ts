/**
 * What the HQ Recovery dialog shows: the HQ's level, whether it may recover, its cards and the
 * rules' preview. Pure.
 */
import { hqById, hqsFor, type LandWorld } from "../world";
import { options, previewView, type OptionView, type PreviewView, type Translator } from "../view";
import { keptCardsWarning, recoveryCards, mayRecoverNow, recoveryResolution, type RecoveryState } from "./state";
import { speak } from "../../../words/phrase";
import { categoryLabelKey } from "../../../view/labels";

export interface RecoveryView extends PreviewView {
  readonly hqs: readonly OptionView[];
  readonly hqName: string;
  readonly level: number;
  readonly maxLevel: number;
  readonly mayRecover: boolean;
  readonly fromMap: boolean;
  readonly cards: readonly {
    readonly id: string;
    readonly name: string;
    readonly category: string;
    readonly field: string;
    readonly played: boolean;
  }[];
  /** The cards that add no level and stay in hand, named; null when every card played counts. */
  readonly warning: string | null;
}

export function recoveryContext(world: LandWorld, state: RecoveryState, i18n: Translator): RecoveryView {
  const { field } = world;
  const hq = hqById(field, state.hq);
  const recover = hq === undefined ? { mayRecover: false, fromMap: false } : mayRecoverNow(field, hq);
  const resolved = recoveryResolution(field, state, world.recovery);
  const warning = resolved.ok ? keptCardsWarning(field, state, resolved.value.outcome.kept) : null;
  return {
    hqs: options(
      hqsFor(world).map((h) => [h.id, h.name] as const),
      state.hq,
    ),
    hqName: hq?.name ?? "",
    level: hq?.level ?? 0,
    maxLevel: hq?.maxLevel ?? 0,
    ...recover,
    cards: recoveryCards(field, state.hq).map((c) => ({
      id: c.id,
      name: c.name,
      category: categoryLabelKey(c.category),
      field: `play:${c.id}`,
      played: state.cards.includes(c.id),
    })),
    warning: warning === null ? null : speak(warning, i18n),
    ...previewView(resolved, field, i18n, "NOBC.Land.Recovery.Intro", true),
  };
}
