import { describe, expect, it } from "vitest";
import { scriptedDice } from "../../../src/rules/dice";
import { unwrap } from "../../../src/rules/resolution";
import {
  AIRCRAFT_WEIGHT,
  aaAgainst,
  airCanDisorganise,
  resolveAirFireplan,
  resolveRestoringDiscipline,
  type AaStand,
  type AirStand,
} from "../../../src/rules/nqm/index";

const stuka: AirStand = { actor: "Actor.ju87", name: "Ju 87", role: "groundAttack", engines: 1, altitude: "low" };
const he111: AirStand = { actor: "Actor.he111", name: "He 111", role: "bomber", engines: 2, altitude: "high", heavyBomber: false };
const flak: AaStand = { actor: "Actor.flak", name: "AA platoon", strength: 1, red: 0, black: 0, protection: "L", dice: 1, weight: "L" };
const target = {
  actor: "Actor.coy",
  name: "Rifle Coy",
  stands: [{ actor: "Actor.coy", strength: 3, red: 0, black: 0, protection: "M" as const }],
};

describe("the air-to-ground fireplan (seed 004, The Fireplan - Air to Ground Fire)", () => {
  it("counts air M from low level and H from high; fighters fire M, ground attack and bombers H, one CU per engine", () => {
    expect(aaAgainst([stuka])).toBe("M");
    expect(aaAgainst([he111])).toBe("H");
    expect(AIRCRAFT_WEIGHT).toEqual({ fighter: "M", groundAttack: "H", bomber: "H" });
  });

  it("the AA fires first: a 6 (L on M, Table 12 row −1) neutralises the Stuka, which never reaches the target", () => {
    const r = unwrap(resolveAirFireplan({ aircraft: [stuka], aa: [flak], target }, scriptedDice([6])));
    expect(r.rolls).toEqual([6]);
    expect(r.outcome).toMatchObject({ airNeutralised: ["Actor.ju87"], aaNeutralised: [], reachedTarget: false });
    expect(r.effects).toEqual([
      { type: "ammo", actor: "Actor.flak", delta: -1 },
      { type: "pins", actor: "Actor.ju87", red: 1, black: 0 },
    ]);
  });

  it("AA missed, the Stuka neutralises it (H on L: a 4 scores 2), then goes on and disorganises the dug-in company", () => {
    // AA die 1 (miss); the Stuka's one CU at the flak: 4 → 2 hits on one base; then at the company (H on M): 5 → 2 hits.
    const r = unwrap(resolveAirFireplan({ aircraft: [stuka], aa: [flak], target }, scriptedDice([1, 4, 5])));
    expect(r.outcome).toMatchObject({ airNeutralised: [], aaNeutralised: ["Actor.flak"], reachedTarget: true, targetHits: 2 });
    expect(r.outcome.targetDisorganised).toBe(true);
    expect(r.effects).toContainEqual({ type: "disorganised", actor: "Actor.coy", value: true, hours: 1 });
    expect(r.effects).toContainEqual({ type: "pins", actor: "Actor.coy", red: 2, black: 0 });
  });

  it("with no AA the air goes straight for the target; fortified troops are disorganised only by heavy bombers", () => {
    const fort = { ...target, stands: [{ ...target.stands[0]!, protection: "H" as const }] };
    const r = unwrap(resolveAirFireplan({ aircraft: [he111], aa: [], target: fort }, scriptedDice([6, 6])));
    expect(r.outcome.reachedTarget).toBe(true);
    expect(r.outcome.targetDisorganised).toBe(false);
    expect(airCanDisorganise("H", "H", true)).toBe(true);
    expect(airCanDisorganise("M", "M", false)).toBe(true);
    expect(airCanDisorganise("M", "H", false)).toBe(false);
  });

  it("refuses no aircraft, an engine count below one and a bad AA stand, naming the field", () => {
    const none = resolveAirFireplan({ aircraft: [], aa: [], target }, scriptedDice([]));
    expect(none.ok ? [] : none.refusals.map((x) => x.field)).toEqual(["aircraft"]);
    const bad = resolveAirFireplan({ aircraft: [{ ...stuka, engines: 0 }], aa: [{ ...flak, dice: 1.5 }] }, scriptedDice([]));
    expect(bad.ok ? [] : bad.refusals.map((x) => x.field)).toEqual(["aircraft[0].engines", "aa[0].dice"]);
  });
});

describe("Restoring Discipline (seed 004, House Rule - Restoring Discipline)", () => {
  const unit = { actor: "Actor.coy", name: "Rifle Coy", strength: 3, red: 1, black: 0, protection: "L" as const };
  const commissar = { actor: "Actor.hq", name: "Commissar", weight: "L" as const };

  it("one CU at its own unit: the hits are black pins at once and the unit passes (no longer disorganised)", () => {
    // L on L, a 6 scores 2 (Table 12 row 0): two free bases take black pins.
    const r = unwrap(resolveRestoringDiscipline({ unit, firer: commissar }, scriptedDice([6])));
    expect(r.outcome).toEqual({ hits: 2, blackPins: 2, basesLost: 0, passed: true });
    expect(r.effects).toEqual([
      { type: "pins", actor: "Actor.coy", red: 0, black: 2 },
      { type: "disorganised", actor: "Actor.coy", value: false },
    ]);
  });

  it("a hit beyond the free bases destroys a base, with its red pin", () => {
    const full = { ...unit, red: 2, black: 0 };
    const r = unwrap(resolveRestoringDiscipline({ unit: full, firer: { ...commissar, weight: "H" } }, scriptedDice([6])));
    // H on L reads row +2: a 6 scores 4; one free base takes a black pin, three overloads destroy three bases.
    expect(r.outcome).toMatchObject({ hits: 4, blackPins: 1, basesLost: 3 });
    expect(r.effects[0]).toEqual({ type: "pins", actor: "Actor.coy", red: -2, black: 0 });
  });

  it("refuses a unit carrying more pins than bases, naming the field", () => {
    const r = resolveRestoringDiscipline({ unit: { ...unit, red: 4 }, firer: commissar }, scriptedDice([]));
    expect(r.ok ? [] : r.refusals.map((x) => x.field)).toEqual(["unit[0]"]);
  });
});
