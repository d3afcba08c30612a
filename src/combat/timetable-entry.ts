/**
 * The scenario's timetable on the GM's client: read from the viewed scene's flag `nobc.timetable`
 * (checked on every read), posted as a card when the turn enters a stage with entries due (outcome
 * first: who arrives where, who leaves; Control applies it and may undo it, through the one write
 * path), and shown on the tracker as what comes next (./timetable.ts decides both).
 */
import { SYSTEM_ID } from "../base/constants";
import { notifyText, say, translator } from "../base/foundry";
import type { turn } from "../rules/index";
import { phrase } from "../rules/resolution";
import { readTimetable, TIMETABLE_FLAG, type TimetableRead } from "../schemas/timetable";
import { postResolution } from "../chat/resolution-card";
import { TIMETABLE_ONCE } from "../chat/card-data";
import { documentAt } from "../effects/apply";
import { speak } from "../words/phrase";
import { dueAt, timetableCard, timetableView, timetableWords, unreadableWords, type NameOf, type TimetablePartView } from "./timetable";

interface SceneLike {
  readonly id: string | null;
  readonly name: string;
  getFlag(scope: string, key: string): unknown;
}

function viewedScene(): SceneLike | null {
  return (globalThis as { canvas?: { scene?: SceneLike | null } }).canvas?.scene ?? null;
}

/** The viewed scene's timetable: none (no scene, no flag), the timetable, or its problems. */
export function viewedTimetable(): TimetableRead {
  const scene = viewedScene();
  return scene === null ? { ok: true, timetable: null } : readTimetable(scene.getFlag(SYSTEM_ID, TIMETABLE_FLAG));
}

/** A document's name by UUID; the UUID itself when it is not in the world. */
const nameOf: NameOf = (uuid) => {
  const doc = documentAt(uuid) as { readonly name?: unknown } | undefined;
  return typeof doc?.name === "string" ? doc.name : uuid;
};

/** Says that the viewed scene's timetable cannot be read, naming each problem (entry and field). */
function reportUnreadable(read: Extract<TimetableRead, { ok: false }>): void {
  const scene = viewedScene()?.name ?? "";
  const problems = read.problems.map(say).join("; ");
  notifyText("error", say(phrase("NOBC.Timetable.Unreadable", { scene, problems })), { permanent: true });
}

/**
 * Posts the card of the timetable's entries due at `position` (the active GM's client, on entering
 * the stage for the first time); null when none are due or the scene has no timetable. An
 * unreadable timetable posts nothing and says why.
 */
export async function postTimetableEntry(
  position: turn.TurnPosition,
  newId: () => string = () => foundry.utils.randomID(),
): Promise<unknown> {
  const scene = viewedScene();
  const read = viewedTimetable();
  if (!read.ok) {
    reportUnreadable(read);
    return null;
  }
  if (read.timetable === null || scene?.id == null) return null;
  const stage = position.current.id;
  const due = dueAt(read.timetable, position.turn, stage);
  if (due.length === 0) return null;
  const { resolution, lines } = timetableCard(read.timetable, due, { turn: position.turn, stage }, nameOf, newId);
  const i18n = translator();
  return postResolution({
    title: i18n.format("NOBC.Timetable.CardTitle", { turn: String(position.turn), stage: i18n.localize(position.current.label) }),
    resolution,
    outcome: lines.map((line) => speak(line, i18n)).join(" "),
    total: false,
    once: `${TIMETABLE_ONCE}${position.turn}:${stage}`,
    // Its arrivals and withdrawals are written on the timetable's scene, whichever scene the GM views on Apply.
    scene: scene.id,
  });
}

/** What comes next of the viewed scene's timetable, in words, for the tracker's part (a GM's only); null when nothing does. */
export function timetablePartView(position: { readonly turn: number; readonly stage: number }, isGM: boolean): TimetablePartView | null {
  // The schedule is Control's: a player would read the other side's reinforcements in it.
  if (!isGM) return null;
  const read = viewedTimetable();
  if (!read.ok) return unreadableWords(read.problems, translator());
  if (read.timetable === null) return null;
  const view = timetableView(read.timetable, position, nameOf);
  return view === null ? null : timetableWords(view, translator());
}
