/**
 * Issue #16, "Done when": arbitrary JSON fed as every query's payload (and, for `nobc.resolve`, as
 * the state of every registered dialog) never throws on the GM's client, and every refusal of a
 * malformed payload names its field. Arbitrary JSON as a card's data is refused by the card's data
 * model (as Foundry refuses a document that fails validation) or, once stored, is rendered, applied,
 * undone and split without an uncaught exception. Arbitrary JSON seldom makes a card that reads, so a
 * third phase starts from a card a real Apply left applied and changes a leaf or two of its `system`
 * (record rows, effects, revision, state): Apply, Undo and split are reached, and each answers with a
 * NOBC reason. Seeded, so a failure is reproducible: the seed and
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
import { cardElement } from "./card-element";
import { MAX_LISTED } from "../../src/words/issues";
import { resetRequestLimits } from "../../src/queries/request-limits";

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

/**
 * Every refusal of a malformed payload names its field ("NOBC.Validation.Problem" with a field, in the harness's key
 * wording), at most `MAX_LISTED` of them and a count of the rest.
 */
function checkAnswer(answer: unknown, label: string): void {
  expect(typeof answer === "object" && answer !== null, label).toBe(true);
  const result = answer as { ok?: unknown; reason?: unknown; details?: unknown };
  expect(typeof result.ok, label).toBe("boolean");
  if (result.ok === true) return;
  expect(typeof result.reason === "string" && result.reason.startsWith("NOBC."), label).toBe(true);
  if (result.reason !== "NOBC.Chat.Refused.badRequest") return;
  expect(Array.isArray(result.details) && result.details.length > 0, label).toBe(true);
  // A handful of problems, each naming its field, then (if there were more) their count (#29).
  const lines = (result.details as unknown[]).map(String);
  const more = lines.at(-1)?.startsWith("NOBC.Validation.MoreProblems") === true;
  expect(lines.length, label).toBeLessThanOrEqual(more ? MAX_LISTED + 1 : MAX_LISTED);
  for (const line of more ? lines.slice(0, -1) : lines) expect(line, label).toMatch(/"field":/);
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
        // The fuzz sends p1's 1,200 requests in seconds; each is to reach the handler's checks, not p1's
        // limits (tests/security/request-limits.test.ts).
        resetRequestLimits();
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
      // A payload of more values than any request carries (a few 300-entry lists) is refused before the dialog is looked up.
      const seen = [...(reasons.get(id) ?? [])].filter((r) => r !== "NOBC.Chat.Refused.requestTooLarge");
      if (schema === undefined) expect(seen, id).toEqual(["NOBC.Request.Refused.gmOnly"]);
      else expect(seen, id).toContain("NOBC.Chat.Refused.badRequest");
    }
  }, 120_000);
});

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
          decorateCard(message, cardElement().el);
          chatFake.setUsers("p1");
          decorateCard(message, cardElement().el);
          const ask = { userId: "p1", token: SECRET, messageId: message.id };
          await chatFake.users.get("p1")!.setFlag("nobc", "request", sha256Hex(SECRET));
          for (const [name, extra] of [
            ["nobc.setSplit", { side: "attackers", split: [{ actor: unit.uuid, hits: 1 }] }],
            ["nobc.applyCard", {}],
            ["nobc.undoCard", {}],
          ] as const) {
            resetRequestLimits();
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

type Path = (string | number)[];

/** Every leaf of a JSON value (an empty list or object counts as one), by its path. */
function leaves(value: unknown, path: Path = []): Path[] {
  if (Array.isArray(value)) return value.length === 0 ? [path] : value.flatMap((v, i) => leaves(v, [...path, i]));
  if (typeof value === "object" && value !== null) {
    const keys = Object.keys(value);
    return keys.length === 0 ? [path] : keys.flatMap((k) => leaves((value as Record<string, unknown>)[k], [...path, k]));
  }
  return [path];
}

/** Sets (or, with `undefined`, deletes) the value at `path` of `root`, in place; nothing when an earlier mutation took the path away. */
function setAt(root: Record<string, unknown>, path: Path, next: unknown): void {
  let at: Record<string | number, unknown> = root;
  for (const step of path.slice(0, -1)) {
    const inner = at[step];
    if (typeof inner !== "object" || inner === null) return;
    at = inner as Record<string | number, unknown>;
  }
  const last = path.at(-1)!;
  if (next === undefined && !Array.isArray(at)) Reflect.deleteProperty(at, last);
  else at[last] = next;
}

describe("fuzz: a valid applied card with mutated leaves", () => {
  it("reaches Apply, Undo and split, never throws, and answers every request with a NOBC reason", async () => {
    const { performCardAction } = await import("../../src/queries/card-actions");
    const { readCard } = await import("../../src/chat/card-data");
    const gm = () => game.users!.get("gm") as unknown as Parameters<typeof performCardAction>[2];
    /** The GM's client answering p1's query (p1's proof set again: switching users makes the users anew). */
    const asP1 = async () => {
      // As above: each request reaches the handler's checks, not p1's limits.
      resetRequestLimits();
      chatFake.setUsers("gm");
      await chatFake.users.get("p1")!.setFlag("nobc", "request", sha256Hex(SECRET));
    };
    let read = 0;
    let reached = 0;
    let done = 0;
    for (const seed of [21, 22]) {
      const random = prng(seed);
      const { pick, value } = generator(random);
      // A real Apply: the GM posts the card, p1 (who owns the unit and its HQ) applies it through the query.
      chatFake.setUsers("gm");
      const hq = unit.system["hq"] as string;
      const effects = [
        { type: "hits", actor: unit.uuid, amount: 1 },
        { type: "hqLevel", actor: hq, delta: -1 },
        { type: "minefield", hex: "0101", present: true, side: "nato" },
      ];
      const base = (await ChatMessage.create({ type: "resolution", system: { effects, state: "pending" } } as never)) as unknown as {
        id: string;
      };
      const ask = { userId: "p1", token: SECRET };
      await asP1();
      const first = await handlers()["nobc.applyCard"]!({ ...ask, messageId: base.id });
      expect(first, `seed ${String(seed)}: the base Apply`).toEqual({ ok: true });
      const applied = JSON.parse(JSON.stringify(chatFake.messages.get(base.id)!.system)) as Record<string, unknown>;
      expect(applied["state"], "the base card stands applied").toBe("applied");
      expect(leaves(applied["record"]).length).toBeGreaterThan(5);
      for (let round = 0; round < 150; round += 1) {
        const system = structuredClone(applied);
        const paths = leaves(system);
        for (let m = random() < 0.6 ? 1 : 2; m > 0; m -= 1) {
          const leaf = pick(paths);
          // Now and then a container above the leaf (a whole row, a whole plan) instead of the leaf.
          const path = random() < 0.3 && leaf.length > 1 ? leaf.slice(0, 1 + Math.floor(random() * (leaf.length - 1))) : leaf;
          const roll = random();
          // A leaf: another value, gone, or a close neighbour (a state, a revision, a row set to null).
          const next =
            roll < 0.15
              ? undefined
              : roll < 0.3
                ? pick(["pending", "applied", "reverted"])
                : roll < 0.45
                  ? Math.floor(random() * 5) - 1
                  : roll < 0.55
                    ? null
                    : value(random() < 0.7 ? 4 : 2);
          setAt(system, path.length === 0 ? ["state"] : path, next);
        }
        // A quarter of the cards also in another state, so Apply of a pending card with a record is reached too.
        if (random() < 0.25) system["state"] = pick(["pending", "applied", "reverted"]);
        const label = `seed ${String(seed)} round ${String(round)}: ${JSON.stringify(system).slice(0, 600)}`;
        chatFake.setUsers("gm");
        let message: { id: string };
        try {
          message = (await ChatMessage.create({ type: "resolution", system: JSON.parse(JSON.stringify(system)) } as never)) as never;
        } catch (error) {
          expect(error, label).toBeInstanceOf(HarnessRefusal);
          continue;
        }
        if (readCard(chatFake.messages.get(message.id)!.system) !== undefined) read += 1;
        try {
          decorateCard(message as never, cardElement().el);
          chatFake.setUsers("p1");
          decorateCard(message as never, cardElement().el);
          for (const [name, extra] of [
            ["nobc.setSplit", { side: "attackers", split: [{ actor: unit.uuid, hits: 1 }] }],
            ["nobc.undoCard", {}],
            ["nobc.applyCard", {}],
          ] as const) {
            await asP1();
            const answer = await handlers()[name]!({ ...ask, messageId: message.id, ...extra });
            checkAnswer(answer, `${label} ${name}`);
            const result = answer as { ok: boolean; reason?: string };
            if (result.ok) done += 1;
            if (result.reason !== "NOBC.Chat.Refused.malformed" && result.reason !== "NOBC.Chat.Refused.tooLarge") reached += 1;
          }
          chatFake.setUsers("gm");
          for (const action of ["undo", "apply"] as const) {
            const answer = await performCardAction(action, message.id, gm());
            checkAnswer(answer, `${label} GM ${action}`);
            if (answer.ok) done += 1;
          }
        } catch (error) {
          throw new Error(`${label}\nthrew: ${String(error)}`, { cause: error });
        }
      }
    }
    // Most mutated cards are still read as cards, so Apply and Undo are reached, and some are carried out.
    expect(read).toBeGreaterThan(40);
    expect(reached).toBeGreaterThan(120);
    expect(done).toBeGreaterThan(5);
  }, 120_000);
});
