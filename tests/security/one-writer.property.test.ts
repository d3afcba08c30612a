/**
 * Issue #29, "Done when": random runs of applies, undos, re-posts, hand edits and GM hand-overs
 * over two GM clients with a 30–40 ms delay (the multi-client harness, tests/harness/clients.ts).
 * Each run builds a fresh world of two units and a few cards hitting them, then plays random steps
 * at random moments of the wire's clock: either GM's Apply or Undo, a card posted again, a GM's
 * hand edit of a unit's strength, and a hand-over of the active GM (seen by the new GM at once, by
 * the old one only after the delay: both write meanwhile).
 *
 * Checked on the server's own order of writes (`net.log`), each card write attributed to the card
 * its client last marked over that unit:
 * - no lost write: every card's write of a strength is one off the value the server held just
 *   before it (a hit −1, its Undo +1), never planned from a value another write had changed;
 * - no double apply: a card's hit lands only when it is not in place, its Undo only when it is;
 * - every card's state agrees with the documents: at the end each card is pending, applied or
 *   undone on every client, applied exactly when its hit is in place, and both clients read the
 *   same strengths as the server.
 *
 * `NOBC_PROPERTY_RUNS` sets the number of runs (200 by default, a few seconds; the issue asks for
 * 10,000: `NOBC_PROPERTY_RUNS=10000 npx vitest run tests/security/one-writer.property.test.ts`).
 */
import "../harness/install";
import { describe, expect, it, vi } from "vitest";
import { Network, type Client } from "../harness/clients";
import type { WireCall } from "../harness/foundry";
import { gmTable, hit, openGmNetwork, type GmTable } from "./gm-clients";

type Raw = Record<string, unknown>;

const RUNS = Number(process.env["NOBC_PROPERTY_RUNS"] ?? 200);
vi.setConfig({ testTimeout: Math.max(120_000, RUNS * 200) });

let seed = 2029;
const random = (): number => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

let net: Network;
openGmNetwork(
  () => 30 + Math.floor(random() * 11),
  (opened) => (net = opened),
);

const UNITS = ["u0", "u1"] as const;

/** Card writes that overwrote a GM's hand edit made while the card was being written (see the test's last line). */
let handEditRaces = 0;

interface Problem {
  readonly run: number;
  readonly what: string;
}

/** The strength a row of a write sets, if it sets one. */
function strengthIn(row: Raw): number | undefined {
  const dotted = row["system.strength.value"];
  if (typeof dotted === "number") return dotted;
  const nested = ((row["system"] as Raw | undefined)?.["strength"] as Raw | undefined)?.["value"];
  return typeof nested === "number" ? nested : undefined;
}

/** Walks the server's writes of one run in order, checking each card write against the value it changes. */
function checkLog(t: GmTable, run: number, cards: ReadonlyMap<string, string>, from: number, problems: Problem[]): Map<string, boolean> {
  const uuidOf = new Map(UNITS.map((u) => [t.unitUuid(u), u]));
  const idOf = new Map(UNITS.map((u) => [t.unitUuid(u).slice("Actor.".length), u]));
  const held = new Map<string, number>(UNITS.map((u) => [u, 4]));
  const landed = new Map<string, boolean>([...cards.keys()].map((c) => [c, false]));
  /** Per client and unit: the card it last marked and how ("applying" / "undoing"). */
  const marked = new Map<string, { card: string; how: string; at: number }>();
  /** Per unit: where in the log its last hand edit is. */
  const edited = new Map<string, number>();
  let at = 0;
  for (const { by, call } of net.log.slice(from) as { by: string; call: WireCall }[]) {
    at += 1;
    if (call.kind === "message" && call.method === "update") {
      const how = (call.args[0] as Raw)["system.state"];
      const unit = cards.get(call.target);
      if (unit !== undefined && (how === "applying" || how === "undoing")) marked.set(`${by}/${unit}`, { card: call.target, how, at });
    } else if (call.kind === "document" && call.method === "update" && uuidOf.has(call.target)) {
      // A GM's hand edit: the server's value is what it set.
      const n = strengthIn(call.args[0] as Raw);
      if (n !== undefined) held.set(uuidOf.get(call.target)!, n);
      edited.set(uuidOf.get(call.target)!, at);
    } else if (call.kind === "class" && call.target === "Actor" && call.method === "updateDocuments") {
      for (const row of call.args[0] as Raw[]) {
        const unit = idOf.get(String(row["_id"]));
        const n = strengthIn(row);
        if (unit === undefined || n === undefined) continue;
        const mark = marked.get(`${by}/${unit}`);
        const before = held.get(unit)!;
        // A hand edit the server took after the card's mark: the card's write may overwrite it (a known limit, counted apart).
        const edit = (edited.get(unit) ?? 0) > (mark?.at ?? Infinity);
        if (mark === undefined) problems.push({ run, what: `${by} wrote ${unit} with no card marked` });
        else if (mark.how === "applying") {
          if (n !== before - 1 && edit) handEditRaces += 1;
          else if (n !== before - 1) problems.push({ run, what: `lost write: ${mark.card} set ${unit} ${String(before)}→${String(n)}` });
          if (landed.get(mark.card) === true) problems.push({ run, what: `double apply: ${mark.card}` });
          landed.set(mark.card, true);
        } else {
          if (n !== before + 1 && edit) handEditRaces += 1;
          else if (n !== before + 1)
            problems.push({ run, what: `lost write: undo of ${mark.card} set ${unit} ${String(before)}→${String(n)}` });
          if (landed.get(mark.card) !== true) problems.push({ run, what: `undo of a card not in place: ${mark.card}` });
          landed.set(mark.card, false);
        }
        held.set(unit, n);
      }
    }
  }
  for (const u of UNITS)
    for (const c of [t.gm, t.gm2])
      if (t.strength(c, u) !== held.get(u))
        problems.push({ run, what: `${c.userId} reads ${u} ${String(t.strength(c, u))}, the server ${String(held.get(u))}` });
  return landed;
}

