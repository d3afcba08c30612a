/** The "This turn's moves" window's context: each unit's moves in words (pure). */
import { phrase } from "../../../rules/resolution";
import { speak } from "../../../words/phrase";
import type { Translator } from "../../../base/foundry";
import type { MovementLog } from "./log";

export interface MovementLogView {
  readonly turn: number | null;
  /** A turn is on the tracker (turn 0 included). */
  readonly hasTurn: boolean;
  readonly empty: boolean;
  readonly units: readonly {
    readonly name: string;
    readonly start: string;
    readonly now: string;
    readonly mpSpent: string;
    readonly overrides: number;
    readonly moves: readonly { readonly path: string; readonly mpSpent: string; readonly override: string | null }[];
  }[];
  readonly unreadable: string | null;
}

/** The log in words; `nameOf` gives a unit's name (its UUID when it is gone). Units sorted by name. */
export function movementLogContext(log: MovementLog | null, nameOf: (uuid: string) => string, i18n: Translator): MovementLogView {
  if (log === null) return { turn: null, hasTurn: false, empty: true, units: [], unreadable: null };
  const mp = (value: number) => speak(phrase("NOBC.MovementTurn.Log.Mp", { count: value }), i18n);
  const units = log.units
    .map((u) => ({
      name: nameOf(u.unit),
      start: u.start,
      now: u.now,
      mpSpent: mp(u.mpSpent),
      overrides: u.overrides,
      moves: u.moves.map((m) => ({
        path: [m.from, ...m.path].join(" → "),
        mpSpent: m.kind === "retreat" ? speak(phrase("NOBC.MovementTurn.Log.Retreat"), i18n) : mp(m.mpSpent),
        override:
          m.override === false
            ? null
            : typeof m.override === "string" && m.override !== ""
              ? speak(phrase("NOBC.MovementTurn.Log.OverrideBecause", { reason: m.override }), i18n)
              : speak(phrase("NOBC.MovementTurn.Log.Override"), i18n),
      })),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    turn: log.turn,
    hasTurn: true,
    empty: units.length === 0,
    units,
    unreadable: log.unreadable === 0 ? null : speak(phrase("NOBC.MovementTurn.Log.Unreadable", { count: log.unreadable }), i18n),
  };
}
