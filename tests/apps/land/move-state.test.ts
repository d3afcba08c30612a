/** The move card's words (src/apps/land/move/state.ts) in English and German, from the lang files. */
import "../../harness/install";
import { readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { stageBoardWorld } from "../../turn/board-world";
import { readBattlefield } from "../../../src/world/read";
import { planMove, type MovePlan } from "../../../src/world/movement";
import { langFileWording, speak, type LangTree } from "../../../src/words/phrase";
import { decideMove, moveCard, moveOutcome, type MoveWorld } from "../../../src/apps/land/move/state";

const english = langFileWording(JSON.parse(readFileSync("lang/en.json", "utf8")) as LangTree);
const german = langFileWording(JSON.parse(readFileSync("lang/de.json", "utf8")) as LangTree, "de");

function plan(path: string[], phase: "movement" | "other" = "movement"): MovePlan {
  const field = readBattlefield();
  const p = planMove(field, phase === "movement" ? { phase, group: null } : { phase }, { unit: "Actor.n36", path });
  if ("refused" in p) throw new Error("refused");
  return p;
}

beforeEach(() => void stageBoardWorld());

describe("the move card", () => {
  it("says the outcome first: from, to, MP spent and left, hits", () => {
    const p = plan(["0102", "0103"]);
    expect(speak(moveOutcome(p), english)).toBe("36 PzBrig: 0202 → 0103, 3 MP spent, 1 MP left, 1 hit");
    expect(speak(moveOutcome(p), german)).toBe("36 PzBrig: 0202 → 0103, 3 BP verbraucht, 1 BP übrig, 1 Treffer");
  });

  it("a player's broken move is refused with each rule; a GM's is an override listing them", () => {
    const p = plan(["0203", "0204"], "other");
    const world = { isGM: false } as MoveWorld;
    const refusal = decideMove(p, world);
    expect(refusal.ok).toBe(false);
    const gm = decideMove(p, { isGM: true } as MoveWorld);
    if (!gm.ok) throw new Error("refused");
    expect(gm.override.map((b) => b.code)).toEqual(["outOfPhase", "rules"]);
    const card = moveCard(p, gm.override, english);
    expect(card.title).toBe("36 PzBrig moves (umpire's override)");
    // Refused by the rules (the NATO stop), priced all the same step by step: 2 clear hexes.
    expect(card.outcome).toBe("36 PzBrig: 0202 → 0204, 2 MP spent, 2 MP left");
    expect(card.inputs?.map((i) => i.label)).toEqual(["Path", "Rule overridden", "Rule overridden"]);
    expect(card.records).toEqual({ move: { unit: "Actor.n36", from: "0202", path: ["0203", "0204"], mpSpent: 2, override: true } });
  });
});
