/**
 * A scenario's timetable (src/schemas/timetable.ts) against the turn, decided by pure functions:
 * which entries are due at a stage, the card that carries them out (its effects, its event lines,
 * its headline), and what the tracker shows as coming next. ./timetable-entry.ts is the Foundry side.
 */
import { turn } from "../rules/index";
import type { Effect } from "../rules/effects";
import { phrase, type BreakdownLine, type Phrase, type Resolution } from "../rules/resolution";
import type { Timetable, TimetableEntry } from "../schemas/timetable";
import { speak, type Wording } from "../words/phrase";

/** A position counted from turn 0's first stage. */
function at(turnNumber: number, stageId: turn.StageId): number {
  return turnNumber * turn.STAGES.length + turn.stageIndex(stageId);
}

/** The entries due at `turnNumber`'s stage `stageId`, in the timetable's order. */
export function dueAt(timetable: Timetable, turnNumber: number, stageId: turn.StageId): TimetableEntry[] {
  return timetable.entries.filter((e) => e.turn === turnNumber && e.stage === stageId);
}

/** How the card names documents: a UUID to its name (the UUID itself when it is not found). */
export type NameOf = (uuid: string) => string;

/** What one entry says, in a line: "34 PzBrig arrives in 0405", "1 GTA mobilises (level 4)". */
export function entryPhrase(entry: TimetableEntry, nameOf: NameOf, hexOf: (entry: TimetableEntry) => string = hexLabelOf): Phrase {
  switch (entry.kind) {
    case "arrive":
      return phrase("NOBC.Timetable.Line.arrive", { name: nameOf(entry.actor), hex: hexOf(entry) });
    case "withdraw":
      return phrase("NOBC.Timetable.Line.withdraw", { name: nameOf(entry.actor) });
    case "mobilise":
      return phrase("NOBC.Timetable.Line.mobilise", { name: nameOf(entry.hq), level: entry.level });
    case "deal":
      return phrase("NOBC.Timetable.Line.deal", {
        name: nameOf(entry.hq),
        count: entry.cards.length,
        cards: entry.cards.map(nameOf).join(", "),
      });
    case "event":
      return phrase("NOBC.Timetable.Line.event", { title: entry.title });
  }
}

/** An arrival's place as the tracker says it before the card picks a hex: the hex, or the entry area by name. */
function hexLabelOf(entry: TimetableEntry): string {
  return entry.kind === "arrive" ? (entry.hex ?? entry.area ?? "") : "";
}

/** The outcome of a timetable card: how many entries it carries out. */
export interface TimetableOutcome {
  readonly turn: number;
  readonly stage: turn.StageId;
  readonly entries: number;
}

/**
 * The card for the entries due at a stage: each arrival's token (in its hex, or the next hex of its
 * entry area: arrivals of one card take an area's hexes in order, one each, round again when more
 * arrive than it has), its mode when scheduled, each withdrawal, mobilisation and card dealt as an
 * effect; each event as a line to read. `newId` makes the ids of the tokens and cards created
 * (Foundry's `randomID`), chosen now so the card's Apply, Undo and Apply again make the same ones.
 */
export function timetableCard(
  timetable: Timetable,
  due: readonly TimetableEntry[],
  position: { readonly turn: number; readonly stage: turn.StageId },
  nameOf: NameOf,
  newId: () => string,
): { resolution: Resolution<TimetableOutcome>; lines: Phrase[] } {
  const effects: Effect[] = [];
  const breakdown: BreakdownLine[] = [];
  const lines: Phrase[] = [];
  const taken = new Map<string, number>();
  const hexOf = (entry: TimetableEntry): string => {
    if (entry.kind !== "arrive") return "";
    if (entry.hex !== undefined) return entry.hex;
    const hexes = timetable.areas[entry.area!]!;
    const n = taken.get(entry.area!) ?? 0;
    taken.set(entry.area!, n + 1);
    return hexes[n % hexes.length]!;
  };
  for (const entry of due) {
    switch (entry.kind) {
      case "arrive": {
        const hex = hexOf(entry);
        effects.push({ type: "arrived", actor: entry.actor, hex, token: newId() });
        if (entry.mode !== undefined) effects.push({ type: "mode", actor: entry.actor, mode: entry.mode });
        lines.push(entryPhrase(entry, nameOf, () => hex));
        break;
      }
      case "withdraw":
        effects.push({ type: "leftMap", actor: entry.actor });
        lines.push(entryPhrase(entry, nameOf));
        break;
      case "mobilise":
        effects.push({ type: "hqMobilised", actor: entry.hq, level: entry.level });
        lines.push(entryPhrase(entry, nameOf));
        break;
      case "deal":
        for (const card of entry.cards) effects.push({ type: "cardDealt", card, actor: entry.hq, id: newId() });
        lines.push(entryPhrase(entry, nameOf));
        break;
      case "event":
        lines.push(entryPhrase(entry, nameOf));
        // The event's own words are the scenario designer's, read out as they wrote them.
        breakdown.push({
          text: phrase("NOBC.Timetable.Line.eventText", { title: entry.title, text: entry.text }),
          value: 0,
          source: entry.journal ?? "",
        });
        break;
    }
  }
  return {
    resolution: { breakdown, rolls: [], outcome: { turn: position.turn, stage: position.stage, entries: due.length }, effects },
    lines,
  };
}

