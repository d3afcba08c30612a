/**
 * Attaching a timetable to a scene: the one function that writes a scene's `nobc.timetable` flag
 * (docs/guide.md, "The scenario's timetable"). The GM's client checks the data with the schema and
 * against the world (each actor a unit or HQ, each HQ an HQ, each card a support card of this
 * world), writes nothing when there is any problem, else replaces the whole flag in one update.
 */
import { replacement } from "../base/compat";
import { SYSTEM_ID } from "../base/constants";
import { isGM } from "../base/foundry";
import { phrase, type Phrase } from "../rules/resolution";
import { readTimetable, TIMETABLE_FLAG, type Timetable } from "../schemas/timetable";
import { documentAt } from "../effects/apply";
import { timetableWorldProblems } from "./timetable";

export interface TimetableScene {
  update(changes: Record<string, unknown>): Promise<unknown>;
}

export type TimetableAttachResult =
  | { readonly ok: true; readonly timetable: Timetable }
  | { readonly ok: false; readonly problems: readonly Phrase[] }
  | { readonly ok: false; readonly refused: Phrase };

/** The type of the world document `uuid` names ("unit", "hq", "supportCard"…), undefined when there is none. */
function typeOf(uuid: string): string | undefined {
  const doc = documentAt(uuid) as { readonly type?: unknown; readonly parent?: unknown } | undefined;
  return typeof doc?.type === "string" ? doc.type : undefined;
}

/** Checks `data` as a `nobc-timetable/1` timetable of this world and, when it has no problem, writes it as the scene's. GM only. */
export async function attachTimetable(scene: TimetableScene, data: unknown): Promise<TimetableAttachResult> {
  if (!isGM()) return { ok: false, refused: phrase("NOBC.Timetable.GmOnly") };
  const read = readTimetable(data ?? {});
  if (!read.ok) return { ok: false, problems: read.problems };
  const timetable = read.timetable!;
  const problems = timetableWorldProblems(timetable, typeOf);
  if (problems.length > 0) return { ok: false, problems };
  // Replaced whole (v13's `==` key, v14's `_replace`: ../base/compat.ts), stages filled in as read.
  await scene.update(replacement(`flags.${SYSTEM_ID}.${TIMETABLE_FLAG}`, timetable));
  return { ok: true, timetable };
}
