import { describe, expect, it } from "vitest";
import { bothViews, contactKey, sideView } from "../../../src/rules/nobc/knowledge/view";
import type { Knowledge } from "../../../src/rules/nobc/knowledge/types";
import { hq, unit } from "./fixture";

const w1 = unit("w1", "wp", "h6");
const wq = hq("wq", "wp", "h9");
const n1 = unit("n1", "nato", "h5");
const pieces = [n1, w1, wq, unit("w2", "wp", "h7"), unit("w3", "wp", "h7"), unit("w4", "wp", "h1")];
const knowledge: Knowledge = {
  nato: {
    w3: { level: "located", hex: "h7", turn: 2 },
    w2: { level: "located", hex: "h7", turn: 3 },
    wq: { level: "identified", hex: "h8", turn: 1, face: wq.face },
    w1: { level: "identified", hex: "h6", turn: 3, face: w1.face, strength: { value: 4, turn: 3 } },
    // Last seen in h2: the view says h2, wherever w4 is now.
    w4: { level: "located", hex: "h2", turn: 1 },
  },
  wp: {},
};

describe("a side's view", () => {
  it("shows its own pieces as they are and the enemy only as it knows them", () => {
    const v = sideView(pieces, knowledge, "nato");
    expect(v.side).toBe("nato");
    expect(v.own).toEqual([n1]);
    expect(v.enemies.get("w1")).toEqual({ kind: "counter", hex: "h6", turn: 3, face: w1.face, strength: { value: 4, turn: 3 } });
    expect(v.enemies.get("wq")).toEqual({ kind: "counter", hex: "h8", turn: 1, face: wq.face });
    expect(v.enemies.get("w4")).toEqual({ kind: "contact", hex: "h2", turn: 1 });
    expect(v.enemies.has("w5")).toBe(false);
    expect(v.markers).toEqual([
      { kind: "counter", key: "piece:w1", piece: "w1", hex: "h6", turn: 3, face: w1.face, strength: { value: 4, turn: 3 } },
      { kind: "counter", key: "piece:wq", piece: "wq", hex: "h8", turn: 1, face: wq.face },
      { kind: "contact", key: "contact:h2", hex: "h2", turn: 1 },
      { kind: "contact", key: "contact:h7", hex: "h7", turn: 3 },
    ]);
  });

  it("says how many pieces a contact stands for under contactShowsCount", () => {
    const v = sideView(pieces, knowledge, "nato", { contactShowsCount: true });
    expect(v.markers.filter((m) => m.kind === "contact")).toEqual([
      { kind: "contact", key: contactKey("h2"), hex: "h2", turn: 1, count: 1 },
      { kind: "contact", key: contactKey("h7"), hex: "h7", turn: 3, count: 2 },
    ]);
  });

  it("never names a located piece in a marker, nor shows a piece the side does not know", () => {
    const v = sideView(pieces, knowledge, "nato");
    const text = JSON.stringify(v.markers);
    for (const hidden of ["w2", "w3", "w4", "h1"]) expect(text).not.toContain(`"${hidden}"`);
    expect(text).not.toContain("w2");
  });

  it("orders contacts by hex, whatever the order of the entries", () => {
    const loose: Knowledge = {
      nato: {},
      wp: {
        a: { level: "located", hex: "h9", turn: 1 },
        b: { level: "located", hex: "h1", turn: 1 },
        c: { level: "located", hex: "h5", turn: 1 },
      },
    };
    expect(sideView(pieces, loose, "wp").markers.map((m) => m.hex)).toEqual(["h1", "h5", "h9"]);
  });

  it("gives both views at once, WP's empty of NATO when it knows nothing", () => {
    const both = bothViews(pieces, knowledge);
    expect(both.nato).toEqual(sideView(pieces, knowledge, "nato"));
    expect(both.wp.own.map((p) => p.id)).toEqual(["w1", "wq", "w2", "w3", "w4"]);
    expect([both.wp.enemies.size, both.wp.markers]).toEqual([0, []]);
  });
});
