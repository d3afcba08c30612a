/**
 * A small front on the test map (tests/map/fixture.ts), shared by the planner's tests and gallery:
 *
 *   0101 NATO Recce (battalion)      0201 NATO 34 PzBrig (town)   0301 WP 1 MRR            0401 WP 1 Art
 *   0102 NATO I Corps HQ             0202 NATO 36 PzBrig          0302 WP 2 MRR, 3 MRR (march)  0402 WP 1 GTA HQ
 *
 * Cards: I Corps holds "Corps artillery" (+2, assigned to 34 PzBrig) and "Signals"; 1 GTA holds
 * "Front barrage" (+1, assigned to 1 MRR), "Pontoon park" (engineer) and "Sarin" (chemical).
 * A WP squadron waits in the CAS box.
 */
import type { WorldActor, WorldDocument, WorldToken } from "../../../src/world/battlefield";
import { battlefield, type Battlefield } from "../../../src/world/battlefield";
import { hexCentre, offsetOf } from "../../../src/map/hex-grid";
import { smallMap } from "../../map/fixture";
import { DEFAULT_RULES_OPTIONS, type RulesOptions } from "../../../src/rules/nobc/land/options";
import type { OddsBelowOne } from "../../../src/rules/nobc/land/combat-tables";
import { keyWording } from "../../harness/wording";

export const SIZE = 100;
export const at = (label: string) => hexCentre(offsetOf(label), SIZE);

type Raw = Record<string, unknown>;

export const unitSystem = (side: "nato" | "wp", extra: Raw = {}): Raw => ({
  side,
  nationality: side === "nato" ? "frg" : "su",
  hq: null,
  size: "brigade",
  arm: "armour",
  strength: { value: 4, max: 6 },
  supply: 2,
  mode: "combat",
  minelaying: false,
  noMove: false,
  movementPoints: 4,
  overrunCost: { mp: null, hits: null },
  notes: "",
  ...extra,
});

export const hqSystem = (side: "nato" | "wp", extra: Raw = {}): Raw => ({
  side,
  nationality: side === "nato" ? "frg" : "su",
  echelon: side === "nato" ? "corps" : "army",
  level: { value: 2, max: 4 },
  radius: 3,
  supplyCounters: 3,
  mayRecover: true,
  parent: null,
  initiative: false,
  notes: "",
  ...extra,
});

export const cardSystem = (side: "nato" | "wp", category: string, value: number, assignedTo: string | null): Raw => ({
  side,
  category,
  value,
  modifier: value,
  afterUse: "keep",
  assignedTo,
  description: "",
});

export const squadronSystem = (side: "nato" | "wp", extra: Raw = {}): Raw => ({
  side,
  nationality: side === "nato" ? "frg" : "su",
  airToAir: 1,
  cas: 2,
  deepStrike: 1,
  weapons: [],
  range: 1,
  recce: false,
  ew: false,
  harrier: false,
  box: "cas",
  airbase: null,
  airZone: "2ATAF",
  ...extra,
});

export interface ActorSpec {
  readonly id: string;
  readonly name: string;
  readonly type: "unit" | "hq" | "airSquadron";
  readonly system: Raw;
  readonly hex?: string;
  readonly items?: readonly { id: string; name: string; system: Raw }[];
}

