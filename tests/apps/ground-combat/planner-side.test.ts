/** The planner opens for a player's own side when the canvas says nothing (issue #36: it opened on NATO for a WP player). */
import "../../harness/install";
import { describe, expect, it } from "vitest";
import { plannerController } from "../../../src/apps/ground-combat/controller";
import type { PlannerWorld } from "../../../src/apps/ground-combat/world";
import { frontField, uuid, worldOptions } from "./fixture";

const field = frontField();
const worldFor = (owned: readonly string[], isGM = false): PlannerWorld => ({
  field,
  whole: field,
  owned: new Set(owned),
  isGM,
  options: worldOptions("zero"),
  turn: null,
});

describe("the planner's side on opening, nothing selected or targeted", () => {
  it("a Warsaw Pact player's is the Warsaw Pact; a NATO player's and a GM's NATO", () => {
    const open = (w: PlannerWorld) => {
      const opened = plannerController.open(w, {});
      return opened.ok ? opened.state.attackerSide : null;
    };
    expect(open(worldFor([uuid("w1"), uuid("w2")]))).toBe("wp");
    expect(open(worldFor([uuid("n36")]))).toBe("nato");
    expect(open(worldFor([], true))).toBe("nato");
    // A player of both sides (an umpire's helper) is not guessed for.
    expect(open(worldFor([uuid("w1"), uuid("n36")]))).toBe("nato");
  });
});
