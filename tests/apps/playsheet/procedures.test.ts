/**
 * Each Operational Playsheet procedure from its dialog's state: the chance of each outcome shown
 * before the roll, a scripted roll giving what seed 003 prints (the numbers checked against the
 * seed's own tables, not only the core), and the card drawn with the real template, its changes
 * listed for the umpire's map and nothing written.
 */
import { describe, expect, it } from "vitest";
import { movementController } from "../../../src/apps/playsheet/movement/controller";
import { combatController } from "../../../src/apps/playsheet/combat/controller";
import { overrunController } from "../../../src/apps/playsheet/overrun/controller";
import { artilleryController } from "../../../src/apps/playsheet/artillery/controller";
import { airSupportController } from "../../../src/apps/playsheet/air-support/controller";
import { airRecceController } from "../../../src/apps/playsheet/air-recce/controller";
import { airToAirController } from "../../../src/apps/playsheet/air-to-air/controller";
import { flakController } from "../../../src/apps/playsheet/flak/controller";
import { interdictionController } from "../../../src/apps/playsheet/interdiction/controller";
import { airResupplyController } from "../../../src/apps/playsheet/air-resupply/controller";
import { combatProcedure, newUnit } from "../../../src/apps/playsheet/combat/state";
import { movementProcedure } from "../../../src/apps/playsheet/movement/state";
import { outcomeSpread, faceRuns } from "../../../src/apps/playsheet/view";
import { scriptedDice } from "../../../src/rules/dice";
import { cardOf, dialogOf, env, openState } from "./fixture";

const chanceOf = (rows: readonly { label: string; chance: string }[] | undefined) =>
  Object.fromEntries((rows ?? []).map((r) => [r.label, r.chance]));

describe("movement calculator (seed 003, Movement)", () => {
  it("mechanised troops on open ground move at most 30 km tactically; 20 km is over half, so they fight next turn, and the move costs 1 fuel", async () => {
    const state = openState(movementController, {
      unit: "21 Pz Regt",
      troops: "mechanised",
      ground: "open",
      mode: "tactical",
      distanceKm: 20,
    });
    const { view } = dialogOf(movementController, state);
    expect(view.preview?.outcome).toBe("21 Pz Regt moves 20 km of at most 30 km: more than half its move, so it fights next turn.");
    expect(view.byHand).toEqual(["21 Pz Regt spends 1 fuel point."]);
    const { card, html } = await cardOf(movementController, state, []);
    expect(card.title).toBe("Movement: 21 Pz Regt");
    expect(card.resolution.effects).toEqual([]);
    expect(html).toContain("On your map");
    expect(html).toContain("<li>21 Pz Regt spends 1 fuel point.</li>");
  });

  it("15 km is half the move: it may still fight; an overrun may fight whatever it moved", () => {
    const half = openState(movementController, { unit: "A", troops: "tanks", ground: "open", mode: "tactical", distanceKm: 15 });
    expect(dialogOf(movementController, half).view.preview?.outcome).toContain("may still fight this turn");
    const overrun = { ...half, distanceKm: 30, overrun: true };
    expect(dialogOf(movementController, overrun).view.preview?.outcome).toContain("may still fight this turn");
  });

  it("road column and the river: recce may cross (100 km by road), tanks may not, motor-towed artillery only moves in road column (75 km)", () => {
    const recce = openState(movementController, {
      unit: "R",
      troops: "recce",
      ground: "close",
      mode: "roadColumn",
      distanceKm: 100,
      crossesRiver: true,
    });
    expect(dialogOf(movementController, recce).view.refusals).toEqual([]);
    const tanks = { ...recce, troops: "tanks" as const, ground: "open" as const, distanceKm: 64 };
    expect(dialogOf(movementController, tanks).view.refusals).toEqual(["R (tanks/SPGs) cannot cross a river."]);
    const guns = { ...recce, troops: "motorTowedArtillery" as const, mode: "tactical" as const, crossesRiver: false, distanceKm: 1 };
    expect(dialogOf(movementController, guns).view.refusals).toEqual([
      "R (motor-towed artillery) has no tactical move in the movement table.",
    ]);
    expect(dialogOf(movementController, { ...guns, mode: "roadColumn" as const, distanceKm: 76 }).view.refusals).toEqual([
      "R can move at most 75 km road column on close ground, not 76 km.",
    ]);
  });

  it("opens on the first selected token's name", () => {
    expect(movementProcedure.initial({ isGM: true, selected: ["3 Coy"], targeted: [] }).unit).toBe("3 Coy");
  });

  it("the dialog draws every field with its label and disables Post while refused", () => {
    const state = openState(movementController, { distanceKm: 99 });
    const { html } = dialogOf(movementController, state);
    expect(html).toContain('name="distanceKm"');
    expect(html).toContain("Crosses a river");
    expect(html).toMatch(/data-action="roll"\s+disabled/);
  });
});

