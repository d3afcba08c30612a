/**
 * A retreat carried out on the map (the `retreat` effect of a ground combat or of an HQ or artillery
 * met alone by an overrun; seed 000, Land War QRS, Combat Results Table notes): the owner chooses
 * each unit's path (a legal one is proposed, src/world/retreat.ts); the GM checks it again and writes
 * one card: the tokens moved, 2 hits for each hex short, the minefield of the hex left destroyed,
 * the no-move chip. Read from the chat: a retreat is owed by an applied card a GM authored, and
 * answered by a retreat card (once-only key `retreat:<message>:<actors>`) that is not reverted. Pure.
 */
import type { ActorRef, HexRef } from "../../../rules/ids";
import { phrase, SEEDS, type BreakdownLine, type Checked, type Refusal, type Resolution } from "../../../rules/resolution";
import type { Effect } from "../../../rules/effects";
import { resolveRetreatShortfall, HITS_PER_HEX_NOT_RETREATED } from "../../../rules/nobc/land/combat-hits";
import { speak } from "../../../words/phrase";
import { CARD_MESSAGE_TYPE, type CardInputLine } from "../../../chat/card-data";
import type { Card } from "../../base/controller";
import { checkRetreat, completeRetreat, MAX_RETREAT_HEXES, proposeRetreat, retreaterOf, type Retreater } from "../../../world/retreat";
import { occupancy } from "../../../world/movement";
import type { LandWorld } from "../world";
import type { Translator } from "../view";

const RETREAT_SOURCE = `${SEEDS.nobc}, Land War QRS: Combat Results Table, retreat note`;

/** The most units one answer names (a hex holds far fewer). */
export const MAX_RETREATING = 12;

/** A message as this module reads it. */
export interface RetreatMessage {
  readonly id: string | null;
  readonly type?: string;
  readonly system?: unknown;
  readonly author?: { readonly isGM?: boolean } | null;
}

/** A retreat owed: the card that imposed it, who retreats, how far, and whether an answer settles it. */
export interface OwedRetreat {
  readonly source: string;
  readonly actor: ActorRef;
  readonly hexes: number;
  /** "none": not answered; "pending": an answer awaits the GM's Apply; "applied": carried out. */
  readonly answer: "none" | "pending" | "applied";
}

/** The once-only key of an answer: the imposing card and the units it moves, sorted. */
export function retreatKey(source: string, actors: readonly ActorRef[]): string {
  return `retreat:${source}:${[...actors].sort().join(",")}`;
}

/** The imposing card and the units an answer's key names. */
function keyParts(once: string): { source: string; actors: string[] } | undefined {
  if (!once.startsWith("retreat:")) return undefined;
  const rest = once.slice("retreat:".length);
  const cut = rest.indexOf(":");
  if (cut < 0) return undefined;
  return { source: rest.slice(0, cut), actors: rest.slice(cut + 1).split(",") };
}

interface CardLike {
  readonly state?: unknown;
  readonly effects?: unknown;
  readonly once?: unknown;
}

/** Every retreat the GM's applied cards impose, oldest first, with the state of its answer. */
export function owedRetreats(messages: Iterable<RetreatMessage>): OwedRetreat[] {
  const owed: Omit<OwedRetreat, "answer">[] = [];
  const answered = new Map<string, "pending" | "applied">();
  for (const m of messages) {
    if (m.type !== CARD_MESSAGE_TYPE || m.author?.isGM !== true || m.id === null) continue;
    const card = (m.system ?? {}) as CardLike;
    const parts = typeof card.once === "string" ? keyParts(card.once) : undefined;
    if (parts !== undefined && card.state !== "reverted") {
      for (const actor of parts.actors) {
        const key = `${parts.source}|${actor}`;
        answered.set(key, card.state === "applied" || answered.get(key) === "applied" ? "applied" : "pending");
      }
    }
    if (card.state !== "applied" || !Array.isArray(card.effects)) continue;
    for (const e of card.effects as { type?: unknown; actor?: unknown; hexes?: unknown }[]) {
      if (e.type !== "retreat" || typeof e.actor !== "string" || typeof e.hexes !== "number") continue;
      if (!Number.isInteger(e.hexes) || e.hexes < 1) continue;
      owed.push({ source: m.id, actor: e.actor, hexes: Math.min(e.hexes, MAX_RETREAT_HEXES) });
    }
  }
  return owed.map((o) => ({ ...o, answer: answered.get(`${o.source}|${o.actor}`) ?? "none" }));
}

