/**
 * Issue #16, "Done when": arbitrary JSON fed as every query's payload (and, for `nobc.resolve`, as
 * the state of every registered dialog) never throws on the GM's client, and every refusal of a
 * malformed payload names its field. Arbitrary JSON as a card's data is refused by the card's data
 * model (as Foundry refuses a document that fails validation) or, once stored, is rendered, applied,
 * undone and split without an uncaught exception. Seeded, so a failure is reproducible: the seed and
 * the data are in the assertion message.
 */
import "../harness/install";
import "../harness/sheets-fake";
import { chatFake } from "../harness/chat-fake";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seededUniform } from "../../src/rules/dice";
import { harness, HarnessRefusal, type FakeActorT } from "../harness/foundry";
import { writtenEffectTypes } from "../../src/effects/apply";
import { decorateCard } from "../../src/queries/card-controls";
import { sha256Hex } from "../../src/base/sha256";
import { registerChat } from "../../src/queries/card-controls";
import { registerResolveQuery } from "../../src/apps/base/request";
import { clearDialogRegistry, dialogEntry, dialogIds } from "../../src/apps/base/registry";
import { clearStageRegistry } from "../../src/combat/registry";
import { registerLandPhases } from "../../src/apps/land/register";
import { registerGroundCombat } from "../../src/apps/ground-combat/register";
import { registerAirBattleActions } from "../../src/apps/air/battle/register";
import { registerAirMissionActions } from "../../src/apps/air/missions/register";
import { registerOrbatImport } from "../../src/orbat/register";

type Handler = (data: unknown) => Promise<unknown>;

const SECRET = "0123456789abcdef".repeat(4);

/** A seeded generator (mulberry32), so a failure names the seed that reproduces it. */
const prng = seededUniform;

/** Keys the payloads and states use, and keys that trip naive code. */
const KEYS = [
  "messageId",
  "userId",
  "token",
  "seen",
  "side",
  "split",
  "actor",
  "hits",
  "dialog",
  "state",
  "hq",
  "modes",
  "minefields",
  "units",
  "unit",
  "mode",
  "target",
  "attackers",
  "cards",
  "cas",
  "zone",
  "squadrons",
  "boxes",
  "airbase",
  "automatic",
  "hex",
  "n",
  "__proto__",
  "constructor",
  "toString",
  "",
];

const STRINGS = [
  "",
  "p1",
  "gm",
  "nato",
  "wp",
  "combat",
  "march",
  "attackers",
  "0101",
  "Actor.x",
  "Compendium.a.b.Actor.x",
  "é💥",
  "x".repeat(5000),
];

function generator(random: () => number) {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const value = (depth: number): unknown => {
    const roll = random();
    if (depth >= 4 || roll < 0.35) {
      const leaf = random();
      if (leaf < 0.15) return null;
      if (leaf < 0.25) return random() < 0.5;
      if (leaf < 0.45) return Math.floor(random() * 20) - 5;
      if (leaf < 0.55) return pick([1e308, -1e308, 0.5, -0, 2 ** 53 + 1]);
      return pick(STRINGS);
    }
    if (roll < 0.6) {
      const length = random() < 0.05 ? 300 : Math.floor(random() * 5);
      return Array.from({ length }, () => value(depth + 1));
    }
    const out: Record<string, unknown> = {};
    const count = Math.floor(random() * 6);
    for (let k = 0; k < count; k += 1) {
      const key = random() < 0.15 ? `${pick(STRINGS).slice(0, 20)}${k}` : pick(KEYS);
      Object.defineProperty(out, key, { value: value(depth + 1), enumerable: true, writable: true, configurable: true });
    }
    return out;
  };
  return { pick, value };
}

const handlers = () => (CONFIG as unknown as { queries: Record<string, Handler> }).queries;