/** One stage of the timetable still to come, as the tracker lists it. */
export interface TimetableStageView {
  readonly turn: number;
  /** Lang key of the stage's name. */
  readonly stageKey: string;
  /** Whether it is the stage the turn is at (its card is posted, or was, on entering it). */
  readonly now: boolean;
  readonly lines: readonly Phrase[];
}

export interface TimetableView {
  readonly stages: readonly TimetableStageView[];
  /** How many more stages with entries follow those shown. */
  readonly more: number;
}

/** How many stages of the timetable the tracker shows ahead. */
export const TIMETABLE_AHEAD = 3;

/**
 * What comes next: the entries of the current stage and of the next stages that have any, up to
 * `ahead` stages, grouped by stage in turn order; null when nothing is left to come.
 */
export function timetableView(
  timetable: Timetable,
  position: { readonly turn: number; readonly stage: number },
  nameOf: NameOf,
  ahead = TIMETABLE_AHEAD,
): TimetableView | null {
  const now = position.turn * turn.STAGES.length + position.stage;
  const byStage = new Map<number, TimetableEntry[]>();
  for (const entry of timetable.entries) {
    const when = at(entry.turn, entry.stage);
    if (when < now) continue;
    const list = byStage.get(when);
    if (list === undefined) byStage.set(when, [entry]);
    else list.push(entry);
  }
  if (byStage.size === 0) return null;
  const order = [...byStage.keys()].sort((a, b) => a - b);
  const stages = order.slice(0, ahead).map((when) => ({
    turn: Math.floor(when / turn.STAGES.length),
    stageKey: turn.STAGES[when % turn.STAGES.length]!.label,
    now: when === now,
    lines: byStage.get(when)!.map((e) => entryPhrase(e, nameOf)),
  }));
  return { stages, more: Math.max(0, order.length - ahead) };
}

/** What the tracker's timetable part shows, in words (templates/combat/timetable.hbs). */
export interface TimetablePartView {
  readonly stages: readonly {
    readonly turn: number;
    readonly stageKey: string;
    readonly now: boolean;
    readonly lines: readonly string[];
  }[];
  /** "2 more stages of the timetable follow", or "" when none. */
  readonly more: string;
  /** The problems of an unreadable timetable, each naming its entry and field. */
  readonly problems: readonly string[];
}

/** The part's view of what comes next, written in the reader's words. */
export function timetableWords(view: TimetableView, words: Wording): TimetablePartView {
  return {
    stages: view.stages.map((s) => ({ ...s, lines: s.lines.map((line) => speak(line, words)) })),
    more: view.more === 0 ? "" : speak(phrase("NOBC.Timetable.More", { count: view.more }), words),
    problems: [],
  };
}

/** The part's view of an unreadable timetable: its problems, in words. */
export function unreadableWords(problems: readonly Phrase[], words: Wording): TimetablePartView {
  return { stages: [], more: "", problems: problems.map((p) => speak(p, words)) };
}

/**
 * What of a timetable the world does not hold, each "entries[2].actor: …": an arrival or withdrawal
 * names a unit or HQ, a mobilisation or deal an HQ, a deal's cards support cards. `typeOf` gives a
 * world document's type (undefined: none). The first few, and how many more.
 */
export function timetableWorldProblems(timetable: Timetable, typeOf: (uuid: string) => string | undefined): Phrase[] {
  const problems: Phrase[] = [];
  const check = (field: string, uuid: string, types: readonly string[], problem: string) => {
    if (!types.includes(typeOf(uuid) ?? ""))
      problems.push(phrase("NOBC.Validation.Problem", { field, problem: phrase(problem, { uuid }) }));
  };
  timetable.entries.forEach((e, i) => {
    const at = `entries[${i}]`;
    if (e.kind === "arrive" || e.kind === "withdraw") check(`${at}.actor`, e.actor, ["unit", "hq"], "NOBC.Timetable.Invalid.notUnit");
    if (e.kind === "mobilise" || e.kind === "deal") check(`${at}.hq`, e.hq, ["hq"], "NOBC.Timetable.Invalid.notHq");
    if (e.kind === "deal") e.cards.forEach((c, j) => check(`${at}.cards[${j}]`, c, ["supportCard"], "NOBC.Timetable.Invalid.notCard"));
  });
  const max = 5;
  return problems.length <= max
    ? problems
    : [...problems.slice(0, max), phrase("NOBC.Timetable.MoreProblems", { count: problems.length - max })];
}
