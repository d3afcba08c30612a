/**
 * The team scenes over the multi-client harness (tests/harness/clients.ts, the whole system on a GM's
 * client and two players': p1 NATO, p2 the Warsaw Pact): what the GM's command and its draws write
 * reaches every browser (the harness's worst case, docs/decisions/hidden-information.md), and on each
 * player's own team scene, the one their screen draws, nothing names, places or links an enemy unit
 * their side does not know. A player's drag of their mirror goes over the wire as a move request; the
 * GM's client writes the master token, and the mirror follows on every copy.
 */
import "../harness/install";
import { describe, expect, it, vi } from "vitest";
import type { Client } from "../harness/clients";
import { openSystemNetwork, quiet, systemWorld, type SystemTable } from "../security/system-clients";
import { hexCentre, offsetOf } from "../../src/map/hex-grid";
import { TURN_COMBAT_TYPE } from "../../src/combat/turn-type";
import { MOVEMENT_LAST_SLOT } from "../../src/world/movement-slots";
import { turn } from "../../src/rules/index";
import { hqSystem, unitSystem } from "../apps/ground-combat/fixture";
import { boardMap } from "../turn/board-world";
import type * as Watch from "../../src/team-scenes/watch";

vi.setConfig({ testTimeout: 60_000 });

type Raw = Record<string, unknown>;
interface TokenT {
  readonly id: string;
  readonly actorId: string | null;
  readonly x: number;
  readonly y: number;
  toObject(): Raw;
  getFlag(scope: string, key: string): unknown;
  move(waypoints: Raw[], options: Raw): Promise<boolean>;
}
interface SceneT {
  readonly id: string;
  readonly tokens: TokenT[];
  getFlag(scope: string, key: string): unknown;
  update(data: Raw): Promise<unknown>;
}

let table: SystemTable;
openSystemNetwork((t) => (table = t));

const MASTER = "master0000000001";
const scenesOn = (c: Client): SceneT[] => c.run(() => (c.entry.harness.scenes as unknown as { contents: SceneT[] }).contents);
const masterOn = (c: Client): SceneT => scenesOn(c).find((s) => s.id === MASTER)!;
const teamSceneOn = (c: Client, side: "nato" | "wp"): SceneT =>
  scenesOn(c).find((s) => (s.getFlag("nobc", "teamScene") as { side?: string } | undefined)?.side === side)!;
const markerHexes = (scene: SceneT) =>
  scene.tokens.flatMap((t) => [(t.getFlag("nobc", "marker") as Raw | undefined)?.["hex"] ?? []].flat());

/** Where a one-hex token centred on `hex` has its top-left corner (whole pixels), as `client`'s scene places it. */
function topLeft(c: Client, hex: string): { x: number; y: number } {
  const centre = c.run(() => c.entry.harness.canvasPoint(hexCentre(offsetOf(hex), 100)));
  return { x: Math.round(centre.x - 100 / Math.sqrt(3)), y: Math.round(centre.y - 50) };
}

async function world(): Promise<void> {
  await systemWorld(table, (h) => {
    // The master scene, with a fixed id so every copy names it alike.
    h.view(new h.Scene({ id: MASTER, name: "Aller" }));
    h.setSceneFlag("terrain", boardMap());
    const hq = new h.Actor({ id: "icorps0000000001", name: "I Corps", type: "hq", system: hqSystem("nato", { supplyCounters: 0 }) });
    const n36 = new h.Actor({ id: "n360000000000001", name: "36 PzBrig", type: "unit", system: unitSystem("nato", { hq: hq.uuid }) });
    const w1 = new h.Actor({ id: "w10000000000001", name: "1 MRR", type: "unit", system: unitSystem("wp", { arm: "motorRifle" }) });
    h.own(hq, "p1");
    h.own(n36, "p1");
    h.own(w1, "p2");
    for (const [actor, hex] of [
      [hq, "0102"],
      [n36, "0202"],
      [w1, "0404"],
    ] as const) {
      const { col, row } = offsetOf(hex);
      h.placeToken(actor, col, row);
    }
    // The turn's Movement stage, NATO's group moving: a player's drag is a request the GM decides.
    h.game["combat"] = {
      type: TURN_COMBAT_TYPE,
      system: { turn: 1, stage: turn.stageIndex("movement"), movementSlot: MOVEMENT_LAST_SLOT },
    };
    return [hq, n36, w1];
  });
  const gm = table.gm;
  await gm.run(async () => {
    const settings = game.settings as unknown as { set(ns: string, k: string, v: unknown): Promise<unknown> };
    await settings.set("nobc", "teams", { members: { p1: { side: "nato", hqs: [] }, p2: { side: "wp", hqs: [] } } });
    await settings.set("nobc", "hiddenInformation", "doubleBlind");
  });
  await quiet(table.net);
  const made = await gm.run(() =>
    (game as unknown as { nobc: { teamScenes: { make(): Promise<{ ok: boolean }> } } }).nobc.teamScenes.make(),
  );
  expect(made.ok).toBe(true);
  await quiet(table.net);
}