/** Every refusal of a malformed payload names its field ("NOBC.Validation.Problem" with a field, in the harness's key wording). */
function checkAnswer(answer: unknown, label: string): void {
  expect(typeof answer === "object" && answer !== null, label).toBe(true);
  const result = answer as { ok?: unknown; reason?: unknown; details?: unknown };
  expect(typeof result.ok, label).toBe("boolean");
  if (result.ok === true) return;
  expect(typeof result.reason === "string" && result.reason.startsWith("NOBC."), label).toBe(true);
  if (result.reason !== "NOBC.Chat.Refused.badRequest") return;
  expect(Array.isArray(result.details) && result.details.length > 0, label).toBe(true);
  for (const line of result.details as unknown[]) expect(String(line), label).toMatch(/"field":/);
}

beforeAll(() => {
  registerLandPhases();
  registerGroundCombat();
  registerAirBattleActions();
  registerAirMissionActions();
  registerOrbatImport();
});
afterAll(() => {
  clearStageRegistry();
  clearDialogRegistry();
});

let unit: FakeActorT;

beforeEach(async () => {
  harness.reset();
  chatFake.reset();
  registerChat();
  registerResolveQuery();
  const hq = new harness.Actor({ name: "I Corps", type: "hq", system: { side: "nato", level: { value: 3, max: 3 } } });
  unit = new harness.Actor({
    name: "1 Armd Bde",
    type: "unit",
    system: { side: "nato", hq: hq.uuid, strength: { value: 4, max: 4 } },
  });
  chatFake.own(unit, "p1");
  chatFake.own(hq, "p1");
  await chatFake.users.get("p1")!.setFlag("nobc", "request", sha256Hex(SECRET));
});

describe("fuzz: arbitrary JSON as every query's payload", () => {
  it("never throws on the GM's client, and a malformed payload's refusal names each field", async () => {
    const queries = Object.keys(handlers());
    expect(queries).toEqual(expect.arrayContaining(["nobc.applyCard", "nobc.undoCard", "nobc.setSplit", "nobc.resolve"]));
    const dialogs = dialogIds();
    const reasons = new Map<string, Set<string>>();
    expect(dialogs.length).toBeGreaterThan(10);
    for (const seed of [1, 2, 3]) {
      const random = prng(seed);
      const { pick, value } = generator(random);
      for (let round = 0; round < 400; round += 1) {
        const name = pick(queries);
        const roll = random();
        // A third entirely arbitrary; the rest proven (the asker verified), so the payload reaches each schema.
        const payload: unknown =
          roll < 0.33
            ? value(0)
            : {
                ...(value(1) as object),
                userId: "p1",
                token: SECRET,
                ...(name === "nobc.resolve" ? { dialog: random() < 0.9 ? pick(dialogs) : pick(STRINGS), state: value(0) } : {}),
              };
        const label = `seed ${String(seed)} round ${String(round)} ${name}: ${(JSON.stringify(payload) as string | undefined)?.slice(0, 400) ?? "undefined"}`;
        let answer: unknown;
        try {
          answer = await handlers()[name]!(JSON.parse(JSON.stringify(payload ?? null)));
        } catch (error) {
          throw new Error(`${label}\nthrew: ${String(error)}`, { cause: error });
        }
        checkAnswer(answer, label);
        if (name === "nobc.resolve" && typeof payload === "object" && payload !== null && "dialog" in payload) {
          const reason = (answer as { reason?: string }).reason ?? "ok";
          const seen = reasons.get(String(payload.dialog)) ?? new Set<string>();
          reasons.set(String(payload.dialog), seen.add(reason));
        }
      }
    }
    // The fuzz reached every dialog that answers requests, and its schema refused some states, naming fields.
    for (const id of dialogs) {
      const schema = (await dialogEntry(id)!.load()).stateSchema;
      const seen = [...(reasons.get(id) ?? [])];
      if (schema === undefined) expect(seen, id).toEqual(["NOBC.Request.Refused.gmOnly"]);
      else expect(seen, id).toContain("NOBC.Chat.Refused.badRequest");
    }
  }, 120_000);
});

