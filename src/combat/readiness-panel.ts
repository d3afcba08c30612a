/**
 * The tracker's block of who has acted (templates/combat/readiness.hbs), decided by a pure function:
 * per team and per HQ, done or still to act, with the buttons this user may use (Ready / Not ready
 * for their team and HQs), who Control went on without when it entered this stage, and Control's
 * clock buttons. ./readiness.ts decides who is done; this only lays it out.
 */
import { isSideMark, type ReadinessView } from "./readiness";
import type { ReadinessHq } from "./readiness";
import { EVERYONE, showsSide, type TrackerAudience } from "./tracker-audience";

/** A mark's button: what clicking it asks (the mark, and ready or not). */
export interface MarkButtonView {
  readonly mark: string;
  /** What the click asks: true marks ready, false takes the mark off. */
  readonly ready: boolean;
  readonly labelKey: string;
}

export interface HqReadyRow {
  readonly uuid: string;
  readonly name: string;
  readonly players: string;
  readonly done: boolean;
  readonly stateKey: string;
  readonly needKey: string | null;
  readonly button: MarkButtonView | null;
}

export interface SideReadyRow {
  readonly side: string;
  readonly labelKey: string;
  readonly done: boolean;
  readonly stateKey: string;
  readonly button: MarkButtonView | null;
  readonly hqs: readonly HqReadyRow[];
}

/** One entry of who was not ready when Control entered this stage: a team (its label) or an HQ (its name). */
export interface OverriddenEntry {
  readonly labelKey: string | null;
  readonly name: string;
}

export interface ReadinessPanelView {
  readonly sides: readonly SideReadyRow[];
  readonly allDone: boolean;
  /** The stage asks the players for something (else only the clock and the record show). */
  readonly asks: boolean;
  readonly overridden: readonly OverriddenEntry[];
  readonly isGM: boolean;
  /** Whether the stage has a clock running (Control's Stop button shows). */
  readonly clockRunning: boolean;
  /** The minutes the Start clock field offers first. */
  readonly clockMinutes: number;
  /** HQs done, and in all, for the folded summary. */
  readonly doneCount: number;
  readonly hqCount: number;
  /** Whether the list is unfolded (folded by default, so the tracker stays short; the tracker keeps the user's choice). */
  readonly open: boolean;
}

/** The minutes Control's clock field offers first. */
export const DEFAULT_CLOCK_MINUTES = 10;

const STATE_KEYS = { done: "NOBC.Turn.Ready.State.done", open: "NOBC.Turn.Ready.State.open" } as const;

function button(mark: string, marked: boolean, canMark: boolean): MarkButtonView | null {
  if (!canMark) return null;
  return { mark, ready: !marked, labelKey: marked ? "NOBC.Turn.Ready.Unmark" : "NOBC.Turn.Ready.Mark" };
}

/**
 * The block's context: `view` laid out for this user, the stage's record of who Control went on
 * without, and the clock. A side the audience does not read (double-blind: the enemy's) is left
 * out everywhere: its rows, its HQs in the record, and the counts and "all done" of the summary.
 */
export function readinessPanelContext(
  view: ReadinessView,
  overridden: readonly string[],
  hqs: readonly ReadinessHq[],
  isGM: boolean,
  clockRunning: boolean,
  open = false,
  audience: TrackerAudience = EVERYONE,
): ReadinessPanelView {
  const sides = view.sides.filter((s) => showsSide(audience, s.side));
  const all = sides.flatMap((s) => s.hqs);
  const names = new Map(hqs.map((h) => [h.uuid, h.name]));
  const sideOf = new Map(hqs.map((h) => [h.uuid, h.side]));
  const record = overridden.filter((m) => {
    const side = isSideMark(m) ? m : sideOf.get(m);
    // An HQ no longer in the turn has no side to read: only Control sees it named.
    return side === undefined ? audience.all : showsSide(audience, side);
  });
  return {
    sides: sides.map((s) => ({
      side: s.side,
      labelKey: s.labelKey,
      done: s.done,
      stateKey: s.done ? STATE_KEYS.done : STATE_KEYS.open,
      button: button(s.side, s.marked, s.canMark),
      hqs: s.hqs.map((h) => ({
        uuid: h.uuid,
        name: h.name,
        players: h.players,
        done: h.done,
        stateKey: h.done ? STATE_KEYS.done : STATE_KEYS.open,
        needKey: h.needKey,
        button: button(h.uuid, h.marked, h.canMark),
      })),
    })),
    allDone: audience.all ? view.allDone : sides.every((s) => s.done),
    asks: sides.length > 0,
    overridden: record.map((m) =>
      isSideMark(m) ? { labelKey: `NOBC.Turn.Side.${m}`, name: "" } : { labelKey: null, name: names.get(m) ?? m },
    ),
    isGM,
    clockRunning,
    clockMinutes: DEFAULT_CLOCK_MINUTES,
    doneCount: all.filter((h) => h.done).length,
    hqCount: all.length,
    open,
  };
}