/** Two armoured units of status 4 (8) against one defender of status 3: 8 − 3 = 5 before the die. */
function fight(breakthroughOrder: boolean) {
  return openState(breakthroughOrder ? overrunController : combatController, {
    attackers: [newUnit("1 Pz", "armour"), newUnit("2 Pz", "armour")].map((u) => ({ ...u, status: 4 })),
    defenders: [{ ...newUnit("7 Inf", "infantry"), status: 3 }],
    breakthroughOrder,
  });
}

describe("combat (seed 003, Combat formula and Results Table)", () => {
  it("shows the score before the die and the chance of each row: 5 + 1d6 gives limited success on 1–2, success on 3–6", () => {
    const { view } = dialogOf(combatController, fight(false));
    expect(view.chances?.intro).toContain("Score before the die: 5.");
    expect(view.chances?.rows.map((r) => [r.label, r.faces, r.chance])).toEqual([
      ["Success", "3–6", "66.7 %"],
      ["Limited success", "1–2", "33.3 %"],
    ]);
  });

  it("a die of 2: score 7, limited success: everyone −1, the defenders retire 2 km in the open and lose 1 supply point", async () => {
    const { card, view } = await cardOf(combatController, fight(false), [2]);
    expect(card.outcome).toBe("Limited success (score 7). The defenders retire 2 km. the defenders may counter-attack");
    expect(view.dice).toEqual([2]);
    expect(view.total).toBe("+7");
    expect(card.tableRow).toBe("Results table, score 5 … 7: Limited success");
    expect(card.byHand).toEqual([
      "1 Pz spends 1 ammunition point.",
      "2 Pz spends 1 ammunition point.",
      "1 Pz loses 1 status.",
      "2 Pz loses 1 status.",
      "7 Inf loses 1 status.",
      "7 Inf loses 1 supply point.",
      "7 Inf retires 2 km, in a direction its side chooses.",
    ]);
  });

  it("a die of 5: score 10, success: the retire is 1d6 km in the open (a 4: 4 km) and 1 supply point", async () => {
    const { card } = await cardOf(combatController, fight(false), [5, 4]);
    expect(card.outcome).toContain("Success (score 10). The defenders retire 4 km.");
    expect(card.resolution.rolls).toEqual([5, 4]);
  });

  it("in woods or close country a success retires 1d3 km (half a die rounded up: a 5 is 3 km)", async () => {
    const state = { ...fight(false), defenderGround: "close" as const };
    expect(dialogOf(combatController, state).view.chances?.rows[0]?.detail).toContain("half a die (rounded up)");
    const { card } = await cardOf(combatController, state, [5, 5]);
    expect(card.outcome).toContain("retire 3 km");
  });

  it("unprepared (−2), and a refusal names the unit when a factor does not fit its arm", () => {
    expect(dialogOf(combatController, { ...fight(false), prepared: false }).view.chances?.intro).toContain("Score before the die: 3.");
    const bad = fight(false);
    const wrong = { ...bad, defenders: [{ ...bad.defenders[0]!, outOfFuel: true }] };
    expect(dialogOf(combatController, wrong).view.refusals).toEqual([
      '7 Inf is infantry, so the factor "mechanised/armour with no fuel" cannot apply to it.',
    ]);
  });

  it("the form reads list rows by name; add and remove change the lists", () => {
    let s = combatProcedure.fromForm(fight(false), { "attackers.1.status": "6", "defenders.0.closeCountryVsTanks": true, prepared: false });
    expect(s.attackers[1]!.status).toBe(6);
    expect(s.defenders[0]!.closeCountryVsTanks).toBe(true);
    expect(s.prepared).toBe(false);
    s = combatProcedure.add!(s, "attackerArtillery");
    s = combatProcedure.add!(s, "defenders");
    expect([s.attackerArtillery.length, s.defenders.length]).toEqual([1, 2]);
    s = combatProcedure.remove!(s, "attackers", 0);
    expect(s.attackers.map((u) => u.name)).toEqual(["2 Pz"]);
  });

  it("opens on the selected tokens as attackers and the targeted ones as defenders", () => {
    const s = combatProcedure.initial({ isGM: true, selected: ["A1", "A2"], targeted: ["D1"] });
    expect([s.attackers.map((u) => u.name), s.defenders.map((u) => u.name)]).toEqual([["A1", "A2"], ["D1"]]);
  });
});

