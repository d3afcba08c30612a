/**
 * What the games scripted through the harness share (tests/turn/full-turn.test.ts,
 * tests/turn/board-game.test.ts): the dice they script, the expected state they fold changes into,
 * the cards they name and follow, the requests the GM's client answers, and the write calls an
 * Apply or Undo makes. Each test file gets its own copy of this module (vitest isolates files).
 */
import { expect } from "vitest";
import { chatFake, type PostedMessage } from "../harness/chat-fake";
import { harness } from "../harness/foundry";
import { combatFake } from "../combat/combat-fake";
import type { NobcApi } from "../../src/nobc";

type Raw = Record<string, unknown>;
const g = globalThis as unknown as { game: { nobc: NobcApi } & Raw; CONFIG: Raw; Hooks: { callAll(n: string, ...a: unknown[]): boolean } };

/** A chat message as these tests read it. */
export type Message = PostedMessage;

/* ----------------------------------- start ------------------------------------ */

/**
 * Starts the game once per file: a fresh turn tracker stand-in, `game.messages.contents` read from
 * the cards in chat (the air battle reads its records there), and Foundry's init hook run (the
 * test file imports src/nobc.ts, which puts its hook in). Returns `game.nobc`.
 */
export function startGame(): NobcApi {
  combatFake.reset();
  Object.defineProperty(g.game["messages"] as object, "contents", { get: () => [...chatFake.messages.values()], configurable: true });
  g.Hooks.callAll("init");
  return g.game.nobc;
}

/* ------------------------------- scripted dice ------------------------------- */

/** Faces Foundry's random source will give, in order (CONFIG.Dice.randomUniform is stubbed). */
export const faces: number[] = [];
export function dice(...next: number[]): void {
  faces.push(...next);
}

/** Stubs Foundry's random source to give the scripted faces; a die the test did not script throws. */
export function scriptDice(): void {
  g.CONFIG["Dice"] = {
    randomUniform: () => {
      const face = faces.shift();
      if (face === undefined) throw new Error("a die was rolled that the test did not script");
      return (face - 0.5) / 6;
    },
  };
}

export function unscriptDice(): void {
  delete g.CONFIG["Dice"];
}

/* ------------------------------ expected state ------------------------------- */

/** Folds `changes` into `target`, object by object; `undefined` removes a key (a document that is gone); arrays are replaced whole. */
export function merge(target: Raw, changes: Raw): void {
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined)
      Reflect.deleteProperty(target, k); // a document that is gone (a discarded card)
    else if (
      typeof v === "object" &&
      v !== null &&
      !Array.isArray(v) &&
      typeof target[k] === "object" &&
      target[k] !== null &&
      !Array.isArray(target[k])
    )
      merge(target[k] as Raw, v as Raw);
    else target[k] = structuredClone(v);
  }
}

/* ---------------------------------- requests ---------------------------------- */

/**
 * Wraps the GM's request handler (the system's own, `CONFIG.queries["nobc.resolve"]`) so that each
 * request it answers is recorded as "<user> <dialog id>" in the list returned.
 */
export function recordRequests(): string[] {
  const requests: string[] = [];
  const queries = g.CONFIG["queries"] as Record<string, (data: unknown, options?: unknown) => Promise<unknown>>;
  const resolve = queries["nobc.resolve"]!;
  queries["nobc.resolve"] = async (data, options) => {
    const asked = data as { userId: string; dialog: string };
    requests.push(`${asked.userId} ${asked.dialog}`);
    return resolve(data, options);
  };
  return requests;
}

/* ----------------------------------- cards ------------------------------------ */

export const messages = (): Message[] => [...chatFake.messages.values()];

/** Cards posted, by the name the test gives them, and the state each must be in. */
export const cards = new Map<string, string>();
export const expectedStates = new Map<string, string>();

/** Names the messages posted since the last call, in order; checks how many there were. */
export function posted(...names: string[]): Message[] {
  const fresh = messages().slice(cards.size);
  expect(fresh).toHaveLength(names.length);
  fresh.forEach((m, i) => {
    cards.set(names[i]!, m.id);
    expectedStates.set(names[i]!, m.type === "resolution" ? "pending" : "info");
  });
  return fresh;
}

export const message = (name: string): Message => chatFake.messages.get(cards.get(name)!)!;
export const stateOf = (name: string): string => (message(name).type === "resolution" ? (message(name).system["state"] as string) : "info");
export const effectsOf = (name: string): Raw[] => message(name).system["effects"] as Raw[];

/** Checks every named card is in the state expected of it. */
export function expectCards(): void {
  expect(Object.fromEntries([...cards.keys()].map((n) => [n, stateOf(n)]))).toEqual(Object.fromEntries(expectedStates));
}

/* ------------------------------- write counting ------------------------------- */

export interface Writes {
  actors: number;
  itemUpdates: number;
  itemCreations: number;
  itemDeletions: number;
  scenes: number;
  tokenCreations: number;
  tokenDeletions: number;
}

const count = (calls: { method: string }[], method: string) => calls.filter((c) => c.method === method).length;
function writes(): Writes {
  return {
    actors: count(harness.Actor.calls, "updateDocuments"),
    itemUpdates: count(harness.Item.calls, "updateDocuments"),
    itemCreations: count(harness.Item.calls, "createDocuments"),
    itemDeletions: count(harness.Item.calls, "deleteDocuments"),
    scenes: count(harness.Scene.calls, "updateDocuments") + count(harness.Scene.calls, "update"),
    tokenCreations: count(harness.Token.calls, "createDocuments"),
    tokenDeletions: count(harness.Token.calls, "deleteDocuments"),
  };
}
const NONE: Writes = { actors: 0, itemUpdates: 0, itemCreations: 0, itemDeletions: 0, scenes: 0, tokenCreations: 0, tokenDeletions: 0 };

/** Runs `act` and checks the write calls it made, by kind (all others none). */
export async function expectWrites(made: Partial<Writes>, act: () => Promise<unknown>): Promise<void> {
  const before = writes();
  await act();
  const after = writes();
  const delta = Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - before[k as keyof Writes]]));
  expect(delta).toEqual({ ...NONE, ...made });
}
