/**
 * The turn limits on ground combat (seed 000, Land War QRS, phase 4 "Ground Combat"; read for an
 * online table in docs/rules-decisions.md, "Turn limits at an online table"): each unit attacks
 * once a turn, the units of one hex attack one hex, a hex is the target of one combat, a Front HQ
 * gives cards to one combat, NATO units the Warsaw Pact attacked may not attack, and (a world
 * setting) the Warsaw Pact's combats come before NATO's.
 *
 * "Fought this turn" is read from the GM's resolution cards of the current turn: a deleted card is
 * gone, and a card whose holds the GM released counts for nothing. The cards are indexed once per
 * read (`readTurnLimits`), then each check is a few look-ups. The planner's preview and the GM's
 * check (a player's request and the GM's own alike) both go through `withTurnLimits`; a refusal
 * names the earlier combat: its target, its attackers and who asked for it. The holds of the card
 * (./controller.ts `combatHolds`) stay the last line: two requests answered side by side are still
 * told apart when the second card is posted.
 */
import { z } from "zod";
import { SYSTEM_ID } from "../../base/constants";
import { announcementOrder } from "../../base/settings";
import { cardOfMessage, type CardFlags, type CardMessageView } from "../../chat/card-data";
import {
  checkTurnLimits,
  indexTurnCombats,
  type AnnouncementOrder,
  type NewTurnCombat,
  type TurnCombat,
  type TurnCombatIndex,
} from "../../rules/nobc/land/combat-turn";
import type { GroundCombatPlan } from "../../rules/nobc/land/combat";
import { phrase, type Checked } from "../../rules/resolution";
import { MAX_COMBAT_LIST } from "../../schemas/ground-combat";
import { MAX_EFFECT_REF, MAX_EFFECT_TEXT } from "../../schemas/effects";
import type { Battlefield } from "../../world/battlefield";
import { unitById, type GroundCombatState } from "./state";

/** What the planner's world carries for the turn limits; none without a turn on the tracker (nothing is limited, as for holds). */
export interface TurnLimitsWorld {
  readonly turnCombats?: TurnCombatIndex | undefined;
  readonly announcementOrder?: AnnouncementOrder | undefined;
}

const ref = z.string().min(1).max(MAX_EFFECT_REF);
const side = z.enum(["nato", "wp"]);
const list = <T extends z.ZodType>(item: T) => z.array(item).max(MAX_COMBAT_LIST);

/** What the limits read of a card's plan (the card schema, src/schemas/ground-combat.ts, checks only what a split needs). */
const turnPlanSchema = z.object({
  attackerSide: side,
  target: ref,
  attackers: list(z.object({ id: ref, hex: ref, name: z.string().max(MAX_EFFECT_TEXT) })),
  defenders: list(z.object({ id: ref })),
  support: list(z.object({ hq: ref, echelon: z.string().max(MAX_EFFECT_TEXT), side, cards: list(ref) })),
});

interface SupportLike {
  readonly hq: string;
  readonly echelon: string;
  readonly side: string;
  readonly cards: readonly string[];
}

/** The attacker's Front HQs that give cards to the combat (the defender's assigned cards do not use up its Front HQ). */
export function attackerFrontHqs(attackerSide: string, support: readonly SupportLike[]): string[] {
  return [...new Set(support.filter((s) => s.side === attackerSide && s.echelon === "front" && s.cards.length > 0).map((s) => s.hq))];
}

/**
 * The combat a GM's card records, for the limits of its turn; undefined when it is no ground
 * combat, its plan is not in the expected shape, or it does not hold its target for `turn` (posted
 * in another turn or without one, or its holds released by the GM). `user`: the name of who asked for it (or the GM who posted it).
 */
export function turnCombatOf(card: CardFlags, turn: number, user: string, asked: boolean): TurnCombat | undefined {
  if (card.holds === undefined || card.groundCombat === undefined) return undefined;
  const parsed = turnPlanSchema.safeParse(card.groundCombat.plan);
  if (!parsed.success) return undefined;
  const plan = parsed.data;
  // The card's own hold on its target for this turn (./controller.ts `combatHolds`): the one ledger of what a turn used up.
  if (!card.holds.includes(`target:${plan.target}:${String(turn)}`)) return undefined;
  const data = { target: plan.target, attackers: plan.attackers.map((a) => a.name).join(", "), user };
  return {
    label: phrase(asked ? "NOBC.GroundCombat.TurnLimits.combatAsked" : "NOBC.GroundCombat.TurnLimits.combatPosted", data),
    side: plan.attackerSide,
    target: plan.target,
    attackers: plan.attackers.map((a) => ({ id: a.id, hex: a.hex })),
    defenders: plan.defenders.map((d) => d.id),
    frontHqs: attackerFrontHqs(plan.attackerSide, plan.support),
  };
}