describe("overrun (seed 003, Results Table special results)", () => {
  it("states the three conditions; mostly armour with twice the status under a breakthrough order overruns", () => {
    const { view } = dialogOf(overrunController, fight(true));
    const hint = view.sections.at(-1)?.hint;
    expect(hint).toBe("Mostly armour: yes. Twice the status (8 against 3): yes. Breakthrough order: yes.");
    expect(view.chances?.rows.map((r) => r.detail)).toEqual([
      "attackers lose 2 each, defenders 1 each; defenders retire 1d6; defenders lose 1 supply point each; an overrun: the attackers pass through and may fight again",
      "attackers lose 2 each, defenders 1 each; defenders retire 2 km; defenders lose 1 supply point each; the defenders may counter-attack; an overrun: the attackers pass through but may not fight again",
    ]);
  });

  it("a limited success overruns with −1 extra on each attacker and no second fight", async () => {
    const { card } = await cardOf(overrunController, fight(true), [1]);
    expect(card.title).toBe("Overrun: 1 Pz, 2 Pz through 7 Inf");
    expect(card.outcome).toContain("an overrun: the attackers pass through but may not fight again");
    expect(card.byHand).toContain("1 Pz loses 2 status.");
  });
});

describe("supporting artillery and air support levels", () => {
  it("a medium battery of status 5 at 15 km adds half its status (2) and spends 1 ammunition", async () => {
    const state = openState(artilleryController, { battery: "II/AR 4", kind: "medium", status: 5, rangeKm: 15 });
    const { view, html } = dialogOf(artilleryController, state);
    expect(view.sections[0]!.hint).toBe("Full status up to 12 km, half status up to 20 km.");
    expect(view.preview?.total).toBe("+2");
    expect(html).toContain("Operational Playsheet: Supporting Artillery</cite>");
    const { card } = await cardOf(artilleryController, state, []);
    expect(card.outcome).toBe("II/AR 4 is at long range and adds half its status: 2.");
    expect(card.byHand).toEqual(["II/AR 4 spends 1 ammunition point."]);
  });

  it("6 German and 2 Allied ground-attack units: overwhelming, +8, with no total on the card", async () => {
    const state = openState(airSupportController, { german: 6, allied: 2 });
    const { card, view } = await cardOf(airSupportController, state, []);
    expect(card.outcome).toBe("overwhelming air support: 8 to the score.");
    expect(view.total).toBeNull();
    expect(card.byHand).toEqual([]);
  });
});

