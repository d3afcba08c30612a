import { describe, expect, it } from "vitest";
import { problem } from "../../src/orbat/problems";
import { phrase } from "../../src/rules/resolution";
import { csv, HEADER, prepare, row } from "./helpers";

/** 500 rows: per side 10 HQs, 200 units spread over them, 5 airbases and 35 squadrons. */
function generated(): string {
  const rows: string[][] = [];
  for (const [side, nat] of [
    ["nato", "us"],
    ["wp", "su"],
  ] as const) {
    for (let h = 0; h < 10; h++)
      rows.push(
        row({
          type: "hq",
          name: `${side} HQ ${h}`,
          side,
          nationality: nat,
          parent: h === 0 ? "" : `${side} HQ 0`,
          echelon: "corps",
          level: "4",
        }),
      );
    for (let u = 0; u < 200; u++) {
      const arm = u % 10 === 0 ? "artillery" : "armour";
      rows.push(
        row({
          type: "unit",
          name: `${side} unit ${u}`,
          side,
          nationality: nat,
          parent: `${side} HQ ${u % 10}`,
          formation: `Div ${u % 4}`,
          size: "brigade",
          arm,
          strength: String(1 + (u % 8)),
        }),
      );
    }
    for (let b = 0; b < 5; b++) rows.push(row({ type: "airbase", name: `${side} base ${b}`, side, airZone: `${side}-zone` }));
    for (let s = 0; s < 35; s++)
      rows.push(
        row({
          type: "airSquadron",
          name: `${side} sqn ${s}`,
          side,
          nationality: nat,
          parent: `${side} base ${s % 5}`,
          aircraft: "jet",
          role: "multirole",
        }),
      );
  }
  return csv(rows, HEADER, "\r\n");
}

describe("a 500-row order of battle", () => {
  it("is read whole, with the right counts, HQs first and every link", () => {
    const r = prepare(generated());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.plan.actors).toHaveLength(500);
    expect(r.summary).toEqual({
      hq: { nato: 10, wp: 10 },
      unit: { nato: 200, wp: 200 },
      airbase: { nato: 5, wp: 5 },
      airSquadron: { nato: 35, wp: 35 },
    });
    expect(r.plan.actors.slice(0, 20).every((a) => a.type === "hq")).toBe(true);
    expect(r.plan.links).toHaveLength(18 + 400 + 70);
    // root, 20 HQs, 10 airbases, and two formations under each HQ (unit u goes to HQ u % 10, Div u % 4)
    expect(r.plan.folders).toHaveLength(1 + 20 + 10 + 40);
  });

  it("with one bad cell in the middle, is refused with that one problem", () => {
    const text = generated()
      .replace("nato unit 250,", "nato unit 250,")
      .replace(/(nato unit 123,nato,us,nato HQ 3,Div 3,brigade,armour,)4/, "$1four");
    const r = prepare(text);
    expect(r.ok ? [] : r.problems).toEqual([problem(135, "strength", phrase("NOBC.Orbat.Problem.NotWhole", { value: "four" }))]);
  });
});