/** A chat message as read here: a card's view, and its author's name. */
export interface TurnMessage extends CardMessageView {
  readonly author?: { readonly id?: string; readonly isGM?: boolean; readonly name?: string } | null;
}

/** Whether a message may be a ground-combat card holding its target for the turn (`suffix` ":<turn>"): a cheap look first. */
function mayHoldTurn(m: TurnMessage, suffix: string): boolean {
  const system = m.system as { groundCombat?: unknown; holds?: unknown } | null | undefined;
  const holds = system?.holds;
  return (
    system?.groundCombat !== undefined &&
    system.groundCombat !== null &&
    Array.isArray(holds) &&
    holds.some((h) => typeof h === "string" && h.startsWith("target:") && h.endsWith(suffix))
  );
}

/** The turn's combats from the chat's GM-authored cards, in chat order, indexed once. */
export function turnCombatsOf(
  messages: Iterable<TurnMessage>,
  turn: number,
  userName: (id: string) => string | undefined,
): TurnCombatIndex {
  const combats: TurnCombat[] = [];
  const suffix = `:${String(turn)}`;
  for (const m of messages) {
    // Most messages are skipped unread (not a combat card holding its target for this turn).
    if (!mayHoldTurn(m, suffix)) continue;
    const read = cardOfMessage(m, SYSTEM_ID);
    if (read === undefined || read.legacy || !read.gmAuthored) continue;
    const by = read.card.requestedBy;
    const user = (by === undefined ? undefined : userName(by)) ?? m.author?.name ?? "";
    const combat = turnCombatOf(read.card, turn, user, by !== undefined);
    if (combat !== undefined) combats.push(combat);
  }
  return indexTurnCombats(combats);
}

/** The turn limits' part of the planner's world (this client's read of the chat and the world setting). */
export function readTurnLimits(turn: number | null): TurnLimitsWorld {
  if (turn === null) return {};
  const messages = (game.messages as unknown as { contents?: readonly TurnMessage[] } | undefined)?.contents ?? [];
  const users = game.users as unknown as { get(id: string): { name?: string } | undefined } | undefined;
  return { turnCombats: turnCombatsOf(messages, turn, (id) => users?.get(id)?.name), announcementOrder: announcementOrder() };
}

/** The combat of a checked plan, as the turn limits check it. */
export function newTurnCombat(plan: GroundCombatPlan): NewTurnCombat {
  const names = new Map(plan.support.map((s) => [s.hq, s.hqName]));
  return {
    side: plan.attackerSide,
    target: plan.target,
    attackers: plan.attackers.map((a) => ({ id: a.id, hex: a.hex, name: a.name })),
    frontHqs: attackerFrontHqs(plan.attackerSide, plan.support).map((id) => ({ id, name: names.get(id) ?? id })),
  };
}

/**
 * The combat the planner's state asks for, as the turn limits check it, when the rules refuse its
 * plan for other reasons too (so every reason shows at once): the attackers known to the field, the
 * attacker's Front HQs holding a ticked card.
 */
export function stateTurnCombat(field: Battlefield, state: GroundCombatState): NewTurnCombat {
  const hqs = new Map(field.hqs.map((h) => [h.id, h]));
  const ticked = new Set(state.cards);
  const fronts = new Map<string, string>();
  for (const card of field.cards) {
    const hq = card.hq === undefined || !ticked.has(card.id) ? undefined : hqs.get(card.hq);
    if (hq?.echelon === "front" && hq.side === state.attackerSide) fronts.set(hq.id, hq.name);
  }
  return {
    side: state.attackerSide,
    target: state.target,
    attackers: state.attackers
      .map((id) => unitById(field, id))
      .filter((u) => u !== undefined)
      .map((u) => ({ id: u.id, hex: u.hex, name: u.name })),
    frontHqs: [...fronts].map(([id, name]) => ({ id, name })),
  };
}

/**
 * The plan, refused when it breaks a turn limit (each refusal naming the earlier combat); unchanged
 * otherwise. A plan the rules refuse keeps their reasons, and gains the turn limits' reasons for
 * `asked` (the state's combat) when given.
 */
export function withTurnLimits(
  plan: Checked<GroundCombatPlan>,
  world: TurnLimitsWorld,
  asked?: () => NewTurnCombat,
): Checked<GroundCombatPlan> {
  if (world.turnCombats === undefined) return plan;
  const order = world.announcementOrder ?? "wpFirst";
  if (!plan.ok) {
    const combat = asked?.();
    if (combat === undefined || combat.target === "") return plan;
    return { ok: false, refusals: [...plan.refusals, ...checkTurnLimits(combat, world.turnCombats, order)] };
  }
  const refusals = checkTurnLimits(newTurnCombat(plan.value), world.turnCombats, order);
  return refusals.length === 0 ? plan : { ok: false, refusals };
}