/** One unit's path in the dialog: the hexes it enters, its start left out. */
export interface RetreatPath {
  readonly actor: ActorRef;
  readonly path: readonly HexRef[];
}

/** The dialog's state: the imposing card and each retreating unit's path. */
export interface RetreatState {
  readonly source: string;
  readonly units: readonly RetreatPath[];
}

/** What the retreat dialog reads: the Land world and the retreats the chat owes. */
export interface RetreatWorld extends LandWorld {
  readonly owed: readonly OwedRetreat[];
  /** The id of the user who asks (the GM's client answers for them); absent in pure tests. */
  readonly asker?: string | null;
}

/** Whether the user may answer for the unit or HQ: its owner, or a GM. */
export function mayAnswer(world: LandWorld, actor: ActorRef): boolean {
  return world.isGM || world.owned.has(actor);
}

/** The retreats of a card still to answer that the user may answer, in the card's order. */
export function openRetreats(world: RetreatWorld, source: string): OwedRetreat[] {
  return world.owed.filter((o) => o.source === source && o.answer === "none" && mayAnswer(world, o.actor));
}

/** The state a dialog opens on: each open retreat of the card with its proposed path. */
export function proposedState(world: RetreatWorld, source: string): RetreatState {
  const units = openRetreats(world, source).map((o) => {
    const who = retreaterOf(world.field, o.actor);
    return { actor: o.actor, path: "refused" in who ? [] : [...proposeRetreat(world.field, who, o.hexes).path] };
  });
  return { source, units };
}

/**
 * The form read over the previous state: `step:<actor>:<i>` chose the i-th hex of a unit's path (the
 * path is kept up to it and completed the proposal's way from there).
 */
export function retreatFromForm(world: RetreatWorld, prev: RetreatState, data: Readonly<Record<string, unknown>>): RetreatState {
  const units: RetreatPath[] = [];
  for (const unit of prev.units) {
    const owed = world.owed.find((o) => o.source === prev.source && o.actor === unit.actor);
    let path = [...unit.path];
    for (let i = 0; i < path.length; i++) {
      const chosen = data[`step:${unit.actor}:${String(i)}`];
      if (typeof chosen !== "string" || chosen === path[i]) continue;
      const who = retreaterOf(world.field, unit.actor);
      path =
        owed === undefined || "refused" in who
          ? [...path.slice(0, i), chosen]
          : completeRetreat(world.field, who, owed.hexes, [...path.slice(0, i), chosen]);
      break;
    }
    units.push({ actor: unit.actor, path });
  }
  return { ...prev, units };
}

/** What the answer changes, per unit, for the card and the preview. */
export interface RetreatOutcome {
  readonly units: readonly { readonly actor: ActorRef; readonly retreated: number; readonly shortfall: number; readonly hits: number }[];
}

const SAID = (i: number) => `units.${String(i)}`;

/**
 * The answer checked against the world: each retreat owed by the card, not answered yet, the asker's
 * (or the GM's), each unit once, each path legal and as long as it can be. Every reason at once.
 */