/** A card's element as the chat hook gets it, with its buttons, split inputs and state line (no DOM here). */
function cardElement(): HTMLElement {
  const control = (dataset: Record<string, string>) => ({
    dataset,
    hidden: false,
    disabled: false,
    value: "1",
    addEventListener: () => undefined,
  });
  const controls = [control({ nobcCard: "apply" }), control({ nobcCard: "undo" }), control({ nobcCard: "split", side: "attackers" })];
  const inputs = [control({ nobcSplit: "attackers", actor: "Actor.x" })];
  const node = (): object => ({ append: () => undefined, textContent: "", className: "", before: () => undefined });
  const ownerDocument = { createElement: node };
  const changes = { replaceChildren: () => undefined, ownerDocument };
  const root = {
    classList: { toggle: () => true, add: () => undefined },
    ownerDocument,
    querySelector: (sel: string) => (sel === ".card-state" ? node() : sel === ".card-changes" ? changes : null),
    querySelectorAll: (sel: string) =>
      sel.includes("button[data-nobc-card]") ? controls : sel.includes("input[data-nobc-split]") ? inputs : [],
  };
  return { querySelector: (sel: string) => (sel === ".nobc-resolution-card" ? root : null) } as unknown as HTMLElement;
}

describe("fuzz: arbitrary JSON as a card's data", () => {
  it("is refused by the card's model, or rendered, applied, undone and split without an uncaught exception", async () => {
    const types = writtenEffectTypes();
    let stored = 0;
    let refused = 0;
    for (const seed of [11, 12]) {
      const random = prng(seed);
      const { pick, value } = generator(random);
      const effect = (): unknown =>
        random() < 0.2
          ? value(1)
          : {
              ...(value(1) as object),
              type: pick(types),
              [pick(["actor", "unit", "squadron", "airbase", "hq"])]: random() < 0.7 ? unit.uuid : pick(STRINGS),
              [pick(["amount", "delta", "level", "hits"])]: value(3),
            };
      for (let round = 0; round < 250; round += 1) {
        const system: unknown =
          random() < 0.25
            ? value(0)
            : {
                ...(value(1) as object),
                effects: Array.from({ length: Math.floor(random() * 4) }, effect),
                state: random() < 0.8 ? "pending" : pick(STRINGS),
                ...(random() < 0.3 ? { display: value(1) } : {}),
                ...(random() < 0.3 ? { groundCombat: value(1) } : {}),
                ...(random() < 0.2 ? { record: value(1) } : {}),
                ...(random() < 0.2 ? { once: pick(STRINGS) } : {}),
              };
        const label = `seed ${String(seed)} round ${String(round)}: ${(JSON.stringify(system) as string | undefined)?.slice(0, 400) ?? "undefined"}`;
        chatFake.setUsers("gm");
        let message: { id: string; flags: Record<string, unknown> };
        try {
          message = (await ChatMessage.create({
            type: "resolution",
            system: JSON.parse(JSON.stringify(system ?? null)),
          } as never)) as never;
        } catch (error) {
          // Foundry refuses a document its model does not validate; nothing else may be thrown.
          expect(error, label).toBeInstanceOf(HarnessRefusal);
          refused += 1;
          continue;
        }
        stored += 1;
        try {
          decorateCard(message, cardElement());
          chatFake.setUsers("p1");
          decorateCard(message, cardElement());
          const ask = { userId: "p1", token: SECRET, messageId: message.id };
          await chatFake.users.get("p1")!.setFlag("nobc", "request", sha256Hex(SECRET));
          for (const [name, extra] of [
            ["nobc.setSplit", { side: "attackers", split: [{ actor: unit.uuid, hits: 1 }] }],
            ["nobc.applyCard", {}],
            ["nobc.undoCard", {}],
          ] as const) {
            checkAnswer(await handlers()[name]!({ ...ask, ...extra }), `${label} ${name}`);
          }
        } catch (error) {
          throw new Error(`${label}\nthrew: ${String(error)}`, { cause: error });
        }
      }
    }
    // Both ends were reached: some data was refused by the model, some stored and acted on.
    expect(refused).toBeGreaterThan(20);
    expect(stored).toBeGreaterThan(20);
  }, 120_000);
});
