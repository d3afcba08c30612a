/**
 * The `wire` project of vitest.config.ts runs tests/security/ and tests/turn/ with every write over a
 * 40 ms wire (tests/harness/latency.ts): this proves the mode is on there. A write is carried out
 * only once the code under test is idle, in the order sent, and the writer's promise settles then.
 */
import "../harness/install";
import { describe, expect, it } from "vitest";
import { harness } from "../harness/foundry";

describe.runIf(process.env["NOBC_WIRE_DELAY"] !== undefined)("the latency mode", () => {
  it("a write is not in the world until its answer arrives, and writes land in the order sent", async () => {
    harness.reset();
    const unit = new harness.Actor({
      name: "3 Pz Bde",
      type: "unit",
      system: { strength: { value: 4, max: 4 }, supply: 1, mode: "march" },
    });
    const first = unit.update({ "system.strength.value": 3 });
    const second = unit.update({ "system.strength.value": 2 });
    expect((unit.system["strength"] as { value: number }).value).toBe(4);
    await first;
    expect((unit.system["strength"] as { value: number }).value).toBe(3);
    await second;
    expect((unit.system["strength"] as { value: number }).value).toBe(2);
  });
});