async function oneRun(run: number, problems: Problem[]): Promise<void> {
  const t = await gmTable({ units: UNITS.length, delay: 0, net });
  const from = net.log.length;
  const cards = new Map<string, string>();
  const post = async (unit: string): Promise<void> => {
    cards.set(await t.post(hit(t.unitUuid(unit))), unit);
  };
  for (let i = 0; i < 3; i += 1) await post(pick(UNITS));
  const clients: Client[] = [t.gm, t.gm2];
  const steps = 6;
  const done: Promise<unknown>[] = [];
  await new Promise<void>((resolve) => {
    let left = steps;
    for (let s = 0; s < steps; s += 1) {
      net.at(Math.floor(random() * 120), () => {
        const roll = random();
        const client = pick(clients);
        const card = pick([...cards.keys()]);
        if (roll < 0.4) done.push(t.act(client, "apply", card));
        else if (roll < 0.65) done.push(t.act(client, "undo", card));
        else if (roll < 0.75) done.push(post(pick(UNITS)));
        else if (roll < 0.88) {
          const unit = pick(UNITS);
          const doc = client.run(() => client.entry.harness.documents().find((d) => d.name === unit)!);
          done.push(client.run(() => doc.update({ "system.strength.value": 3 + Math.floor(random() * 2) })).catch(() => undefined));
        } else {
          // A hand-over: the new GM knows at once, the old one after the delay.
          const [next, old] = random() < 0.5 ? [t.gm, t.gm2] : [t.gm2, t.gm];
          t.believeActive(next);
          net.at(35, () =>
            old.run(() => {
              old.entry.chatFake.activeGM = old.entry.chatFake.users.get(next.userId)!;
            }),
          );
        }
        left -= 1;
        if (left === 0) resolve();
      });
    }
  });
  await Promise.all(done);
  await net.settle();
  const landed = checkLog(t, run, cards, from, problems);
  for (const [card, unit] of cards) {
    for (const c of clients) {
      const state = t.card(c, card)["state"];
      if (state !== "pending" && state !== "applied" && state !== "reverted")
        problems.push({ run, what: `${card} (${unit}) left ${String(state)} on ${c.userId}` });
      else if ((state === "applied") !== (landed.get(card) === true))
        problems.push({
          run,
          what: `${card} (${unit}) is ${state} on ${c.userId}, its hit ${landed.get(card) === true ? "in place" : "not in place"}`,
        });
    }
  }
  if (net.faults.length > 0) problems.push({ run, what: `wire faults: ${String(net.faults.length)}` });
}

describe("one writer at a time, over two GM clients with delay", () => {
  it(`${String(RUNS)} random runs: no lost write, no double apply, every card's state agrees with the documents`, async () => {
    const problems: Problem[] = [];
    for (let run = 0; run < RUNS; run += 1) await oneRun(run, problems);
    expect(problems.slice(0, 20)).toEqual([]);
    // A hand edit made through Foundry's sheet while a card writes the same unit is not ordered
    // against the card (Foundry has no conditional write): docs/authority.md says so. Reported, not hidden.
    console.info(`${String(RUNS)} runs: ${String(handEditRaces)} card writes overwrote a hand edit made while they were in flight`);
  });
});
