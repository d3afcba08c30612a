/**
 * One small Land War world on the 4 × 3 test map (tests/map/fixture.ts), as plain specs that feed
 * both `battlefield()` (pure tests) and the harness actors (Foundry-shell tests).
 *
 *   NATO  I Corps (HQ, 0102, level 2/4, radius 3): PzBrig 1 (0101, Combat, 1 SP), ArtBde 2 (0103,
 *         artillery), PzGrenBrig 3 (0203, Combat, 0 SP); cards: engineer, minelaying engineer,
 *         signals, intelligence, air recce, SF, SSM, chemical. JaBoG 31 in the CAS box.
 *   WP    1 GTA (HQ, 0402, level 3/4, radius 4): MRD 1 (0302), TD 2 (0401 city, March),
 *         MRD 3 (0201, next to the bridged brook 0101|0201 and in contact with PzBrig 1).
 */
import type { WorldActor } from "../../../src/world/battlefield";
import { battlefield, type Battlefield } from "../../../src/world/battlefield";
import { hexCentre, offsetOf } from "../../../src/map/hex-grid";
import type { LandWorld } from "../../../src/apps/land/world";
import { smallMap } from "../../map/fixture";
import { cardSystem, hqSystem, squadronSystem, unitSystem } from "../ground-combat/fixture";
import { keyWording } from "../../harness/wording";
import type { ActorSeed } from "../../harness/actors";

export const SIZE = 100;
export const at = (label: string) => hexCentre(offsetOf(label), SIZE);

type Raw = Record<string, unknown>;

/** An actor of the fixture (put in the harness by tests/harness/actors.ts). */
export type Spec = ActorSeed;

/**
 * The shared fixture builders (../ground-combat/fixture.ts) with this world's defaults: a unit answers
 * to its HQ with 1 SP; HQs hold no supply counters.
 */
const unit = (side: "nato" | "wp", hq: string, extra: Raw): Raw => unitSystem(side, { hq: `Actor.${hq}`, supply: 1, ...extra });
const hq = (side: "nato" | "wp", extra: Raw): Raw => hqSystem(side, { supplyCounters: 0, ...extra });
const card = (id: string, name: string, category: string, value = 1) => ({
  id,
  name,
  system: { ...cardSystem("nato", category, value, null), modifier: 0, afterUse: "discard" },
});

export function specs(): Spec[] {
  return [
    {
      id: "h1",
      name: "I Corps",
      type: "hq",
      hex: "0102",
      system: hq("nato", {}),
      items: [
        card("e1", "Pioniere", "engineer"),
        card("ml1", "Minenleger", "minelayingEngineer"),
        card("sig1", "Fernmelder", "signals"),
        card("int1", "Fernspäher", "intelligence"),
        card("rec1", "RF-4E Recce", "airRecce"),
        card("sf1", "KSK Team", "specialForces", 3),
        card("ssm1", "Lance", "ssm", 3),
        card("cw1", "Chemical Shells", "chemical", 2),
      ],
    },
    { id: "u1", name: "PzBrig 1", type: "unit", hex: "0101", system: unit("nato", "h1", {}) },
    { id: "u2", name: "ArtBde 2", type: "unit", hex: "0103", system: unit("nato", "h1", { arm: "artillery", mode: "march", supply: 0 }) },
    { id: "u3", name: "PzGrenBrig 3", type: "unit", hex: "0203", system: unit("nato", "h1", { arm: "mechanised", supply: 0 }) },
    { id: "w0", name: "1 GTA", type: "hq", hex: "0402", system: hq("wp", { level: { value: 3, max: 4 }, radius: 4, parent: "Actor.f0" }) },
    {
      id: "w1",
      name: "MRD 1",
      type: "unit",
      hex: "0302",
      system: unit("wp", "w0", { size: "division", arm: "motorRifle", mode: "march" }),
    },
    { id: "w2", name: "TD 2", type: "unit", hex: "0401", system: unit("wp", "w0", { size: "division", mode: "march" }) },
    { id: "w3", name: "MRD 3", type: "unit", hex: "0201", system: unit("wp", "w0", { size: "division", arm: "motorRifle" }) },
    {
      id: "s1",
      name: "JaBoG 31",
      type: "airSquadron",
      system: squadronSystem("nato", { nationality: "frg", cas: 3, deepStrike: 2 }),
    },
  ];
}

export function worldActors(list: readonly Spec[] = specs()): WorldActor[] {
  return list.map((s) => ({
    uuid: `Actor.${s.id}`,
    name: s.name,
    type: s.type,
    system: s.system,
    items: (s.items ?? []).map((i) => ({ uuid: `Actor.${s.id}.Item.${i.id}`, name: i.name, type: "supportCard", system: i.system })),
  }));
}

/** The world read as the dialogs read it; `mapState` is the scene's `nobc.mapState` flag (src/map/map-state.ts). */
export function field(list: readonly Spec[] = specs(), terrain: unknown = smallMap(), mapState?: unknown): Battlefield {
  return battlefield({
    actors: worldActors(list),
    tokens: list.filter((s) => s.hex !== undefined).map((s) => ({ actor: `Actor.${s.id}`, ...at(s.hex!) })),
    gridSize: SIZE,
    terrain,
    mapState,
  });
}

export function world(
  options: { owned?: string[]; isGM?: boolean; turn?: number | null; list?: Spec[]; terrain?: unknown; mapState?: unknown } = {},
): LandWorld {
  return {
    field: field(options.list, options.terrain === undefined ? smallMap() : options.terrain, options.mapState),
    owned: new Set(options.owned ?? []),
    isGM: options.isGM ?? true,
    turn: options.turn === undefined ? 1 : options.turn,
  };
}

/** A translator that shows the key and its data, so tests see which sentence was chosen. */
export const i18n = keyWording();