describe("air recce (seed 003, Air Recce)", () => {
  it("vehicles moving in the open: 2 spots the enemy, 3–4 the direction, 5 direction and type, 6 everything", async () => {
    const state = openState(airRecceController, { kind: "vehicles", moving: true, place: "open", unitsInSquare: 1 });
    expect(chanceOf(dialogOf(airRecceController, state).view.chances?.rows)).toEqual({
      nothing: "16.7 %",
      "enemy spotted": "16.7 %",
      "direction only": "33.3 %",
      "direction and type": "16.7 %",
      "direction, type and size": "16.7 %",
    });
    expect((await cardOf(airRecceController, state, [4])).card.outcome).toBe("The pilots report: direction only.");
  });

  it("more than 3 units in the square add 1: a 4 reads as a 5", async () => {
    const state = openState(airRecceController, { kind: "vehicles", moving: true, place: "open", unitsInSquare: 4 });
    const { card, view } = await cardOf(airRecceController, state, [4]);
    expect(card.outcome).toBe("The pilots report: direction and type.");
    expect(view.total).toBe("+5");
  });

  it("infantry in cover is not in the table: refused before the roll, no chances shown", () => {
    const state = openState(airRecceController, { kind: "infantry", place: "cover" });
    const { view } = dialogOf(airRecceController, state);
    expect(view.chances).toBeNull();
    expect(view.refusals[0]).toContain("not infantry in cover");
    expect(view.canSubmit).toBe(false);
  });
});

describe("air-to-air and the stream (seed 003, Air to Air Combat)", () => {
  const base = { aName: "JG 26", aSquadrons: 12, bName: "RAF", bSquadrons: 4 };

  it("12 against 4 is the 3-1 column: lose never, draw on 1–3, win on 4–6", () => {
    const { view } = dialogOf(airToAirController, openState(airToAirController, base));
    expect(view.chances?.intro).toBe("JG 26 rolls in the 3-1 column.");
    expect(view.chances?.rows.map((r) => [r.label, r.faces, r.chance])).toEqual([
      ["The larger side wins", "4–6", "50.0 %"],
      ["A draw", "1–3", "50.0 %"],
    ]);
  });

  it("a win on 4: the attacker loses 10 % of 4 (0), the defender 20 % of 12 (2.4, so 2); 12 squadrons reach the transports: 12 serials", async () => {
    const state = openState(airToAirController, { ...base, stream: "b", streamName: "Transport stream", streamTarget: "transport" });
    const { card, view } = await cardOf(airToAirController, state, [4]);
    expect(card.outcome).toBe(
      "The larger side wins (JG 26). JG 26 loses 0 squadrons, RAF loses 2 squadrons. Transport stream: 12 serials out of action.",
    );
    expect(view.total).toBeNull();
    expect(card.byHand).toEqual(["RAF loses 2 squadrons.", "Transport stream: 12 serials out of action."]);
  });

  it("against bombers a quarter of that: 12 squadrons through put 3 serials out of action", async () => {
    const state = openState(airToAirController, { ...base, stream: "b", streamName: "Bombers", streamTarget: "bomber" });
    expect((await cardOf(airToAirController, state, [6])).card.byHand).toContain("Bombers: 3 serials out of action.");
  });
});

describe("flak (seed 003, Losses from Flak)", () => {
  it("heavy flak on an overflight: loss on 6, damage on 5, no effect on 1–4; a serial already damaged is lost", async () => {
    const state = openState(flakController, {
      flak: "heavy",
      situation: "overflight",
      serials: [
        { name: "III/KG 2", damage: 1, fighters: false, carrying: false },
        { name: "II/TG 1", damage: 0, fighters: false, carrying: true },
      ],
    });
    expect(dialogOf(flakController, state).view.chances?.rows.map((r) => [r.label, r.faces, r.chance])).toEqual([
      ["loss", "6", "16.7 %"],
      ["damage", "5", "16.7 %"],
      ["none", "1–4", "66.7 %"],
    ]);
    const { card } = await cardOf(flakController, state, [5, 6]);
    expect(card.outcome).toBe("2 of 2 serials hit. Lost: III/KG 2.");
    expect(card.byHand).toEqual([
      "III/KG 2 takes 1 damage point.",
      "III/KG 2 is lost (its second damage point).",
      "II/TG 1 takes 1 damage point.",
      "II/TG 1 loses 1 status.",
    ]);
  });

  it("light flak within 2 km of a drop: loss on 5–6, damage on 4; fighters are not shot at on an overflight", () => {
    const drop = openState(flakController, { flak: "light", situation: "drop2km" });
    expect(dialogOf(flakController, drop).view.chances?.rows.map((r) => r.faces)).toEqual(["5–6", "4", "1–3"]);
    const fighters = { ...drop, situation: "overflight" as const, serials: [{ name: "JG 1", damage: 0, fighters: true, carrying: false }] };
    expect(dialogOf(flakController, fighters).view.refusals).toEqual([
      "JG 1 is a fighter unit, and overflight flak does not fire at fighters.",
    ]);
  });
});