export function retreatResolution(world: RetreatWorld, state: RetreatState): Checked<Resolution<RetreatOutcome>> {
  const refusals: Refusal[] = [];
  if (state.units.length === 0) refusals.push({ code: "noRetreat", text: phrase("NOBC.Retreat.Refused.noUnits"), field: "units" });
  const seen = new Set<ActorRef>();
  const checked: { who: Retreater; owed: OwedRetreat; path: readonly HexRef[]; shortfall: number }[] = [];
  state.units.forEach((unit, i) => {
    const name = world.field.names.get(unit.actor) ?? unit.actor;
    const owed = world.owed.find((o) => o.source === state.source && o.actor === unit.actor);
    if (owed === undefined || seen.has(unit.actor)) {
      refusals.push({ code: "notOwed", text: phrase("NOBC.Retreat.Refused.notOwed", { unit: name }), field: `${SAID(i)}.actor` });
      return;
    }
    seen.add(unit.actor);
    if (owed.answer !== "none") {
      refusals.push({ code: "answered", text: phrase("NOBC.Retreat.Refused.answered", { unit: name }), field: `${SAID(i)}.actor` });
      return;
    }
    if (!mayAnswer(world, unit.actor)) {
      refusals.push({ code: "notYours", text: phrase("NOBC.Retreat.Refused.notYours", { unit: name }), field: `${SAID(i)}.actor` });
      return;
    }
    const who = retreaterOf(world.field, unit.actor);
    if ("refused" in who) {
      refusals.push({ ...who.refused, field: `${SAID(i)}.actor` });
      return;
    }
    const check = checkRetreat(world.field, who, owed.hexes, unit.path, `${SAID(i)}.path`);
    if (!check.ok) refusals.push(...check.refusals);
    else checked.push({ who, owed, path: unit.path, shortfall: check.shortfall });
  });
  if (refusals.length > 0) return { ok: false, refusals };

  const field = world.field;
  const at = occupancy(field);
  const breakdown: BreakdownLine[] = [];
  const effects: Effect[] = [];
  const outcome: RetreatOutcome["units"][number][] = [];
  const minesGone = new Set<HexRef>();
  for (const { who, owed, path, shortfall } of checked) {
    breakdown.push({
      text:
        path.length === 0
          ? phrase("NOBC.Retreat.Line.Stays", { unit: who.name, from: who.hex })
          : phrase("NOBC.Retreat.Line.Path", { unit: who.name, from: who.hex, path: path.join(" → "), count: path.length }),
      value: 0,
      source: RETREAT_SOURCE,
    });
    if (path.length > 0) effects.push({ type: "moved", actor: who.id, from: who.hex, path: [...path] });
    let hits = 0;
    if (shortfall > 0 && who.kind === "unit") {
      const unit = at.unitById.get(who.id)!;
      const short = resolveRetreatShortfall({
        unit: { id: unit.id, name: unit.name, strength: unit.strength },
        required: owed.hexes,
        retreated: path.length,
      });
      if (short.ok) {
        breakdown.push(...short.value.breakdown);
        effects.push(...short.value.effects);
        hits = short.value.outcome.hits;
      }
    } else if (shortfall > 0) {
      // An HQ has levels, not hits: it loses 2 levels for each hex short (docs/rules-decisions.md).
      const hq = field.hqs.find((h) => h.id === who.id)!;
      const lost = Math.min(HITS_PER_HEX_NOT_RETREATED * shortfall, hq.level);
      breakdown.push({
        text: phrase("NOBC.Retreat.Line.HqShort", { hq: who.name, short: shortfall, count: lost }),
        value: 0,
        source: RETREAT_SOURCE,
      });
      if (lost > 0) effects.push({ type: "hqLevel", actor: who.id, delta: -lost });
    }
    // The minefield of the hex it leaves is destroyed (the combat's card may have taken it already).
    if (path.length > 0 && field.mapState.mines.has(who.hex) && !minesGone.has(who.hex)) {
      minesGone.add(who.hex);
      effects.push({ type: "minefield", hex: who.hex, present: false });
      breakdown.push({ text: phrase("NOBC.Retreat.Line.Minefield", { hex: who.hex }), value: 0, source: RETREAT_SOURCE });
    }
    // The black chip (units only: an HQ has none), unless the combat's card set it already.
    if (who.kind === "unit" && field.markers.get(who.id)?.noMove !== true) effects.push({ type: "noMove", actor: who.id });
    outcome.push({ actor: who.id, retreated: path.length, shortfall, hits });
  }
  return { ok: true, value: { breakdown, rolls: [], outcome: { units: outcome }, effects } };
}

export function retreatInputs(world: RetreatWorld, state: RetreatState, i18n: Translator): CardInputLine[] {
  return state.units.map((u) => ({
    label: world.field.names.get(u.actor) ?? u.actor,
    value: u.path.length === 0 ? i18n.localize("NOBC.Retreat.NoPath") : u.path.join(" → "),
  }));
}

/** The card Post puts in chat (once for these units of that card), or every refusal. */
export function retreatCard(world: RetreatWorld, state: RetreatState, i18n: Translator): Checked<Card> {
  const checked = retreatResolution(world, state);
  if (!checked.ok) return checked;
  const names = state.units.map((u) => world.field.names.get(u.actor) ?? u.actor);
  const short = checked.value.outcome.units.reduce((n, u) => n + u.shortfall, 0);
  return {
    ok: true,
    value: {
      title: i18n.format("NOBC.Retreat.CardTitle", { units: names.join(", ") }),
      resolution: checked.value,
      outcome: speak(
        short === 0
          ? phrase("NOBC.Retreat.Outcome.Done", { units: names.join(", "), count: names.length })
          : phrase("NOBC.Retreat.Outcome.Short", { units: names.join(", "), count: short }),
        i18n,
      ),
      inputs: retreatInputs(world, state, i18n),
      once: retreatKey(
        state.source,
        state.units.map((u) => u.actor),
      ),
    },
  };
}
