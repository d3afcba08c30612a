/**
 * What has happened on the map since the terrain was drawn (docs/decisions/map-state.md): minefields
 * with the side that laid them, contaminated hexes, destroyed bridges and cut autobahn hexes. It is
 * kept on the scene as the flag `nobc.mapState`, keyed by hex or hexside so that one card's write
 * touches only its own keys and Undo puts back exactly those. Supply counters are not here: in NOBC
 * they are carried by units (their supply points), so a nuclear strike's "supply counters
 * eliminated" empties the units in the area.
 *
 * Checked with zod like the terrain file; a flag that fails reads as problems, never as a throw.
 */
import { z } from "zod";
import type { HexRef, HexsideRef } from "../rules/ids";
import type { Side } from "../rules/nobc/land/types";
import { phrase, type Phrase } from "../rules/resolution";
import { issuePhrase, listedProblems, WITH_INPUT } from "../words/issues";
import { HEX_LABEL } from "./hex-grid";
import type { MapState } from "./rules-view";
import { formatMapPath } from "./terrain-schema";

export const MAP_STATE_FORMAT = "nobc-map-state/1";

/** The flag's key under the system's scope: `scene.flags.nobc.mapState`. */
export const MAP_STATE_FLAG = "mapState";

/** The parts of the map state, each a record keyed by hex label or hexside key. */
export const MAP_STATE_PARTS = ["mines", "contaminated", "destroyedBridges", "cutAutobahn", "engineersLeft"] as const;
export type MapStatePart = (typeof MAP_STATE_PARTS)[number];

const hexKey = z.string().regex(HEX_LABEL, { error: "NOBC.Map.Problem.HexLabel" });
const HEXSIDE_KEY = /^\d{4}\|\d{4}$/;
const hexsideKey = z.string().regex(HEXSIDE_KEY, { error: "NOBC.MapState.Problem.Hexside" });
const marked = z.literal(true);
const SIDES = ["nato", "wp"] as const satisfies readonly Side[];

/** The most entries a part holds: every hex of the largest map twice over is far more than a game makes. */
const MAX_ENTRIES = 20000;
/** The most Bridging Engineer cards one hexside holds: far more than any side's deck. */
export const MAX_ENGINEERS_LEFT = 100;
const bounded = <T extends z.ZodType>(record: T) =>
  record.refine((r) => Object.keys(r as object).length <= MAX_ENTRIES, { error: "NOBC.MapState.Problem.TooMany" });

const countProblem = { error: "NOBC.MapState.Problem.Count" } as const;
const engineerCount = z.int(countProblem).min(1, countProblem).max(MAX_ENGINEERS_LEFT, countProblem);

export const mapStateSchema = z.strictObject({
  format: z.literal(MAP_STATE_FORMAT, { error: "NOBC.MapState.Problem.Format" }),
  /** Minefield counters, with the side that laid them. */
  mines: bounded(z.record(hexKey, z.strictObject({ side: z.enum(SIDES, { error: "NOBC.MapState.Problem.Side" }) }))),
  contaminated: bounded(z.record(hexKey, marked)),
  /** Bridges destroyed, by the hexside key "a|b" (labels sorted). */
  destroyedBridges: bounded(z.record(hexsideKey, marked)),
  cutAutobahn: bounded(z.record(hexKey, marked)),
  /**
   * Bridging Engineer cards left at a river hexside by the units that used them this Movement phase, for
   * later movers (seed 000, Land War QRS, 5. Movement). Absent from flags written before it: read as none.
   */
  engineersLeft: bounded(z.record(hexsideKey, engineerCount)).default({}),
});

export type MapStateFlag = z.infer<typeof mapStateSchema>;

/** The map state of a scene that has none yet. */
export function emptyMapStateFlag(): MapStateFlag {
  return { format: MAP_STATE_FORMAT, mines: {}, contaminated: {}, destroyedBridges: {}, cutAutobahn: {}, engineersLeft: {} };
}

/** A map state as the rules read it, with who laid each minefield. */
export interface MapStateView extends MapState {
  readonly mines: ReadonlySet<HexRef>;
  readonly contaminated: ReadonlySet<HexRef>;
  readonly destroyedBridges: ReadonlySet<HexsideRef>;
  readonly cutAutobahn: ReadonlySet<HexRef>;
  readonly engineersLeft: ReadonlyMap<HexsideRef, number>;
  readonly mineSides: ReadonlyMap<HexRef, Side>;
}

export interface MapStateRead {
  /** The state; empty when the scene has no flag or the flag fails its check. */
  readonly state: MapStateView;
  /** Why the flag could not be read, each with its path; empty when it was read (or is absent). */
  readonly problems: readonly Phrase[];
}

/** The state of a flag already checked. */
export function mapStateView(flag: MapStateFlag): MapStateView {
  const mineSides = new Map<HexRef, Side>(Object.entries(flag.mines).map(([hex, m]) => [hex, m.side]));
  return {
    mines: new Set(mineSides.keys()),
    mineSides,
    contaminated: new Set(Object.keys(flag.contaminated)),
    destroyedBridges: new Set(Object.keys(flag.destroyedBridges)),
    cutAutobahn: new Set(Object.keys(flag.cutAutobahn)),
    engineersLeft: new Map(Object.entries(flag.engineersLeft)),
  };
}

/** Checks a scene's `nobc.mapState` flag; no flag reads as an empty state. */
export function readMapState(flag: unknown): MapStateRead {
  if (flag === undefined || flag === null) return { state: mapStateView(emptyMapStateFlag()), problems: [] };
  const parsed = mapStateSchema.safeParse(flag, WITH_INPUT);
  if (parsed.success) return { state: mapStateView(parsed.data), problems: [] };
  return {
    state: mapStateView(emptyMapStateFlag()),
    problems: listedProblems(parsed.error.issues, (issue) =>
      phrase("NOBC.Validation.Problem", {
        field: issue.path.length === 0 ? phrase("NOBC.MapState.Whole") : formatMapPath(issue.path),
        problem: issuePhrase(issue),
      }),
    ),
  };
}