describe("interdiction and flak suppression (seed 003, Bombing/Interdiction)", () => {
  it("3 tactical squadrons are row 2: loss and immobilise on 6, immobilise on 4–5, no effect on 1–3", async () => {
    const state = openState(interdictionController, { tactical: 3, targets: [{ name: "KGr Peiper" }, { name: "sPzAbt 501" }] });
    expect(dialogOf(interdictionController, state).view.chances?.rows.map((r) => [r.faces, r.chance])).toEqual([
      ["6", "16.7 %"],
      ["4–5", "33.3 %"],
      ["1–3", "50.0 %"],
    ]);
    const { card } = await cardOf(interdictionController, state, [6, 2]);
    expect(card.outcome).toBe("1 of 2 units struck.");
    expect(card.byHand).toEqual(["KGr Peiper loses 1 status.", "KGr Peiper cannot move this turn."]);
  });

  it("flak suppression silences instead of stopping movement; no force at all is refused", async () => {
    const state = openState(interdictionController, { purpose: "flakSuppression", heavy: 8, targets: [{ name: "Flak Abt 12" }] });
    expect((await cardOf(interdictionController, state, [2])).card.byHand).toEqual(["Flak Abt 12 is silenced (flak suppression)."]);
    expect(dialogOf(interdictionController, { ...state, tactical: 0, heavy: 0 }).view.refusals[0]).toContain("at least one squadron");
  });
});

describe("air resupply (seed 003, Air Resupply)", () => {
  it("8 points landed on an airstrip (+2) with a die of 3 read in the 5 column: 7 points arrive", async () => {
    const state = openState(airResupplyController, { receiver: "1 Para Bde", points: 8, landing: "airstrip" });
    const rows = dialogOf(airResupplyController, state).view.chances?.rows ?? [];
    expect(rows.map((r) => [r.label, r.faces])).toEqual([
      ["8 points arrive", "4–6"],
      ["7 points arrive", "3"],
      // The 4 and 3 columns both read 6 on the row of 8 points.
      ["6 points arrive", "1–2"],
    ]);
    const { card } = await cardOf(airResupplyController, state, [3]);
    expect(card.outcome).toBe("1 Para Bde receives 7 of 8 points sent.");
    expect(card.tableRow).toBe("Ready reckoner: 8 points sent, column 5");
    expect(card.byHand).toEqual(["1 Para Bde receives 7 supply points."]);
  });

  it("a contested drop with enemy fighters and flak (−8) on a 1 is read in the −4 column: nothing arrives", async () => {
    const state = openState(airResupplyController, { receiver: "X", points: 10, contested: true, enemyFighters: true, enemyFlak: true });
    const { card } = await cardOf(airResupplyController, state, [1]);
    expect(card.outcome).toBe("X receives 0 of 10 points sent.");
    expect(card.byHand).toEqual([]);
  });

  it("more than 10 points in one lift is refused before the roll", () => {
    expect(dialogOf(airResupplyController, openState(airResupplyController, { points: 11 })).view.refusals[0]).toContain("at most 10");
  });
});

describe("the chance walk", () => {
  it("walks every face the rules ask for, each sequence weighted by its length", () => {
    const spread = outcomeSpread(
      (dice) => {
        const first = dice.d6();
        const total = first === 6 ? first + dice.d6() : first;
        return { ok: true, value: { breakdown: [], rolls: [], outcome: total >= 10 ? "high" : "low", effects: [] } };
      },
      (o) => o,
    );
    expect(spread?.map((s) => [s.key, s.probability.toFixed(4)])).toEqual([
      ["low", (1 - 3 / 36).toFixed(4)],
      ["high", (3 / 36).toFixed(4)],
    ]);
    expect(faceRuns([1, 2, 3, 5, 6])).toBe("1–3, 5–6");
    expect(scriptedDice([1]).d6()).toBe(1);
    expect(env.missing.size).toBe(0);
  });
});
