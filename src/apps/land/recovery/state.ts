/**
 * Land War phase 6, HQ recovery: the HQ's level, whether it may recover now (map country or its
 * flag), and the Signals / Logistics / Rear Troops cards it plays, sent to `recoverHq`. Pure.
 */
import type { ActorRef, CardRef } from "../../../rules/ids";
import { HQ_RECOVERY_CARDS, recoverHq, type RecoverHqInput, type RecoverHqOutcome } from "../../../rules/nobc/land/resupply";
import type { LandHq } from "../../../rules/nobc/land/types";
import { phrase, type Checked, type Phrase, type Refusal, type Resolution } from "../../../rules/resolution";
import type { RecoveryOptions } from "../../../rules/nobc/land/options";
import { speak } from "../../../words/phrase";
import { hqMayRecover } from "../../../map/rules-view";
import type { Battlefield, WorldCard } from "../../../world/battlefield";
import type { CardInputLine } from "../../../chat/resolution-card";
import { hqById, onMap, oncePerTurn, type LandWorld } from "../world";
import { text, type Translator } from "../view";
import type { Card } from "../../base/controller";

export interface RecoveryState {
  readonly hq: ActorRef;
  readonly cards: readonly CardRef[];
}

/** The HQ's cards that may speed its recovery. */
export function recoveryCards(field: Battlefield, hq: ActorRef): WorldCard[] {
  return field.cards.filter((c) => c.hq === hq && HQ_RECOVERY_CARDS.includes(c.category));
}

/**
 * Whether the HQ may recover: from the country of its hex on the scene's map when it has one
 * (NATO always; the Warsaw Pact in East Germany or Czechoslovakia), else the HQ's own flag.
 */
export function mayRecoverNow(field: Battlefield, hq: LandHq): { readonly mayRecover: boolean; readonly fromMap: boolean } {
  if (field.map !== null && onMap(field, hq.hex)) return { mayRecover: hqMayRecover(field.map, hq.side, hq.hex), fromMap: true };
  return { mayRecover: hq.mayRecover, fromMap: false };
}

export function recoveryFromForm(prev: RecoveryState, data: Readonly<Record<string, unknown>>): RecoveryState {
  const hq = text(data["hq"]) || prev.hq;
  if (hq !== prev.hq) return { hq, cards: [] };
  const cards = new Set(prev.cards);
  for (const [key, value] of Object.entries(data)) {
    if (!key.startsWith("play:")) continue;
    if (value === true || value === "on" || value === "true") cards.add(key.slice(5));
    else cards.delete(key.slice(5));
  }
  return { hq, cards: [...cards] };
}

export function recoveryInput(field: Battlefield, state: RecoveryState): Checked<RecoverHqInput> {
  const hq = hqById(field, state.hq);
  if (hq === undefined)
    return {
      ok: false,
      refusals: [{ code: "unknownHq", text: phrase("NOBC.Land.Check.unknownHq", { hq: state.hq }), field: "hq" }],
    };
  const held = new Map(field.cards.filter((c) => c.hq === hq.id).map((c) => [c.id, c]));
  const refusals: Refusal[] = [];
  const cards: WorldCard[] = [];
  state.cards.forEach((id, i) => {
    const card = held.get(id);
    if (card === undefined)
      refusals.push({
        code: "cardNotHeld",
        text: phrase("NOBC.Land.Check.cardNotHeld", { card: id, hq: hq.name }),
        field: `cards.${i}`,
      });
    else cards.push(card);
  });
  if (refusals.length > 0) return { ok: false, refusals };
  return { ok: true, value: { hq: { ...hq, mayRecover: mayRecoverNow(field, hq).mayRecover }, cards } };
}

export function recoveryResolution(
  field: Battlefield,
  state: RecoveryState,
  options?: RecoveryOptions,
): Checked<Resolution<RecoverHqOutcome>> {
  const input = recoveryInput(field, state);
  return input.ok ? recoverHq(input.value, options) : input;
}

/** The warning naming the cards that add no level and stay in the HQ's hand, or null when every card counts. */
export function keptCardsWarning(field: Battlefield, state: RecoveryState, kept: readonly CardRef[]): Phrase | null {
  if (kept.length === 0) return null;
  const hq = hqById(field, state.hq);
  return phrase("NOBC.Land.Recovery.KeptWarning", {
    hq: hq?.name ?? state.hq,
    count: kept.length,
    cards: kept.map((id) => field.names.get(id) ?? id).join(", "),
  });
}

export function recoveryInputs(field: Battlefield, state: RecoveryState, i18n: Translator): CardInputLine[] {
  const hq = hqById(field, state.hq);
  const cards = state.cards.map((id) => field.names.get(id) ?? id);
  return [
    { label: i18n.localize("NOBC.Land.Hq"), value: hq === undefined ? state.hq : `${hq.name} (${hq.level}/${hq.maxLevel})` },
    { label: i18n.localize("NOBC.Land.Recovery.Cards"), value: cards.join(", ") || i18n.localize("NOBC.Land.None") },
  ];
}

/** The card Post puts in chat (once a turn for this HQ), or every refusal. */
export function recoveryCard(world: LandWorld, state: RecoveryState, i18n: Translator): Checked<Card> {
  const checked = recoveryResolution(world.field, state, world.recovery);
  if (!checked.ok) return checked;
  const { gained, newLevel, kept } = checked.value.outcome;
  const warning = keptCardsWarning(world.field, state, kept);
  return {
    ok: true,
    value: {
      title: i18n.format("NOBC.Land.Recovery.CardTitle", { hq: hqById(world.field, state.hq)?.name ?? state.hq }),
      resolution: checked.value,
      outcome: speak(phrase("NOBC.Land.Recovery.Outcome", { count: gained, level: newLevel }), i18n),
      inputs: [
        ...recoveryInputs(world.field, state, i18n),
        ...(warning === null ? [] : [{ label: i18n.localize("NOBC.Land.Recovery.Warning"), value: speak(warning, i18n) }]),
      ],
      ...oncePerTurn("recovery", state.hq, world.turn),
    },
  };
}