/** Everything `client`'s copy of its side's team scene holds, as text: the documents its screen draws. */
const drawnOn = (c: Client, side: "nato" | "wp"): string => JSON.stringify(teamSceneOn(c, side).tokens.map((t) => t.toObject()));

describe("the team scenes on every client", () => {
  it("reach every copy alike; a player's team scene holds their own tokens and, of the enemy, only what their side knows", async () => {
    await world();
    const { gm, p1, p2 } = table;
    for (const c of table.copies) {
      expect(
        teamSceneOn(c, "nato")
          .tokens.map((t) => t.actorId)
          .sort(),
      ).toEqual(["icorps0000000001", "n360000000000001"]);
      expect(teamSceneOn(c, "wp").tokens.map((t) => t.actorId)).toEqual(["w10000000000001"]);
    }
    for (const secret of ["w10000000000001", "1 MRR"]) expect(drawnOn(p1, "nato")).not.toContain(secret);
    for (const secret of ["n360000000000001", "36 PzBrig", "icorps0000000001", "I Corps"]) expect(drawnOn(p2, "wp")).not.toContain(secret);
    // A player's client puts them on their side's scene whatever it draws first.
    const watch = await p1.load<typeof Watch>("src/team-scenes/watch");
    expect(p1.run(() => watch.landingFor(masterOn(p1) as never))).toBe(teamSceneOn(p1, "nato"));

    // NATO learns of a contact at 0405 (where the knowledge has it; 1 MRR stands in 0404): every copy of NATO's scene draws it.
    await gm.run(() =>
      masterOn(gm).update({
        "flags.nobc.knowledge": {
          format: "nobc-knowledge/1",
          nato: { w10000000000001: { level: "located", hex: "0405", turn: 1 } },
          wp: {},
        },
      }),
    );
    await quiet(table.net);
    for (const c of table.copies) expect(markerHexes(teamSceneOn(c, "nato"))).toEqual(["0405"]);
    expect(markerHexes(teamSceneOn(p2, "wp"))).toEqual([]);
    const seen = drawnOn(p1, "nato");
    for (const secret of ["w10000000000001", "1 MRR", "0404"]) expect(seen).not.toContain(secret);
  });

  it("a player's drag of their mirror is a request over the wire: the GM's client moves the master token, the mirror follows on every copy", async () => {
    await world();
    const { p1 } = table;
    const mirror = teamSceneOn(p1, "nato").tokens.find((t) => t.actorId === "n360000000000001")!;
    const to = topLeft(p1, "0203");
    // The drag (method "dragging"): stopped on the player's client and sent to the GM as `land.move`.
    expect(await p1.run(() => mirror.move([{ ...to, checkpoint: true }], { method: "dragging" }))).toBe(false);
    // The drag's, the card's and the draw's code load lazily, in real time the wire cannot see: wait for the mirror.
    const mirrorAt = (c: Client) => teamSceneOn(c, "nato").tokens.find((t) => t.actorId === "n360000000000001")!;
    for (const end = Date.now() + 10_000; Date.now() < end && !table.copies.every((c) => mirrorAt(c).y === to.y);) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      await quiet(table.net);
    }
    for (const c of table.copies) {
      const onMaster = masterOn(c).tokens.find((t) => t.actorId === "n360000000000001")!;
      const copy = teamSceneOn(c, "nato").tokens.find((t) => t.actorId === "n360000000000001")!;
      expect({ x: onMaster.x, y: onMaster.y }).toEqual(to);
      expect({ x: copy.x, y: copy.y }).toEqual(to);
    }
    // Written by the GM's client alone: the master token through the move's card, the mirror by the draw.
    const tokenWrites = table.net.log.filter((w) => w.call.kind === "class" && w.call.target === "Token").map((w) => w.by);
    expect(new Set(tokenWrites)).toEqual(new Set(["gm"]));
  });
});
