import { describe, expect, it } from "vitest";
import {
  battleZones,
  cardRecords,
  combatFor,
  currentLineUp,
  currentSorties,
  readRecord,
  squadronsInZone,
  type LineUpRecord,
} from "../../../../src/apps/air/battle/records";
import { battle, card, squadron } from "./fixtures";

const lineUp = (over: Partial<LineUpRecord> = {}): LineUpRecord => ({
  kind: "lineUp",
  zone: "North",
  wpLine: ["Actor.mig29", "Actor.mig23"],
  ...over,
});

describe("records on the GM's cards", () => {
  it("reads a well-formed record and ignores anything else", () => {
    expect(readRecord({ airBattle: { kind: "airCombat", zone: "North", lineUp: "m1" } })).toEqual({
      kind: "airCombat",
      zone: "North",
      lineUp: "m1",
    });
    expect(readRecord({ airBattle: { kind: "airCombat", zone: "North" } })).toBeUndefined();
    expect(readRecord({ airBattle: { kind: "nonsense" } })).toBeUndefined();
    expect(readRecord({ effects: [] })).toBeUndefined();
    expect(readRecord(null)).toBeUndefined();
    expect(readRecord("x")).toBeUndefined();
  });

  it("collects records from the GM's cards in order, with their card state (pending when unknown); a player's message counts for nothing", () => {
    const rec = { kind: "airCombat", zone: "N", lineUp: "m0" };
    const gm = { isGM: true };
    const card = (id: string | null, system: object, author: { isGM: boolean } = gm) => ({ id, type: "resolution", system, author });
    const records = cardRecords([
      card("a", { state: "applied", records: { airBattle: rec } }),
      card("b", { state: "reverted", records: { airBattle: rec } }),
      card("c", { records: { airBattle: rec } }),
      card(null, { records: { airBattle: rec } }),
      card("e", { state: "applied", records: { airBattle: rec } }, { isGM: false }),
      { id: "f", type: "base", system: { state: "applied", records: { airBattle: rec } }, author: gm },
      { id: "d", author: gm },
    ]);
    expect(records.map((r) => [r.messageId, r.state])).toEqual([
      ["a", "applied"],
      ["b", "reverted"],
      ["c", "pending"],
    ]);
  });
});

describe("battle zones", () => {
  const a10 = squadron("a10", { box: "cas", airZone: "North" });
  const mig = squadron("mig", { side: "wp", box: "airSuperiority", airZone: "North" });
  const ready = squadron("ready", { box: "ready" });

  it("a squadron on a mission fights in the target zone of the applied allocation that put it in its box", () => {
    const records = [
      card(
        { kind: "allocation", side: "nato", zone: "North", missions: [{ squadron: a10.id, box: "cas", targetZone: "South" }] },
        "applied",
      ),
    ];
    const zones = battleZones([a10, mig, ready], records);
    expect(zones.get(a10.id)).toBe("South");
    expect(zones.get(mig.id)).toBe("North");
    expect(squadronsInZone([a10, mig, ready], zones, "South")).toEqual([a10]);
  });

  it("ignores pending allocations, other boxes, and squadrons not on a mission", () => {
    const records = [
      card(
        { kind: "allocation", side: "nato", zone: "North", missions: [{ squadron: a10.id, box: "cas", targetZone: "South" }] },
        "pending",
      ),
      card(
        { kind: "allocation", side: "nato", zone: "North", missions: [{ squadron: a10.id, box: "deepStrike", targetZone: "East" }] },
        "applied",
      ),
      card(
        { kind: "allocation", side: "nato", zone: "North", missions: [{ squadron: ready.id, box: "cas", targetZone: "East" }] },
        "applied",
      ),
    ];
    const zones = battleZones([a10, ready], records);
    expect(zones.get(a10.id)).toBe("North");
    expect(zones.get(ready.id)).toBe("North");
  });

  it("the latest applied allocation wins", () => {
    const records = [
      card(
        { kind: "allocation", side: "nato", zone: "North", missions: [{ squadron: a10.id, box: "cas", targetZone: "South" }] },
        "applied",
      ),
      card(
        { kind: "allocation", side: "nato", zone: "North", missions: [{ squadron: a10.id, box: "cas", targetZone: "East" }] },
        "applied",
      ),
    ];
    expect(battleZones([a10], records).get(a10.id)).toBe("East");
  });
});

describe("the current line-up", () => {
  const squadrons = battle();

  it("is the latest line-up of the zone whose WP line is the WP fighters there", () => {
    const old = card(lineUp({ wpLine: ["Actor.mig23"] }));
    const latest = card(lineUp());
    expect(currentLineUp([old, latest], "North", squadrons)).toBe(latest);
    expect(currentLineUp([latest, old], "North", squadrons)).toBeUndefined();
    expect(currentLineUp([latest], "South", squadrons)).toBeUndefined();
  });

  it("does not count a reverted card, or one naming NATO squadrons no longer in the box", () => {
    expect(currentLineUp([card(lineUp(), "reverted")], "North", squadrons)).toBeUndefined();
    const gone = card(lineUp({ natoOpposite: [{ nato: "Actor.gone", wp: "Actor.mig29" }] }));
    expect(currentLineUp([gone], "North", squadrons)).toBeUndefined();
  });

  it("a complete line-up must name every NATO fighter (placed or spare)", () => {
    const bouts = [
      { wp: "Actor.mig29", nato: "Actor.f15" },
      { wp: "Actor.mig23", nato: null },
    ];
    expect(
      currentLineUp([card(lineUp({ natoOpposite: [{ nato: "Actor.f15", wp: "Actor.mig29" }], bouts }))], "North", squadrons),
    ).toBeUndefined();
    const full = card(
      lineUp({ natoOpposite: [{ nato: "Actor.f15", wp: "Actor.mig29" }], bouts: [...bouts, { wp: null, nato: "Actor.f16" }] }),
    );
    expect(currentLineUp([full], "North", squadrons)).toBe(full);
  });

  it("finds the combat card of a line-up unless it was reverted", () => {
    const fought = card({ kind: "airCombat", zone: "North", lineUp: "L1" }, "applied");
    expect(combatFor([fought], "L1")).toBe(fought);
    expect(combatFor([fought], "L2")).toBeUndefined();
    expect(combatFor([card({ kind: "airCombat", zone: "North", lineUp: "L1" }, "reverted")], "L1")).toBeUndefined();
  });
});

describe("the current sortie selection", () => {
  const squadrons = battle();
  const sel = (flying: string[], intercepted: string[]) =>
    card({ kind: "sorties", zone: "North", side: "nato", status: { level: "contested", winner: null }, flying, intercepted });

  it("covers exactly the side's squadrons on ground missions in the zone", () => {
    const good = sel(["Actor.a10"], ["Actor.rf4"]);
    expect(currentSorties([good], "North", "nato", squadrons)).toBe(good);
    expect(currentSorties([sel(["Actor.a10"], [])], "North", "nato", squadrons)).toBeUndefined();
    expect(currentSorties([good], "North", "wp", squadrons)).toBeUndefined();
    expect(currentSorties([], "North", "nato", squadrons)).toBeUndefined();
  });
});