/** The front, as actor specs (ids without the "Actor." prefix). */
export function front(): ActorSpec[] {
  return [
    { id: "n34", name: "34 PzBrig", type: "unit", hex: "0201", system: unitSystem("nato", { hq: "Actor.icorps" }) },
    { id: "n36", name: "36 PzBrig", type: "unit", hex: "0202", system: unitSystem("nato", { hq: "Actor.icorps" }) },
    {
      id: "nrec",
      name: "Recce Bn",
      type: "unit",
      hex: "0101",
      system: unitSystem("nato", { size: "battalion", arm: "recce", mode: "march" }),
    },
    {
      id: "w1",
      name: "1 MRR",
      type: "unit",
      hex: "0301",
      system: unitSystem("wp", { hq: "Actor.gta", arm: "motorRifle", strength: { value: 6, max: 6 } }),
    },
    {
      id: "w2",
      name: "2 MRR",
      type: "unit",
      hex: "0302",
      system: unitSystem("wp", { hq: "Actor.gta", arm: "motorRifle", strength: { value: 6, max: 6 } }),
    },
    { id: "w3", name: "3 MRR", type: "unit", hex: "0302", system: unitSystem("wp", { hq: "Actor.gta", arm: "motorRifle", mode: "march" }) },
    {
      id: "wart",
      name: "1 Art",
      type: "unit",
      hex: "0401",
      system: unitSystem("wp", { arm: "artillery", strength: { value: 3, max: 3 } }),
    },
    {
      id: "icorps",
      name: "I Corps",
      type: "hq",
      hex: "0102",
      system: hqSystem("nato"),
      items: [
        { id: "cart", name: "Corps artillery", system: cardSystem("nato", "combatModifier", 2, "Actor.n34") },
        { id: "csig", name: "Signals", system: cardSystem("nato", "signals", 1, null) },
      ],
    },
    {
      id: "gta",
      name: "1 GTA",
      type: "hq",
      hex: "0402",
      system: hqSystem("wp", { level: { value: 3, max: 4 }, radius: 4 }),
      items: [
        { id: "cbar", name: "Front barrage", system: cardSystem("wp", "combatModifier", 1, "Actor.w1") },
        { id: "ceng", name: "Pontoon park", system: cardSystem("wp", "engineer", 1, null) },
        { id: "cchem", name: "Sarin", system: cardSystem("wp", "chemical", 2, null) },
      ],
    },
    { id: "su25", name: "Su-25 Rgt", type: "airSquadron", system: squadronSystem("wp") },
  ];
}

/**
 * The front for the turn limits: 3 MRR in Combat Mode (so two attackers stand in hex 0302) and a
 * Warsaw Pact Front HQ, Western Front in 0403, holding two unassigned combat modifier cards.
 */
export function frontWithFrontHq(): ActorSpec[] {
  const base = front().map((s) => (s.id === "w3" ? { ...s, system: { ...s.system, mode: "combat" } } : s));
  return [
    ...base,
    {
      id: "wfront",
      name: "Western Front",
      type: "hq",
      hex: "0403",
      system: hqSystem("wp", { echelon: "front", level: { value: 3, max: 4 }, radius: 4 }),
      items: [
        { id: "cfa", name: "Front guns", system: cardSystem("wp", "combatModifier", 1, null) },
        { id: "cfb", name: "Front rockets", system: cardSystem("wp", "combatModifier", 1, null) },
      ],
    },
  ];
}

/** The world's rules options with odds below 1:1 read as given (the other readings at their defaults). */
export const worldOptions = (oddsBelowOne: OddsBelowOne = "zero"): RulesOptions => ({ ...DEFAULT_RULES_OPTIONS, combat: { oddsBelowOne } });

export const uuid = (id: string) => `Actor.${id}`;
export const cardUuid = (hq: string, card: string) => `Actor.${hq}.Item.${card}`;

function worldActor(spec: ActorSpec): WorldActor {
  const items: WorldDocument[] = (spec.items ?? []).map((i) => ({
    uuid: cardUuid(spec.id, i.id),
    name: i.name,
    type: "supportCard",
    system: i.system,
  }));
  return { uuid: uuid(spec.id), name: spec.name, type: spec.type, system: spec.system, items };
}

/**
 * The front read as the planner reads it; `map: false` leaves the terrain flag off the scene;
 * `mapState` is the scene's `nobc.mapState` flag (src/map/map-state.ts).
 */
export function frontField(options: { map?: boolean; specs?: ActorSpec[]; mapState?: unknown } = {}): Battlefield {
  const specs = options.specs ?? front();
  const tokens: WorldToken[] = specs.filter((s) => s.hex !== undefined).map((s) => ({ actor: uuid(s.id), ...at(s.hex!) }));
  return battlefield({
    actors: specs.map(worldActor),
    tokens,
    gridSize: SIZE,
    ...(options.map === false ? {} : { terrain: smallMap() }),
    ...(options.mapState === undefined ? {} : { mapState: options.mapState }),
  });
}

/** A translator that shows the key and its data, so tests see which sentence was chosen. */
export const keys = keyWording();
