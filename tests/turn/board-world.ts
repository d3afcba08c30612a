/**
 * The world of the scripted two-turn board game (tests/turn/board-game.test.ts): a map of our own,
 * 5 × 4 hexes, West German in columns 01-02 and East German in 03-05, all clear, with one bridged
 * minor river (the Aller) between 0201 and 0301; one HQ per side and five units.
 *
 *   0101          0201 34 PzBrig ┆Aller, bridged┆ 0301 1 MRR    0401    0501
 *   0102 I Corps  0202 36 PzBrig                0302          0402    0502 1 GTA
 *   0103          0203 (empty: the minefield)   0303 2 MRR    0403    0503
 *   0104          0204                          0304 3 MRR    0404    0504
 *
 * I Corps holds an engineer card (for the bridge) and a minelaying engineer card (for the
 * minefield); 1 GTA holds a combat modifier only, so it has no engineer to cross a river with.
 * Keys (`n34`, `icorps`, …) are the actor ids, so `Actor.<key>` is each UUID.
 */
import { harness, type FakeActorT } from "../harness/foundry";
import "../harness/sheets-fake";
import { sheetsFake } from "../harness/sheets-fake";
import { chatFake } from "../harness/chat-fake";
import type { TerrainMap } from "../../src/map/terrain-schema";
import { offsetOf } from "../../src/map/hex-grid";
import { hqSystem, unitSystem } from "../apps/ground-combat/fixture";
import { card, type Spec as WorldSpec } from "./world";
import { forgetTerrain } from "../../src/world/read";

type Raw = Record<string, unknown>;

/** The bridged hexside, labels sorted. */
export const BRIDGE = "0201|0301";
/** The empty hex the engineer card mines. */
export const MINED = "0203";

/** The map the GM attaches with the Map terrain tool (never set as a fixture flag). */
export function boardMap(): TerrainMap {
  const hexes: TerrainMap["hexes"] = {};
  for (let col = 1; col <= 5; col++)
    for (let row = 1; row <= 4; row++) {
      const label = `${String(col).padStart(2, "0")}${String(row).padStart(2, "0")}`;
      hexes[label] = { terrain: ["clear"], country: col <= 2 ? "frg" : "gdr" };
    }
  return {
    format: "nobc-terrain/1",
    name: "Aller crossing",
    columns: 5,
    rows: 4,
    hexSize: 100,
    hexes,
    // 0201 is in a shifted column: its north-east neighbour is 0301.
    hexsides: [{ hex: "0201", side: "ne", river: "minor", bridge: true, name: "Aller" }],
    roads: [],
  };
}

type Spec = WorldSpec & { readonly type: "unit" | "hq"; readonly hex: string };

const mrr = (extra: Raw = {}): Raw => unitSystem("wp", { hq: "Actor.gta", arm: "motorRifle", ...extra });

export function specs(): Spec[] {
  return [
    {
      id: "icorps",
      name: "I Corps",
      type: "hq",
      hex: "0102",
      owner: "p1",
      system: hqSystem("nato", { supplyCounters: 0 }),
      items: [
        { id: "ceng", name: "Pioniere", system: card("nato", "engineer", 1, "keep") },
        { id: "cmine", name: "Minenleger", system: card("nato", "minelayingEngineer", 1, "discard") },
      ],
    },
    { id: "n34", name: "34 PzBrig", type: "unit", hex: "0201", owner: "p1", system: unitSystem("nato", { hq: "Actor.icorps" }) },
    { id: "n36", name: "36 PzBrig", type: "unit", hex: "0202", owner: "p1", system: unitSystem("nato", { hq: "Actor.icorps" }) },
    {
      id: "gta",
      name: "1 GTA",
      type: "hq",
      hex: "0502",
      owner: "p2",
      system: hqSystem("wp", { radius: 4, supplyCounters: 0 }),
      items: [{ id: "cbar", name: "Front barrage", system: card("wp", "combatModifier", 1, "keep") }],
    },
    { id: "w1", name: "1 MRR", type: "unit", hex: "0301", owner: "p2", system: mrr({ strength: { value: 6, max: 6 } }) },
    { id: "w2", name: "2 MRR", type: "unit", hex: "0303", owner: "p2", system: mrr({ strength: { value: 8, max: 8 } }) },
    { id: "w3", name: "3 MRR", type: "unit", hex: "0304", owner: "p2", system: mrr({ strength: { value: 8, max: 8 } }) },
  ];
}

/**
 * Puts the world in the harness: the actors (in `game.actors`) with their cards, a token for each
 * at the centre of its hex on the viewed scene (`harness.placeToken`, the scene's padding counted),
 * and each side's player owning its documents (p1 NATO, p2 WP). The scene has no terrain yet.
 */
export function buildBoardWorld(): Map<string, FakeActorT> {
  return placeWorld(specs());
}

/** Puts `list` in the harness as `buildBoardWorld` does: each actor with its cards, its token at its hex's centre, its owner. */
export function placeWorld(list: readonly Spec[]): Map<string, FakeActorT> {
  const actors = new Map<string, FakeActorT>();
  for (const spec of list) {
    const actor = new harness.Actor({ id: spec.id, name: spec.name, type: spec.type, system: spec.system });
    for (const item of spec.items ?? []) actor.addItem({ id: item.id, name: item.name, type: "supportCard", system: item.system });
    const { col, row } = offsetOf(spec.hex);
    harness.placeToken(actor, col, row);
    sheetsFake.actors.push(actor);
    chatFake.own(actor, spec.owner);
    actors.set(spec.id, actor);
  }
  return actors;
}

/**
 * A fresh harness on the board game's world: the stand-ins reset, the kept terrain read dropped, a
 * viewed scene with the world's tokens and `boardMap` as its terrain.
 */
export function stageBoardWorld(): Map<string, FakeActorT> {
  harness.reset();
  sheetsFake.reset();
  chatFake.reset();
  forgetTerrain();
  harness.viewScene();
  const actors = buildBoardWorld();
  harness.setSceneFlag("terrain", boardMap());
  return actors;
}
