import { describe, expect, it, vi } from "vitest";
import { later } from "../../src/apps/base/later";

describe("later (an async function whose module loads on the first call)", () => {
  it("loads nothing until called, then runs the function with the same this and arguments, loading once per call", async () => {
    const target = {
      async greet(this: { who: string }, greeting: string, n: number) {
        return `${greeting} ${this.who} ${n}`;
      },
      async fail() {
        throw new Error("refused");
      },
    };
    const load = vi.fn(async () => target);
    const greet = later(load, "greet");
    expect(load).not.toHaveBeenCalled();
    await expect(greet.call({ who: "GM" }, "hello", 2)).resolves.toBe("hello GM 2");
    expect(load).toHaveBeenCalledTimes(1);
    await expect(later(load, "fail")()).rejects.toThrow("refused");
  });
});
