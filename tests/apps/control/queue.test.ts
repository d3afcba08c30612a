/**
 * Control's queue derived from the documents (src/apps/control/queue.ts): each kind of item arises
 * from its source and leaves once the source says it is settled; sectors, oldest first.
 */
import { describe, expect, it } from "vitest";
import {
  cardSector,
  gmCards,
  queueItems as derive,
  requestSector,
  type QueueMessage,
  type QueueSources,
} from "../../../src/apps/control/queue";

/** The queue as the reader gives it: the GM's cards read from the messages (the card index does it in Foundry). */
const queueItems = (s: Omit<QueueSources, "cards">) => derive({ ...s, cards: gmCards(s.messages) });

const ARMY = "Actor.army";
const CORPS = "Actor.corps";
const UNIT = "Actor.unit";
const OTHER = "Actor.other";
const SQUADRON = "Actor.sq";
const CARD = `${CORPS}.Item.nuke`;

const gm = { id: "gm", isGM: true };
const player = { id: "p1", isGM: false };

function sources(over: Partial<QueueSources> = {}): Omit<QueueSources, "cards"> {
  return {
    now: { turn: 2, stage: "movement" },
    messages: [],
    units: [
      { id: UNIT, hex: "0505", hq: CORPS },
      { id: OTHER, hex: "0505" },
    ],
    hqs: [
      { id: ARMY, hex: "0909" },
      { id: CORPS, hex: "0606", parent: ARMY },
    ],
    squadrons: [{ id: SQUADRON, side: "nato", box: "damaged" }],
    names: new Map([
      [UNIT, "3rd Armd Bde"],
      [SQUADRON, "92 Sqn"],
      [CARD, "Nuclear strike"],
    ]),
    breaches: new Set(),
    gms: new Set(["gm"]),
    ...over,
  };
}

const card = (id: string, system: Record<string, unknown>, timestamp: number, author = gm): QueueMessage => ({
  id,
  type: "resolution",
  author,
  timestamp,
  system: { effects: [], state: "pending", ...system },
});

const wmdRequest = (id: string, status: string, timestamp: number, author = gm): QueueMessage => ({
  id,
  author,
  timestamp,
  flags: {
    nobc: {
      wmdRequest: {
        state: { card: CARD, target: "nuclear", hex: "0707", otherHex: "", identification: ["", ""] },
        requestedBy: "p1",
        status,
      },
    },
  },
});

const stackingCard = (id: string, turn: number, hexes: string[], timestamp: number): QueueMessage => ({
  id,
  author: gm,
  timestamp,
  flags: { nobc: { stackingEnd: { turn, violations: hexes.map((hex) => ({ hex, rule: "r", units: [UNIT] })) } } },
});

describe("nuclear and ADM release", () => {
  it("waits while the GM's request message is pending, in the asking HQ's sector, and leaves once released or refused", () => {
    const [item] = queueItems(sources({ messages: [wmdRequest("m1", "pending", 100)] }));
    expect(item).toEqual({
      id: "wmd:m1",
      kind: "wmd",
      sector: { war: "land", hqs: [CORPS, ARMY], hex: "0707" },
      since: 100,
      subject: "Nuclear strike",
      settle: { action: "openMessage", message: "m1" },
    });
    expect(queueItems(sources({ messages: [wmdRequest("m1", "released", 100)] }))).toEqual([]);
    expect(queueItems(sources({ messages: [wmdRequest("m1", "refused", 100)] }))).toEqual([]);
  });
  it("ignores a player's lookalike", () => {
    expect(queueItems(sources({ messages: [wmdRequest("m1", "pending", 100, player)] }))).toEqual([]);
  });
});

describe("stacking breaches at the end of Movement", () => {
  it("waits for each hex of this turn's card that still breaks stacking, and leaves when it no longer does or the turn moves on", () => {
    const messages = [stackingCard("s1", 2, ["0505", "0808"], 50)];
    const items = queueItems(sources({ messages, breaches: new Set(["0505"]) }));
    expect(items).toEqual([
      {
        id: "stacking:s1:0505",
        kind: "stacking",
        sector: { war: "land", hqs: [CORPS, ARMY], hex: "0505" },
        since: 50,
        subject: "0505",
        settle: { action: "pan", uuid: UNIT },
      },
    ]);
    expect(queueItems(sources({ messages, breaches: new Set() }))).toEqual([]);
    expect(queueItems(sources({ messages, breaches: new Set(["0505"]), now: { turn: 3, stage: "airAllocation" } }))).toEqual([]);
  });
});

