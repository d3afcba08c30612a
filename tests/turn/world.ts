/**
 * The world of the full scripted turn (tests/turn/full-turn.test.ts): a small front on the 4 × 3
 * test map (tests/map/fixture.ts, the same hexes as tests/apps/ground-combat/fixture.ts), one HQ
 * per side with its support cards, and both air forces with an airbase each in the air zone 2ATAF.
 *
 *   0101 NATO Recce Bn (march)   0201 NATO 34 PzBrig (town)   0301 WP 1 MRR (woods)           0401 (city)
 *   0102 NATO I Corps HQ         0202 NATO 36 PzBrig          0302 WP 2 MRR, 3 MRR (marsh)    0402 WP 1 GTA HQ
 *
 * Air: NATO F-15 (AAM), F-16, A-10 and Tornado at Bitburg; WP MiG-29, MiG-23 and Su-25 at Templin.
 * Keys (`n34`, `f15`, …) are the actor ids, so `Actor.<key>` is each UUID.
 */
import { harness, type FakeActorT } from "../harness/foundry";
import "../harness/sheets-fake";
import { chatFake } from "../harness/chat-fake";
import { loadActors } from "../harness/actors";
import { hexCentre, offsetOf } from "../../src/map/hex-grid";
import { smallMap } from "../map/fixture";
import { cardSystem, hqSystem, squadronSystem, unitSystem } from "../apps/ground-combat/fixture";

type Raw = Record<string, unknown>;

export const ZONE = "2ATAF";
const at = (hex: string) => hexCentre(offsetOf(hex), 100);

/** An actor of a scripted game's world, with its hex (if it has a token) and the player who owns it. */
export interface Spec {
  readonly id: string;
  readonly name: string;
  readonly type: "unit" | "hq" | "airSquadron" | "airbase";
  readonly system: Raw;
  readonly hex?: string;
  readonly owner: "p1" | "p2";
  readonly items?: readonly { id: string; name: string; system: Raw }[];
}

/** A support card's system as the scripted games hold it: a combat modifier's value is its modifier. */
export const card = (
  side: "nato" | "wp",
  category: string,
  value: number,
  afterUse: "keep" | "discard",
  assignedTo: string | null = null,
): Raw => ({
  ...cardSystem(side, category, value, assignedTo),
  modifier: category === "combatModifier" ? value : 0,
  afterUse,
});

const jet = (side: "nato" | "wp", nationality: string, airbase: string, extra: Raw): Raw =>
  squadronSystem(side, { nationality, box: "ready", airZone: ZONE, airbase: `Actor.${airbase}`, cas: 0, deepStrike: 0, ...extra });

