/**
 * The pack macro "Odds for Selected against Targeted": Ground Combat Step One's odds modifier (seed
 * 000, Land War QRS) for the selected unit tokens attacking the targeted ones, whispered to the user.
 * It reads only what the user's own client shows (their selection and targets) and writes no
 * document: a quick look before the planner, not a resolution.
 */
import { oddsModifier } from "../../rules/nobc/land/combat-tables";
import { phrase, type Phrase } from "../../rules/resolution";
import { localize, notify, say } from "../../base/foundry";
import { escapeHtml } from "../../base/html";
import { rulesOptions } from "../../base/settings";
import type { OddsBelowOne } from "../../rules/nobc/land/combat-tables";

/** What a selected or targeted token gives the check: its actor's type, side and strength. */
export interface OddsToken {
  readonly actor?: {
    readonly type: string;
    readonly system: { readonly side?: unknown; readonly strength?: { readonly value?: unknown } };
  } | null;
}

export type OddsCheck =
  | { readonly ok: true; readonly attack: number; readonly defence: number; readonly modifier: number }
  | { readonly ok: false; readonly problem: Phrase };

const strengthOf = (t: OddsToken): number => {
  const v = t.actor?.system.strength?.value;
  return typeof v === "number" ? v : 0;
};

/** The odds of `selected` attacking `targeted`, units only, or why they cannot be read. Pure. */
export function checkOdds(selected: readonly OddsToken[], targeted: readonly OddsToken[], belowOne: OddsBelowOne): OddsCheck {
  const attackers = selected.filter((t) => t.actor?.type === "unit");
  const defenders = targeted.filter((t) => t.actor?.type === "unit");
  if (attackers.length === 0) return { ok: false, problem: phrase("NOBC.Land.Odds.SelectAttackers") };
  if (defenders.length === 0) return { ok: false, problem: phrase("NOBC.Land.Odds.TargetDefenders") };
  const sides = new Set(attackers.map((t) => t.actor?.system.side));
  if (sides.size > 1) return { ok: false, problem: phrase("NOBC.Land.Odds.MixedSides") };
  if (defenders.some((t) => sides.has(t.actor?.system.side))) return { ok: false, problem: phrase("NOBC.Land.Odds.FriendlyTarget") };
  const attack = attackers.reduce((sum, t) => sum + strengthOf(t), 0);
  const defence = defenders.reduce((sum, t) => sum + strengthOf(t), 0);
  if (attack < 1 || defence < 1) return { ok: false, problem: phrase("NOBC.Land.Odds.NoStrength", { attack, defence }) };
  return { ok: true, attack, defence, modifier: oddsModifier(attack, defence, belowOne) };
}

interface Board {
  readonly canvas?: { readonly tokens?: { readonly controlled?: readonly OddsToken[] } | null };
}

/** `game.nobc.land.oddsForSelection()`: the check on the user's selection and targets, whispered to them. */
export async function oddsForSelection(): Promise<OddsCheck> {
  const selected = (globalThis as Board).canvas?.tokens?.controlled ?? [];
  const user = game.user as unknown as { readonly id?: string; readonly targets?: Iterable<OddsToken> } | null;
  const checked = checkOdds(selected, [...(user?.targets ?? [])], rulesOptions().combat.oddsBelowOne);
  if (!checked.ok) {
    notify("warn", checked.problem.key, checked.problem.data);
    return checked;
  }
  const modifier = checked.modifier > 0 ? `+${String(checked.modifier)}` : String(checked.modifier);
  const line = say(phrase("NOBC.Land.Odds.Result", { attack: checked.attack, defence: checked.defence, modifier }));
  const Message = ChatMessage as unknown as { create(data: object): Promise<unknown>; getSpeaker(): object };
  await Message.create({
    speaker: Message.getSpeaker(),
    whisper: user?.id === undefined ? [] : [user.id],
    content: `<p>${escapeHtml(line)}</p><p>${escapeHtml(localize("NOBC.Land.Odds.StepOneOnly"))}</p>`,
  });
  return checked;
}
