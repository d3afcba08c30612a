import "../harness/install";
import { afterEach, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry";
import { serverNow } from "../../src/combat/clock";

afterEach(() => {
  delete (harness.game as Record<string, unknown>)["time"];
});

describe("serverNow (the countdown's clock)", () => {
  it("reads Foundry's server time, the same on every client", () => {
    (harness.game as Record<string, unknown>)["time"] = { serverTime: 1_700_000_000_000 };
    expect(serverNow()).toBe(1_700_000_000_000);
  });

  it("falls back to the local clock before the server time is known", () => {
    const before = Date.now();
    expect(serverNow()).toBeGreaterThanOrEqual(before);
    (harness.game as Record<string, unknown>)["time"] = { serverTime: Number.NaN };
    expect(serverNow()).toBeGreaterThanOrEqual(before);
  });
});