export function specs(): Spec[] {
  return [
    // NATO: I Corps and its brigades. Every unit starts with 2 SP; 36 PzBrig and the Recce Bn spent MP last turn.
    {
      id: "icorps",
      name: "I Corps",
      type: "hq",
      hex: "0102",
      owner: "p1",
      system: hqSystem("nato", { supplyCounters: 0 }),
      items: [
        // Assigned last turn (Planning), so the new turn's entry ends the assignment.
        { id: "cart", name: "Corps artillery", system: card("nato", "combatModifier", 2, "keep", "Actor.n34") },
        { id: "cint", name: "Fernspäher", system: card("nato", "intelligence", 1, "keep") },
        { id: "crec", name: "RF-4E Recce", system: card("nato", "airRecce", 1, "keep") },
        { id: "clance", name: "Lance", system: card("nato", "ssm", 3, "discard") },
        { id: "csig", name: "Fernmelder", system: card("nato", "signals", 1, "discard") },
      ],
    },
    { id: "n34", name: "34 PzBrig", type: "unit", hex: "0201", owner: "p1", system: unitSystem("nato", { hq: "Actor.icorps" }) },
    {
      id: "n36",
      name: "36 PzBrig",
      type: "unit",
      hex: "0202",
      owner: "p1",
      system: unitSystem("nato", { hq: "Actor.icorps", movementPoints: 1 }),
    },
    {
      id: "nrec",
      name: "Recce Bn",
      type: "unit",
      hex: "0101",
      owner: "p1",
      system: unitSystem("nato", { hq: "Actor.icorps", size: "battalion", arm: "recce", mode: "march", movementPoints: 2 }),
    },
    // WP: 1 GTA and its regiments.
    {
      id: "gta",
      name: "1 GTA",
      type: "hq",
      hex: "0402",
      owner: "p2",
      system: hqSystem("wp", { level: { value: 3, max: 4 }, radius: 4, supplyCounters: 0 }),
      items: [{ id: "cbar", name: "Front barrage", system: card("wp", "combatModifier", 1, "keep", "Actor.w1") }],
    },
    {
      id: "w1",
      name: "1 MRR",
      type: "unit",
      hex: "0301",
      owner: "p2",
      system: unitSystem("wp", { hq: "Actor.gta", arm: "motorRifle", strength: { value: 6, max: 6 } }),
    },
    {
      id: "w2",
      name: "2 MRR",
      type: "unit",
      hex: "0302",
      owner: "p2",
      system: unitSystem("wp", { hq: "Actor.gta", arm: "motorRifle", strength: { value: 6, max: 6 } }),
    },
    {
      id: "w3",
      name: "3 MRR",
      type: "unit",
      hex: "0302",
      owner: "p2",
      system: unitSystem("wp", { hq: "Actor.gta", arm: "motorRifle", mode: "march", movementPoints: 6 }),
    },
    // The air forces of zone 2ATAF.
    {
      id: "bitburg",
      name: "Bitburg",
      type: "airbase",
      owner: "p1",
      system: { side: "nato", airZone: ZONE, baseCapacity: 2, hits: { repairable: 0, permanent: 0 }, airDefence: { value: 3, max: 3 } },
    },
    {
      id: "templin",
      name: "Templin",
      type: "airbase",
      owner: "p2",
      system: { side: "wp", airZone: ZONE, baseCapacity: 2, hits: { repairable: 0, permanent: 0 }, airDefence: { value: 2, max: 3 } },
    },
    {
      id: "f15",
      name: "36 TFW (F-15)",
      type: "airSquadron",
      owner: "p1",
      system: jet("nato", "us", "bitburg", { airToAir: 5, weapons: [{ kind: "aam", name: "AIM-7" }] }),
    },
    {
      id: "f16",
      name: "50 TFW (F-16)",
      type: "airSquadron",
      owner: "p1",
      system: jet("nato", "us", "bitburg", { airToAir: 4, cas: 3, deepStrike: 2 }),
    },
    { id: "a10", name: "81 TFW (A-10)", type: "airSquadron", owner: "p1", system: jet("nato", "us", "bitburg", { airToAir: 1, cas: 5 }) },
    {
      id: "tornado",
      name: "IX Sqn (Tornado)",
      type: "airSquadron",
      owner: "p1",
      system: jet("nato", "uk", "bitburg", { airToAir: 2, cas: 2, deepStrike: 5 }),
    },
    { id: "mig29", name: "33 IAP (MiG-29)", type: "airSquadron", owner: "p2", system: jet("wp", "su", "templin", { airToAir: 5 }) },
    {
      id: "mig23",
      name: "833 IAP (MiG-23)",
      type: "airSquadron",
      owner: "p2",
      system: jet("wp", "su", "templin", { airToAir: 3, cas: 2 }),
    },
    {
      id: "su25",
      name: "357 OShAP (Su-25)",
      type: "airSquadron",
      owner: "p2",
      system: jet("wp", "su", "templin", { airToAir: 1, cas: 4 }),
    },
  ];
}

/**
 * Puts the world in the harness: the actors (in `game.actors`), their cards, their tokens on the
 * viewed scene whose terrain flag is the test map, and each side's player owning its documents
 * (p1 NATO, p2 WP). Call after the harness and the fakes are reset.
 */
export function buildWorld(): Map<string, FakeActorT> {
  const seeds = specs();
  const actors = loadActors(seeds, at);
  for (const spec of seeds) chatFake.own(actors.get(spec.id)!, spec.owner);
  harness.setSceneFlag("terrain", smallMap());
  return actors;
}

/** What the turn test asserts of each document: the fields the rules read or write. */
export type WorldState = Record<string, Raw>;

/** Every actor of the world mapped to the fields that matter for its type (cards under their HQ). */
export function worldState(actors: ReadonlyMap<string, FakeActorT>): WorldState {
  const out: WorldState = {};
  for (const [key, actor] of actors) {
    const s = actor.system;
    switch (actor.type) {
      case "unit":
        out[key] = {
          strength: (s["strength"] as Raw)["value"],
          supply: s["supply"],
          mode: s["mode"],
          movementPoints: s["movementPoints"],
          noMove: s["noMove"],
        };
        break;
      case "hq":
        out[key] = {
          level: (s["level"] as Raw)["value"],
          cards: Object.fromEntries(actor.items.map((i) => [i.id, i.system["assignedTo"]])),
        };
        break;
      case "airSquadron":
        out[key] = {
          box: s["box"],
          airZone: s["airZone"],
          airbase: s["airbase"],
          weapons: (s["weapons"] as { name: string }[]).map((w) => w.name),
        };
        break;
      case "airbase":
        out[key] = { hits: s["hits"], airDefence: (s["airDefence"] as Raw)["value"] };
        break;
    }
  }
  return out;
}
