/**
 * The chat of an evening for the bench's late-game figures (issue #35): the GM's cards of the turns
 * played so far, each applied, with the record Apply leaves on it (what it wrote, what undoes it, its
 * paths, its order), in the harness's chat of a loaded theatre (./measures.ts `loadTheatre`).
 *
 * A played turn holds about 0.15 cards a unit (60 at 400 units: the issue counted 603 messages after
 * ten turns): every HQ's Orders card (a mode for each of its units, with the HQ's once-only key of
 * the turn) and, for the rest, one card of hits per contact on its three units. Old turns' records
 * are kept whole (none pruned): the heaviest chat an evening can hold. Each card's record is
 * planned by the write path from the world as loaded (`planEffects`), as Apply plans it; the
 * documents are left as loaded (an old turn's writes are not undone, so they need not be in place).
 *
 * The turn being played adds its own applied cards (`CURRENT_TURN_CARDS`, each a mode change of one
 * unit, applied through the write path): the cards Undo takes back, newest first.
 */
import { chatFake } from "../harness/chat-fake";
import { applyPlan, mapRows, planEffects, snapshotOf, type WritePlan } from "../../src/effects/apply";
import { planPaths } from "../../src/chat/card-record";
import { touchedDocuments, type Effect } from "../../src/rules/effects";
import { readBoard } from "../../src/world/board";
import type { Theatre } from "./theatre";

type Raw = Record<string, unknown>;

/** The cards of one played turn: about 0.15 a unit (60 at 400 units), at least 15. */
export function cardsPerTurn(t: Theatre): number {
  return Math.max(15, Math.round(t.units * 0.15));
}

/** The applied cards of the turn being played: enough for every sample of the Undo figure (they are undone one a call). */
export const CURRENT_TURN_CARDS = 150;

interface UnitView {
  readonly uuid: string;
  readonly hq: string;
  readonly mode: string;
}

function units(t: Theatre): UnitView[] {
  return t.seeds
    .filter((s) => s.type === "unit")
    .map((s) => ({ uuid: `Actor.${s.id}`, hq: String(s.system["hq"]), mode: modeOf(s.system["mode"]) }));
}

/** A unit's mode as stored ("combat" when it is not "march"). */
export const modeOf = (value: unknown): "combat" | "march" => (value === "march" ? "march" : "combat");

const other = (mode: string): "combat" | "march" => (mode === "march" ? "combat" : "march");

/** A card's system as Apply leaves it: applied, at revision 2, with its record (order `seq`). */
function appliedCard(effects: readonly Effect[], turn: number, seq: number, once?: string): Raw {
  const plan = planEffects(effects, snapshotOf, readBoard(effects));
  const forward: WritePlan = {
    actorUpdates: plan.actorUpdates,
    itemUpdates: plan.itemUpdates,
    itemDeletions: plan.itemDeletions,
    itemCreations: plan.itemCreations,
    ...mapRows(plan),
  };
  const touched = [...new Set([...touchedDocuments(effects), ...plan.actorUpdates.map((u) => u.uuid)])];
  return {
    effects,
    state: "applied",
    turn,
    revision: 2,
    ...(once === undefined ? {} : { once }),
    record: { seq, forward, inverse: plan.inverse, touched, paths: planPaths(forward) },
  };
}

/** The systems of the cards of turns 1 to `turns`, in the order they were applied (planned once per theatre and count). */
function playedTurns(t: Theatre, turns: number): Raw[] {
  const all = units(t);
  const byHq = new Map<string, UnitView[]>();
  for (const u of all) byHq.set(u.hq, [...(byHq.get(u.hq) ?? []), u]);
  const out: Raw[] = [];
  let seq = 0;
  for (let turn = 1; turn <= turns; turn++) {
    const cards: Raw[] = [];
    for (const [hq, theirs] of byHq) {
      const effects = theirs.map((u): Effect => ({ type: "mode", actor: u.uuid, mode: other(u.mode) }));
      cards.push(appliedCard(effects, turn, ++seq, `orders:${hq}:${String(turn)}`));
    }
    for (let c = 0; cards.length < cardsPerTurn(t); c++) {
      const combat = t.combats[c % t.combats.length]!;
      const effects = [combat.defender, ...combat.attackers].map((actor): Effect => ({ type: "hits", actor, amount: 1 }));
      cards.push(appliedCard(effects, turn, ++seq));
    }
    out.push(...cards.slice(0, cardsPerTurn(t)));
  }
  return out;
}

const planned = new WeakMap<Theatre, Map<number, Raw[]>>();

/**
 * Posts the cards of the turns before `turn` (all applied, with their records), then the current
 * turn's `CURRENT_TURN_CARDS` mode changes, each applied through the write path and posted applied
 * with its record. Returns the current turn's card ids, oldest first, and the units they changed.
 */
export async function playEvening(t: Theatre, turn: number): Promise<{ readonly current: string[]; readonly units: readonly UnitView[] }> {
  const byTurns = planned.get(t) ?? new Map<number, Raw[]>();
  planned.set(t, byTurns);
  const before = byTurns.get(turn - 1) ?? playedTurns(t, turn - 1);
  byTurns.set(turn - 1, before);
  const Message = ChatMessage as unknown as { createDocuments(rows: Raw[]): Promise<{ id: string }[]> };
  if (before.length > 0) await Message.createDocuments(before.map((system) => ({ type: "resolution", system })));
  const all = units(t);
  const current: string[] = [];
  for (let i = 0; i < CURRENT_TURN_CARDS; i++) {
    const u = all[i % all.length]!;
    const mode = modeOf(snapshotOf(u.uuid)?.system["mode"]);
    const system = appliedCard([{ type: "mode", actor: u.uuid, mode: other(mode) }], turn, before.length + i + 1);
    const record = system["record"] as { forward: WritePlan; inverse: WritePlan };
    await applyPlan(record.forward, record.inverse);
    const [made] = await Message.createDocuments([{ type: "resolution", system }]);
    current.push(made!.id);
  }
  return { current, units: all };
}

/** The chat's size, for the work a measure reports. */
export function chatSize(): number {
  return chatFake.messages.size;
}
