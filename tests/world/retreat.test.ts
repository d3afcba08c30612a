/**
 * Retreat planning on the board (src/world/retreat.ts): the legal next hexes, the proposed path back
 * towards the unit's HQ and around enemies, the longest legal retreat when a full one cannot be made
 * (and its shortfall), and the GM's check of a path. The world is the board game's
 * (tests/turn/board-world.ts): NATO 34/36 PzBrig at 0201/0202 (I Corps 0102), WP 1/2/3 MRR at
 * 0301/0303/0304 (1 GTA 0502).
 */
import "../harness/install";
import { beforeEach, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry";
import { sheetsFake } from "../harness/sheets-fake";
import { stageBoardWorld } from "../turn/board-world";
import { unitSystem } from "../apps/ground-combat/fixture";
import { offsetOf } from "../../src/map/hex-grid";
import { readBattlefield, forgetTerrain } from "../../src/world/read";
import type { Battlefield } from "../../src/world/battlefield";
import {
  checkRetreat,
  completeRetreat,
  nextRetreatHexes,
  proposeRetreat,
  retreatChoices,
  retreaterOf,
  type Retreater,
} from "../../src/world/retreat";

function who(field: Battlefield, actor: string): Retreater {
  const found = retreaterOf(field, actor);
  if ("refused" in found) throw new Error(`refused: ${JSON.stringify(found.refused)}`);
  return found;
}

const codes = (check: ReturnType<typeof checkRetreat>) => (check.ok ? [] : check.refusals.map((r) => r.code));

beforeEach(() => void stageBoardWorld());

describe("the proposed retreat", () => {
  it("goes back towards the unit's own HQ, each hex one further from the start", () => {
    const field = readBattlefield();
    // 1 MRR (0301) heads for 1 GTA (0502): 0401, then the HQ's own hex.
    const w1 = who(field, "Actor.w1");
    expect(w1.goal).toBe("0502");
    expect(proposeRetreat(field, w1, 2)).toEqual({ path: ["0401", "0502"], longest: 2, shortfall: 0 });
    // 34 PzBrig (0201) heads for I Corps (0102), then on away from the fight.
    expect(proposeRetreat(field, who(field, "Actor.n34"), 3)).toEqual({ path: ["0102", "0103", "0104"], longest: 3, shortfall: 0 });
  });

  it("goes around enemies: never into a hex next to an enemy unit", () => {
    const field = readBattlefield();
    const n36 = who(field, "Actor.n36");
    // From 0202: 0201 is next to 1 MRR, 0302 next to 1 and 2 MRR, 0203 next to 2 and 3 MRR, 0303 holds 2 MRR.
    expect(nextRetreatHexes(field, n36, "0202", 0)).toEqual(["0102", "0103"]);
    // An enemy unit standing at 0101 closes 0102 too (it is next to it): the proposal takes 0103.
    const raider = new harness.Actor({ id: "raid", name: "Raiders", type: "unit", system: unitSystem("wp", { arm: "motorRifle" }) });
    sheetsFake.actors.push(raider);
    harness.placeToken(raider, offsetOf("0101").col, offsetOf("0101").row);
    const closer = readBattlefield();
    expect(nextRetreatHexes(closer, who(closer, "Actor.n36"), "0202", 0)).toEqual(["0103"]);
    expect(proposeRetreat(closer, who(closer, "Actor.n36"), 1).path).toEqual(["0103"]);
  });

  it("when no full retreat exists: the longest legal one, and the hexes short", () => {
    const field = readBattlefield();
    // 36 PzBrig has the map's west edge behind it: two hexes at most (0102, 0101), a retreat of 3 is 1 short.
    expect(proposeRetreat(field, who(field, "Actor.n36"), 3)).toEqual({ path: ["0102", "0101"], longest: 2, shortfall: 1 });
  });

  it("offers as choices only the hexes from which the retreat stays as long as it can be, and completes a changed path", () => {
    const field = readBattlefield();
    const n34 = who(field, "Actor.n34");
    // From 0201, 0101 leads nowhere further away (0102 is no further from 0201), 0102 leads on.
    expect(nextRetreatHexes(field, n34, "0201", 0)).toEqual(["0101", "0102"]);
    expect(retreatChoices(field, n34, 2, ["0102", "0103"], 0)).toEqual(["0102"]);
    expect(retreatChoices(field, n34, 2, ["0102", "0103"], 1)).toEqual(["0103"]);
    // 3 MRR (0304) may retreat 3 hexes by 0403; 0404 leads to 0504 and no further, so it is no choice, and a path
    // through it is completed as far as it goes (the check then refuses it as too short).
    const w3 = who(field, "Actor.w3");
    expect(proposeRetreat(field, w3, 3).path).toEqual(["0403", "0402", "0502"]);
    expect(nextRetreatHexes(field, w3, "0304", 0)).toContain("0404");
    expect(retreatChoices(field, w3, 3, ["0403", "0402", "0502"], 0)).not.toContain("0404");
    expect(completeRetreat(field, w3, 3, ["0404"])).toEqual(["0404", "0504"]);
    expect(codes(checkRetreat(field, w3, 3, ["0404", "0504"]))).toEqual(["tooShort"]);
  });

  it("reads an HQ too: it heads for its parent HQ, or anywhere when it has none on the map", () => {
    const field = readBattlefield();
    const gta = who(field, "Actor.gta");
    expect(gta).toMatchObject({ kind: "hq", goal: null });
    expect(proposeRetreat(field, gta, 4).longest).toBe(4);
  });

  it("an HQ met alone by an overrun leaves the hex it shares with the overrunner: that unit does not bar the way out", async () => {
    // 34 PzBrig has overrun 1 GTA (0502) and stands in its hex; the HQ owes a retreat. Every hex next to
    // 0502 is next to 34 PzBrig, so counting it would leave the HQ no way out at all.
    const gta = harness.scene!.tokens.find((t) => t.actorId === "gta")!;
    await harness.scene!.tokens.find((t) => t.actorId === "n34")!.update({ x: gta.x, y: gta.y });
    const field = readBattlefield();
    const hq = who(field, "Actor.gta");
    const proposal = proposeRetreat(field, hq, 2);
    expect(proposal).toMatchObject({ longest: 2, shortfall: 0 });
    expect(checkRetreat(field, hq, 2, proposal.path).ok).toBe(true);
  });

  it("refuses to read a retreat without a map", () => {
    harness.setSceneFlag("terrain", undefined);
    forgetTerrain();
    expect(retreaterOf(readBattlefield(), "Actor.n36")).toMatchObject({ refused: { code: "noMap" } });
    expect(retreaterOf(readBattlefield(), "Actor.nobody")).toMatchObject({ refused: { code: "notFound" } });
  });
});

describe("the GM's check of a retreat path", () => {
  it("accepts a legal path of the full length, or the longest when that is all there is", () => {
    const field = readBattlefield();
    expect(checkRetreat(field, who(field, "Actor.n34"), 2, ["0102", "0103"])).toEqual({ ok: true, retreated: 2, shortfall: 0 });
    expect(checkRetreat(field, who(field, "Actor.n36"), 3, ["0103", "0104"])).toEqual({ ok: true, retreated: 2, shortfall: 1 });
  });

  it("refuses a jump, a hex no further away, a hex next to enemies, a path too short or too long; each names the hex's field", () => {
    const field = readBattlefield();
    const n34 = who(field, "Actor.n34");
    expect(codes(checkRetreat(field, n34, 2, ["0103", "0104"]))).toEqual(["notAdjacent"]);
    expect(codes(checkRetreat(field, n34, 2, ["0102", "0101"]))).toEqual(["notAway"]);
    expect(codes(checkRetreat(field, n34, 2, ["0202", "0203"]))).toEqual(["nearEnemy"]);
    expect(codes(checkRetreat(field, n34, 2, ["0102"]))).toEqual(["tooShort"]);
    expect(codes(checkRetreat(field, n34, 2, []))).toEqual(["tooShort"]);
    expect(codes(checkRetreat(field, n34, 1, ["0102", "0103"]))).toEqual(["tooLong"]);
    expect(codes(checkRetreat(field, n34, 2, ["0102", "9999"]))).toEqual(["offMap"]);
    const bad = checkRetreat(field, n34, 2, ["0102", "0202"], "units.0.path");
    expect(bad).toMatchObject({ ok: false, refusals: [{ code: "notAway", field: "units.0.path.1" }] });
    // 36 PzBrig stopping after one hex when two can be made is refused: a retreat stops short only when blocked.
    expect(codes(checkRetreat(field, who(field, "Actor.n36"), 3, ["0102"]))).toEqual(["tooShort"]);
  });
});
