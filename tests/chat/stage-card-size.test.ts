/**
 * Issue #20: a stage card's stored data stays under 50 KB at 400 units. The Movement and new-turn
 * entry cards are posted as the active GM's tracker posts them (`advanceTurn`), on a world of 400
 * units, 40 HQs and 120 squadrons (./stage-world.ts); measured are the bytes of the JSON of the
 * `resolution` message's `system` (what the server stores and sends every client) and of its
 * content (rendered with the real templates and English words). The Orders and Resupply entry
 * cards are information cards (no `system`, a flag naming the stage): their content is measured,
 * on 400 units under 40 HQs stacked on the small test map. Each figure is printed.
 */
import "../harness/install";
import { sheetsFake } from "../harness/sheets-fake";
import path from "node:path";
import { chatFake } from "../harness/chat-fake";
import { beforeEach, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry";
import { advanceTurn, type TurnCombat } from "../../src/combat/advance";
import { resetStageWorld } from "../combat/stage-world";
import { turn } from "../../src/rules/index";
import { stageWorld } from "./stage-world";
import { postOrdersEntry, postResupplyEntry } from "../../src/apps/land/entries";
import { loadActors, type ActorSeed } from "../harness/actors";
import { at, specs } from "../apps/land/fixture";
import { smallMap } from "../map/fixture";
import { languageEnv, templateRenderer } from "../sheets/render";

const repo = path.resolve(__dirname, "../..");
/** The real templates and English words, so the content measured is what a GM's client posts. */
const words = languageEnv(repo);
const { render } = templateRenderer(repo, words);

const BOUND = 50 * 1024;
const bytes = (value: unknown): number => Buffer.byteLength(typeof value === "string" ? value : JSON.stringify(value), "utf8");
const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;

class FakeCombat implements TurnCombat {
  readonly type = "nobcTurn";
  constructor(public system: Record<string, unknown>) {}
  async update(data: Record<string, unknown>): Promise<this> {
    this.system = { ...this.system, ...(data["system"] as Record<string, unknown>) };
    return this;
  }
}

beforeEach(() => {
  resetStageWorld();
  const g = globalThis as unknown as { game: Record<string, unknown>; foundry: { applications: { handlebars: Record<string, unknown> } } };
  g.game["i18n"] = words;
  g.foundry.applications.handlebars["renderTemplate"] = async (file: string, data: object) =>
    render(file.replace("systems/nobc/templates/", ""), data);
});

/** Enters `stage` (from the one before it) and gives the entry card posted. */
async function enter(stage: turn.StageId, turnNumber = 3) {
  const index = turn.stageIndex(stage);
  const from = index === 0 ? { turn: turnNumber - 1, stage: turn.STAGES.length - 1 } : { turn: turnNumber, stage: index - 1 };
  const result = await advanceTurn(new FakeCombat({ ...from, planningEndsAt: null }));
  expect(result.ok).toBe(true);
  const messages = [...chatFake.messages.values()];
  expect(messages).toHaveLength(1);
  return messages[0]!;
}

describe("the stage cards' stored data at 400 units", () => {
  it.each([
    ["Movement", "movement", 400 + 12],
    ["new turn", "airAllocation", 40 + 40],
  ] as const)("%s entry card: the resolution message's system stays under 50 KB", async (name, stage, effects) => {
    (globalThis as unknown as { game: Record<string, unknown> }).game["actors"] = stageWorld().all;
    const message = await enter(stage);
    expect(message.type).toBe("resolution");
    expect((message.system["effects"] as unknown[]).length).toBe(effects);
    const size = bytes(message.system);
    const content = bytes(message.content);
    console.log(`${name} entry card at 400 units: system ${kb(size)} (${effects} effects), content ${kb(content)}`);
    expect(size).toBeLessThan(BOUND);
    expect(content).toBeLessThan(BOUND);
  });

  it.each([
    ["Orders", postOrdersEntry, "orders"],
    ["Resupply", postResupplyEntry, "resupply"],
  ] as const)("%s entry card (information): its content and flags stay under 50 KB", async (name, postEntry, kind) => {
    sheetsFake.actors.length = 0;
    (globalThis as unknown as { game: Record<string, unknown> }).game["actors"] = sheetsFake.actors;
    loadActors(landSpecs(), at);
    harness.setSceneFlag("terrain", smallMap());
    await postEntry();
    const [message] = [...chatFake.messages.values()];
    expect(message!.flags["nobc"]).toEqual({ landInfo: kind });
    expect(message!.content).toContain("HQ 40");
    const size = bytes({ content: message!.content, flags: message!.flags });
    console.log(`${name} entry card at 400 units: content and flags ${kb(size)}`);
    expect(size).toBeLessThan(BOUND);
  });
});

/**
 * 40 HQs (20 a side, on their side's hexes of the small map) of 10 units each, made from the land
 * fixture's I Corps and PzBrig 1 (NATO) and 1 GTA and MRD 1 (Warsaw Pact).
 */
function landSpecs(): ActorSeed[] {
  const base = specs();
  const like = (id: string) => base.find((s) => s.id === id)!;
  const out: ActorSeed[] = [];
  for (let h = 0; h < 40; h++) {
    const nato = h % 2 === 0;
    const hq = like(nato ? "h1" : "w0");
    const hqId = `hq${String(h).padStart(14, "0")}`;
    const hexes = nato ? ["0101", "0102", "0103", "0202"] : ["0302", "0401", "0402", "0303"];
    out.push({ ...hq, id: hqId, name: `HQ ${h + 1}`, hex: hexes[h % 4]!, system: { ...hq.system, parent: null }, items: [] });
    for (let u = 0; u < 10; u++) {
      const unit = like(nato ? "u1" : "w1");
      out.push({
        ...unit,
        id: `un${String(h * 10 + u).padStart(14, "0")}`,
        name: `${unit.name} ${h * 10 + u + 1}`,
        hex: hexes[u % 4]!,
        system: { ...unit.system, hq: `Actor.${hqId}`, mode: u % 3 === 0 ? "march" : "combat" },
      });
    }
  }
  return out;
}
