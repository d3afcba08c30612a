/**
 * The starter scenario's timetable (issue #31 item 6): the scene's flag `nobc.timetable` reads
 * with the schema the tracker reads it with, holds at least one arrival and one withdrawal, names
 * only actors of the adventure, and is playable: an arriving unit has no turn-0 token and arrives on
 * its own side's ground without breaking the stacking limits; a withdrawing one stands on the map.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { countryOf, mapView, terrainOf } from "../../src/map/rules-view";
import { parseTerrainMap } from "../../src/map/terrain-schema";
import { checkStacking } from "../../src/rules/nobc/land/stacking";
import { adventureDocument, idOfUuid } from "../../src/schemas/index";
import { readTimetable } from "../../src/schemas/timetable";
import { dueAt } from "../../src/combat/timetable";
import { manifest, readSources, ROOT } from "./load";

const pack = manifest().packs.find((p) => p.name === "starter-scenario")!;
const adventure = adventureDocument.parse(readSources(pack.source)[0]!.data);
const scene = adventure.scenes[0]!;
const map = parseTerrainMap(JSON.parse(readFileSync(path.join(ROOT, "packs/_map/sector-hanover.json"), "utf8")), "sector-hanover.json");
const view = mapView(map);
const actorsById = new Map(adventure.actors.map((a) => [a._id, a]));

const read = readTimetable((scene.flags.nobc as { timetable?: unknown }).timetable);
const timetable = (read.ok ? read.timetable : null)!;

describe("the starter scenario's timetable", () => {
  it("reads with the tracker's schema and holds an arrival and a withdrawal", () => {
    expect(read).toMatchObject({ ok: true });
    expect(timetable).not.toBeNull();
    const kinds = timetable.entries.map((e) => e.kind);
    expect(kinds).toContain("arrive");
    expect(kinds).toContain("withdraw");
    expect(dueAt(timetable, 1, "movement").map((e) => e.kind)).toEqual(["arrive"]);
    expect(dueAt(timetable, 2, "orders").map((e) => e.kind)).toEqual(["withdraw", "event"]);
  });

  it("names only actors of the adventure", () => {
    for (const e of timetable.entries) {
      const ref = e.kind === "arrive" || e.kind === "withdraw" ? e.actor : e.kind === "mobilise" || e.kind === "deal" ? e.hq : null;
      if (ref !== null) expect(actorsById.has(idOfUuid(ref)), `${e.kind} ${ref}`).toBe(true);
    }
  });

  it("an arriving unit has no turn-0 token and arrives on its side's ground, in an area of map hexes, within the stacking limits", () => {
    const tokenActors = new Set(scene.tokens.map((t) => t.actorId));
    for (const e of timetable.entries) {
      if (e.kind !== "arrive") continue;
      const actor = actorsById.get(idOfUuid(e.actor))!;
      expect(tokenActors.has(actor._id), actor.name).toBe(false);
      const hexes = e.hex !== undefined ? [e.hex] : timetable.areas[e.area!]!;
      const home = actor.system.side === "nato" ? "frg" : "gdr";
      for (const hex of hexes) {
        expect(map.hexes[hex], hex).toBeDefined();
        expect(countryOf(view, hex), `${actor.name} at ${hex}`).toBe(home);
        // Nothing stands there at turn 0, so the arrival alone is checked.
        expect(
          scene.tokens.some((t) => (t.flags.nobc as { hex?: string } | undefined)?.hex === hex),
          hex,
        ).toBe(false);
        if (actor.type !== "unit") continue; // an HQ is not counted for stacking
        const unit = { id: actor._id, name: actor.name, size: actor.system.size, arm: actor.system.arm, mode: e.mode ?? actor.system.mode };
        expect(checkStacking([{ hex, terrain: terrainOf(view, hex), units: [unit] }])).toEqual([]);
      }
    }
  });

  it("a withdrawing unit stands on the map at turn 0", () => {
    const tokenActors = new Set(scene.tokens.map((t) => t.actorId));
    for (const e of timetable.entries) if (e.kind === "withdraw") expect(tokenActors.has(idOfUuid(e.actor))).toBe(true);
  });

  it("the adventure's schema refuses a broken timetable and one naming an actor not in the adventure, with the field's path", () => {
    const source = () =>
      structuredClone(readSources(pack.source)[0]!.data) as {
        scenes: { flags: { nobc: { timetable: { entries: Record<string, unknown>[] } } } }[];
      };
    const paths = (data: unknown) => {
      const parsed = adventureDocument.safeParse(data);
      return parsed.success ? [] : parsed.error.issues.map((i) => i.path.join("."));
    };
    const badHex = source();
    badHex.scenes[0]!.flags.nobc.timetable.entries[1]!["area"] = "nowhere";
    expect(paths(badHex)).toEqual(["scenes.0.flags.nobc.timetable.entries.1.area"]);
    const stranger = source();
    stranger.scenes[0]!.flags.nobc.timetable.entries[2]!["actor"] = "Actor.BBBBBBBBBBBBBBBB";
    expect(paths(stranger)).toEqual(["scenes.0.flags.nobc.timetable.entries.2.actor"]);
  });
});