describe("retreats not answered", () => {
  const imposing = card("c1", { state: "applied", effects: [{ type: "retreat", actor: UNIT, hexes: 2 }] }, 10);
  it("waits for a retreat an applied card imposes, and leaves once a retreat card answers it", () => {
    expect(queueItems(sources({ messages: [imposing] }))).toEqual([
      {
        id: `retreat:c1:${UNIT}`,
        kind: "retreat",
        sector: { war: "land", hqs: [CORPS, ARMY], hex: "0505" },
        since: 10,
        subject: "3rd Armd Bde",
        settle: { action: "retreat", source: "c1" },
      },
    ]);
    const answer = card("c2", { once: `retreat:c1:${UNIT}` }, 20);
    expect(queueItems(sources({ messages: [imposing, answer] }))).toEqual([]);
  });
  it("does not wait for a unit no longer in the world", () => {
    expect(queueItems(sources({ messages: [imposing], units: [] }))).toEqual([]);
  });
});

describe("damaged squadrons nobody asked to repair", () => {
  const repairStage = { turn: 2, stage: "airRepair" } as const;
  it("wait in step 9 while no card of this turn holds their repair", () => {
    const items = queueItems(sources({ now: repairStage }));
    expect(items).toEqual([
      {
        id: `repair:${SQUADRON}:2`,
        kind: "repair",
        sector: { war: "air", hqs: [], hex: null },
        since: 0,
        subject: "92 Sqn",
        settle: { action: "repair", side: "nato", squadron: SQUADRON },
      },
    ]);
  });
  it("leave once a repair is asked for, the squadron leaves the damaged box, or step 9 is over", () => {
    const asked = card("r1", { holds: [`repair:${SQUADRON}:2`] }, 30);
    expect(queueItems(sources({ now: repairStage, messages: [asked] }))).toEqual([]);
    // Last turn's repair does not count for this one.
    const old = card("r0", { holds: [`repair:${SQUADRON}:1`] }, 5);
    expect(queueItems(sources({ now: repairStage, messages: [old] }))).toHaveLength(1);
    expect(queueItems(sources({ now: repairStage, squadrons: [{ id: SQUADRON, side: "nato", box: "ready" }] }))).toEqual([]);
    expect(queueItems(sources({ now: { turn: 2, stage: "airCapacity" } }))).toEqual([]);
  });
});

describe("cards that need an umpire's override", () => {
  const asked = (system: Record<string, unknown>) =>
    card(
      "o1",
      { requestedBy: "p1", turn: 2, action: "land.orders", effects: [{ type: "mode", actor: UNIT, mode: "combat" }], ...system },
      40,
    );
  it("wait while a player's pending card may no longer be applied by the player (its stage or turn is past)", () => {
    const [item] = queueItems(sources({ messages: [asked({})] }));
    expect(item).toMatchObject({
      id: "override:o1",
      kind: "override",
      sector: { war: "land", hqs: [CORPS, ARMY], hex: "0505" },
      since: 40,
      settle: { action: "openMessage", message: "o1" },
    });
  });
  it("do not wait in their own stage, once applied, for a GM's own card, or once deleted", () => {
    expect(queueItems(sources({ now: { turn: 2, stage: "orders" }, messages: [asked({})] }))).toEqual([]);
    expect(queueItems(sources({ messages: [asked({ state: "applied" })] }))).toEqual([]);
    expect(queueItems(sources({ messages: [asked({ requestedBy: "gm" })] }))).toEqual([]);
    expect(queueItems(sources({ messages: [] }))).toEqual([]);
  });
});

describe("the order", () => {
  it("is oldest first across kinds", () => {
    const messages = [
      wmdRequest("m1", "pending", 300),
      card("c1", { state: "applied", effects: [{ type: "retreat", actor: UNIT, hexes: 1 }] }, 100),
      stackingCard("s1", 2, ["0505"], 200),
    ];
    expect(queueItems(sources({ messages, breaches: new Set(["0505"]) })).map((i) => i.kind)).toEqual(["retreat", "stacking", "wmd"]);
  });
});

describe("the sector of a request and of a card", () => {
  const on = sources();
  it("a request: the war of its dialog's stage, the HQ chain of what it names, the first one's hex", () => {
    expect(requestSector(on, "land.wmd", [CARD])).toEqual({ war: "land", hqs: [CORPS, ARMY], hex: "0606" });
    expect(requestSector(on, "airMissions.repair", [SQUADRON])).toEqual({ war: "air", hqs: [], hex: null });
    // An umpire's toolkit procedure is no turn action: no war.
    expect(requestSector(on, "toolkit.window", [UNIT])).toEqual({ war: null, hqs: [CORPS, ARMY], hex: "0505" });
  });
  it("a card: its action's war and what its effects touch", () => {
    const effects = [{ type: "hits" as const, actor: OTHER, amount: 1 }];
    expect(cardSector(on, { action: "groundCombat.plan", effects })).toEqual({ war: "land", hqs: [], hex: "0505" });
    expect(cardSector(on, { effects: [{ type: "hits", actor: UNIT, amount: 1 }] })).toEqual({ war: null, hqs: [CORPS, ARMY], hex: "0505" });
  });
});
