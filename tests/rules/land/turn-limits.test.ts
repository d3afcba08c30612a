/** The rules' turn limits against the combats already fought this turn (combat-turn.ts `checkTurnLimits`). */
import { describe, expect, it } from "vitest";
import { checkTurnLimits, indexTurnCombats, type NewTurnCombat, type TurnCombat } from "../../../src/rules/nobc/land/combat-turn";
import { phrase } from "../../../src/rules/resolution";

const fought = (over: Partial<TurnCombat> & Pick<TurnCombat, "target">): TurnCombat => ({
  label: phrase("NOBC.GroundCombat.TurnLimits.combatAsked", { target: over.target, attackers: "x", user: "p" }),
  side: "wp",
  attackers: [],
  defenders: [],
  frontHqs: [],
  ...over,
});

const wpOn0201 = fought({ target: "0201", attackers: [{ id: "w1", hex: "0301" }], defenders: ["n34"], frontHqs: ["front"] });
const natoOn0302 = fought({ side: "nato", target: "0302", attackers: [{ id: "n36", hex: "0202" }], defenders: ["w2"] });

const attack = (side: "nato" | "wp", target: string, attackers: [string, string][], frontHqs: string[] = []): NewTurnCombat => ({
  side,
  target,
  attackers: attackers.map(([id, hex]) => ({ id, hex, name: id })),
  frontHqs: frontHqs.map((id) => ({ id, name: id })),
});

const codes = (c: NewTurnCombat, combats: TurnCombat[], order: "wpFirst" | "underAttack" = "wpFirst") =>
  checkTurnLimits(c, indexTurnCombats(combats), order).map((r) => r.code);

describe("checkTurnLimits", () => {
  it("allows a combat that meets none of the earlier ones", () => {
    expect(codes(attack("wp", "0202", [["w2", "0302"]]), [wpOn0201])).toEqual([]);
  });

  it("refuses a unit's second attack, a hex's second target and a target's second combat, each naming the earlier combat", () => {
    const refusals = checkTurnLimits(attack("wp", "0202", [["w1", "0301"]]), indexTurnCombats([wpOn0201]), "wpFirst");
    expect(refusals.map((r) => [r.code, r.field])).toEqual([
      ["unitAttacked", "attackers[0]"],
      ["hexAttacked", "attackers[0]"],
    ]);
    expect(refusals[0]!.text.data?.["combat"]).toEqual(wpOn0201.label);
    // Another unit of 0301 against 0201: the target's refusal, not the hex's.
    expect(codes(attack("wp", "0201", [["w9", "0301"]]), [wpOn0201])).toEqual(["targetAttacked"]);
  });

  it("a Front HQ gives cards to one combat; other HQs are not limited", () => {
    expect(codes(attack("wp", "0202", [["w2", "0302"]], ["front"]), [wpOn0201])).toEqual(["frontHqUsed"]);
    expect(codes(attack("wp", "0202", [["w2", "0302"]], ["other"]), [wpOn0201])).toEqual([]);
  });

  it("a NATO unit the Warsaw Pact attacked may not attack, in either reading; a Warsaw Pact unit NATO attacked may", () => {
    expect(codes(attack("nato", "0301", [["n34", "0201"]]), [wpOn0201], "underAttack")).toEqual(["natoUnitAttacked"]);
    expect(codes(attack("nato", "0301", [["n34", "0201"]]), [wpOn0201], "wpFirst")).toEqual(["natoUnitAttacked"]);
    expect(codes(attack("wp", "0202", [["w2", "0302"]]), [natoOn0302], "underAttack")).toEqual([]);
  });

  it("strict: no Warsaw Pact combat after NATO's first; relaxed: any order", () => {
    expect(codes(attack("wp", "0202", [["w2", "0302"]]), [natoOn0302], "wpFirst")).toEqual(["wpAfterNato"]);
    expect(codes(attack("nato", "0301", [["n36", "0202"]]), [wpOn0201], "wpFirst")).toEqual([]);
  });

  it("indexes each key by the first combat that used it", () => {
    const later = fought({ target: "0202", attackers: [{ id: "w1", hex: "0301" }] });
    expect(indexTurnCombats([wpOn0201, later]).byUnit.get("w1")).toBe(wpOn0201);
  });
});
