/**
 * The bots of a bot game (./game.ts, issue #37): for one user, what the current stage offers them,
 * as a catalogue of actions through the entry points a user has, one chosen at random (the game's
 * seeded generator), then carried out on that user's own client.
 *
 * Entry points (each action's `kind`):
 * - `stage-action`: a button of the turn panel for the stage (`stageActions`, as the tracker lists
 *   them: a player's leaves out the GM's), opening its dialog; `dialog`: a dialog opened by id with
 *   arguments (`game.nobc.openDialog`, as the macros do). Either way the bot fills the form through
 *   the dialog's controller (`dialog.change`, the form's own names), then Submit (`dialog.resolve`):
 *   a player's becomes a request the GM's client answers.
 * - `drag-token`: a token dragged along a path of hexes (`token.move(waypoints, { method: "dragging" })`,
 *   as the canvas and the movement tests drag).
 * - `card:apply` / `card:undo`: a card's Apply or Undo button (`requestCardAction`).
 * - `card-drop`: a support card dropped on a unit (`assignCard`, the drop handler's call).
 * - `card:split`: the split editor of a pending ground-combat card (`requestSetSplit`, its Save
 *   split button's call), the hits of a shared side typed again by the owner of its units.
 * - `wmd:release` / `wmd:refuse`: Control's Release or Refuse on a nuclear or ADM request's message
 *   (`releaseWmdRequest`, `refuseWmdRequest`, the buttons' calls); the request is the player's
 *   `land.wmd` dialog.
 * - `tracker:advance`: the tracker's Next stage (`advanceTurn`), the GM's; a player's click is wrong.
 * - `drop-out`: the first GM's client drops out (`net.dropOut`, once, in half the games: ./game.ts
 *   decides when); gm2 is the active GM from then on and the GM's actions are theirs.
 *
 * Some attempts are deliberately wrong (`wrong` says why): another side's unit dragged, a drag out
 * of the Movement phase or far beyond any allowance, a dialog of another stage, another side's card
 * dropped or applied, a card's Undo when it is not applied, a player's Next stage. Each must be refused.
 */
import type { Client, Network } from "../harness/clients";
import type { BotAction, StepOutcome, WorldSnapshot } from "./contract";
import { MISSION_BOXES } from "../../src/rules/nobc/air/allocation";
import { STAGES } from "../../src/rules/nobc/turn";
import type * as Registry from "../../src/combat/registry";
import type * as Dialogs from "../../src/apps/base/registry";
import type * as Advance from "../../src/combat/advance";
import type * as CardRequests from "../../src/queries/register";
import type * as Assignment from "../../src/queries/card-assignment";
import type * as Read from "../../src/world/read";
import type * as SideRead from "../../src/world/side-read";
import type * as Grid from "../../src/map/hex-grid";
import type * as SheetsFake from "../harness/sheets-fake";
import type * as ChatFake from "../harness/chat-fake";
import type * as Actors from "../harness/actors";
import type * as RulesRecord from "../../src/documents/rules-record";
import type * as WmdRequest from "../../src/apps/land/wmd/request";
import type * as Splits from "../../src/chat/splits";
import type * as AirWorld from "../../src/apps/air/battle/world";
import type * as Allocation from "../../src/apps/air/battle/allocation/state";
import type * as LineUp from "../../src/apps/air/battle/lineup/state";
import type { Battlefield, WorldCard } from "../../src/world/battlefield";
import { IDENTIFICATION_CARD_CATEGORIES } from "../../src/rules/nobc/land/rear-area";

type Raw = Record<string, unknown>;

/** One client's own copies of the modules the bots call. */
export interface Code {
  readonly registry: typeof Registry;
  readonly dialogs: typeof Dialogs;
  readonly advance: typeof Advance;
  readonly cards: typeof CardRequests;
  readonly assignment: typeof Assignment;
  readonly read: typeof Read;
  /** The battlefield as a player's dialogs read it under double-blind (their side's field). */
  readonly sideRead: typeof SideRead;
  readonly grid: typeof Grid;
  readonly sheets: typeof SheetsFake;
  readonly chat: typeof ChatFake;
  readonly actors: typeof Actors;
  readonly record: typeof RulesRecord;
  /** The split editor's reading of a ground-combat card (the sides whose shared hits the owner may split). */
  readonly splits: typeof Splits;
  /** Control's Release and Refuse of a nuclear or ADM request (the buttons of its message). */
  readonly wmd: typeof WmdRequest;
  /** The air battle as its dialogs read it, and what the Allocation and the Line-up leave a user to decide (the bots' duties). */
  readonly air: { readonly world: typeof AirWorld; readonly allocation: typeof Allocation; readonly lineUp: typeof LineUp };
  /** The module state a fresh page load has not: cleared before each game's init. */
  readonly resets: readonly (() => void)[];
  /** The hooks src/nobc.ts put in when it was evaluated (init, setup, ready), put in again for each game. */
  readonly startHooks: { readonly once: boolean; readonly name: string; readonly fn: (...args: never[]) => unknown }[];
}

export interface BotContext {
  readonly net: Network;
  readonly code: ReadonlyMap<string, Code>;
  /** Each actor's owner by actor id. */
  readonly owners: ReadonlyMap<string, string>;
  readonly rng: () => number;
  /** The active GM's user (gm, or gm2 once gm's client dropped out). */
  gm(): string;
  /** The server's snapshot just before each card applied was applied, by message id (for Undo's invariant). */
  readonly appliedBefore: Map<string, { readonly before: WorldSnapshot; readonly after: WorldSnapshot }>;
  position(): { readonly turn: number; readonly stage: number } | null;
  /** Waits until everything the last action set off is done (./game.ts). */
  quiesce(): Promise<void>;
  /** Double-blind: a player's bot chooses from what their side knows (their dialogs' field), not the truth. */
  readonly blind?: boolean;
}

const PLAYERS = ["p1", "p2", "p3", "p4"] as const;
const sideOf = (user: string): "nato" | "wp" => (user === "p1" || user === "p2" ? "nato" : "wp");

interface Candidate {
  readonly weight: number;
  readonly make: () => Omit<BotAction, "index" | "user"> | null;
}

const pick = <T>(rng: () => number, list: readonly T[]): T | undefined =>
  list.length === 0 ? undefined : list[Math.floor(rng() * list.length)];

function weighted(rng: () => number, list: readonly Candidate[]): Candidate | undefined {
  const total = list.reduce((s, c) => s + c.weight, 0);
  let r = rng() * total;
  for (const c of list) {
    r -= c.weight;
    if (r < 0) return c;
  }
  return list.at(-1);
}

export interface CardView {
  readonly id: string;
  /** Its place in the chat (every copy holds the messages in the server's order): what a replay finds it by, whatever ids the chat drew. */
  readonly nth: number;
  readonly state: string;
  readonly actors: readonly string[];
  /** The types of its effects, with the actor each names. */
  readonly effects: readonly { readonly type: string; readonly actor: string | undefined }[];
}

/** The resolution cards in `client`'s chat, oldest first, with the actors their effects name. */
export function cardsOf(client: Client): CardView[] {
  return client.run(() =>
    [...client.entry.chatFake.messages.values()]
      .map((m, nth) => ({ m, nth }))
      .filter(({ m }) => m.type === "resolution")
      .map(({ m, nth }) => {
        const system = m.system;
        const effects = Array.isArray(system["effects"]) ? (system["effects"] as Raw[]) : [];
        const actors = effects
          .map((e) => e["actor"] ?? e["unit"] ?? e["squadron"] ?? e["airbase"])
          .filter((a): a is string => typeof a === "string");
        const kinds = effects.map((e) => ({ type: String(e["type"]), actor: typeof e["actor"] === "string" ? e["actor"] : undefined }));
        return { id: m.id, nth, state: String(system["state"]), actors, effects: kinds };
      }),
  );
}

/** A card as an action names it: its id (for the reader) and its place in the chat (for the replay). */
export const cardArgs = (c: CardView): Raw => ({ card: c.id, nth: c.nth });

/** The nuclear and ADM requests in `client`'s chat (the GM's messages with Release and Refuse), with their place in the chat. */
function wmdRequestsOf(client: Client): { nth: number; status: string }[] {
  return client.run(() =>
    [...client.entry.chatFake.messages.values()].flatMap((m, nth) => {
      const flag = ((m as unknown as { flags?: Raw }).flags?.["nobc"] as Raw | undefined)?.["wmdRequest"] as Raw | undefined;
      return flag === undefined ? [] : [{ nth, status: String(flag["status"]) }];
    }),
  );
}

const bare = (uuid: string): string => uuid.replace(/^Actor\./, "").split(".")[0]!;

/** What `user`'s client reads of the battlefield (open table: every unit; double-blind: what a player's side knows). */
function fieldOf(ctx: BotContext, client: Client): Battlefield {
  const code = ctx.code.get(client.name)!;
  return client.run(() => (ctx.blind === true ? code.sideRead.askerField(code.read.readBattlefield()).field : code.read.readBattlefield()));
}

/** A path from `from` of `length` hexes: each step a random neighbour on the map (straight when `straight`). */
function pathFrom(ctx: BotContext, client: Client, from: string, length: number, straight: boolean, field: Battlefield): string[] | null {
  const grid = ctx.code.get(client.name)!.grid;
  const map = field.map?.map;
  if (map === undefined) return null;
  const path: string[] = [];
  let at = grid.offsetOf(from);
  const dir = pick(ctx.rng, grid.HEX_DIRECTIONS)!;
  for (let k = 0; k < length; k++) {
    const next = grid.neighbour(at, straight ? dir : pick(ctx.rng, grid.HEX_DIRECTIONS)!);
    if (!grid.inMap(next, map.columns, map.rows)) return path.length > 0 && !straight ? path : null;
    const label = grid.hexLabel(next);
    if (path.includes(label) || label === from) return path.length > 0 && !straight ? path : null;
    path.push(label);
    at = next;
  }
  return path;
}

/** The GM's catalogue for the stage. */
function gmCandidates(ctx: BotContext, gm: Client, stage: string, onDuty = false): Candidate[] {
  const code = ctx.code.get(gm.name)!;
  const buttons = gm.run(() => code.registry.stageActions(stage as Registry.StageId, true));
  const cards = cardsOf(gm);
  const pending = cards.filter((c) => c.state === "pending");
  const applied = cards.filter((c) => c.state === "applied");
  const notApplied = cards.filter((c) => c.state === "reverted" || c.state === "pending");
  const requests = wmdRequestsOf(gm);
  const pendingRequests = requests.filter((r) => r.status === "pending");
  const closed = requests.filter((r) => r.status !== "pending");
  return [
    // Control answers a nuclear or ADM request: mostly Release (the rules then check it), now and then Refuse with a reason.
    {
      weight: pendingRequests.length > 0 ? 3 : 0,
      make: () => {
        const r = pick(ctx.rng, pendingRequests)!;
        return ctx.rng() < 0.7
          ? { kind: "wmd:release", args: { nth: r.nth } }
          : { kind: "wmd:refuse", args: { nth: r.nth, reason: "fuzz: not now" } };
      },
    },
    // A request already answered, answered again (a second click): refused.
    {
      weight: closed.length > 0 ? 0.2 : 0,
      make: () => ({ kind: "wmd:release", args: { nth: pick(ctx.rng, closed)!.nth }, wrong: "answered" }),
    },
    ...buttons.map((b) => ({ weight: 2 / buttons.length, make: () => ({ kind: "stage-action", args: { id: b.id, changes: [] } }) })),
    // Apply (mostly, when allocations wait for it: the line-up reads the boxes they put the squadrons in).
    { weight: pending.length > 0 ? (onDuty ? 9 : 3) : 0, make: () => ({ kind: "card:apply", args: cardArgs(pick(ctx.rng, pending)!) }) },
    // Undo of the newest applied card (the one whose Undo the invariants can check exactly).
    { weight: applied.length > 0 ? 1 : 0, make: () => ({ kind: "card:undo", args: cardArgs(applied.at(-1)!) }) },
    {
      weight: notApplied.length > 0 ? 0.3 : 0,
      make: () => ({ kind: "card:undo", args: cardArgs(pick(ctx.rng, notApplied)!), wrong: "stale-undo" }),
    },
  ];
}

/** A player's catalogue for the stage. */
function playerCandidates(ctx: BotContext, client: Client, stage: string, onDuty = false): Candidate[] {
  const user = client.userId;
  const side = sideOf(user);
  const code = ctx.code.get(client.name)!;
  const field = fieldOf(ctx, client);
  // Units on the map (one eliminated on the way has no token, no hex).
  const placed = field.units.filter((u) => u.hex !== "");
  const mine = placed.filter((u) => ctx.owners.get(bare(u.id)) === user);
  const theirs = placed.filter((u) => u.side !== side);
  const myHqs = field.hqs.filter((h) => ctx.owners.get(bare(h.id)) === user);
  const buttons = client.run(() => code.registry.stageActions(stage as Registry.StageId, false));
  const cards = cardsOf(client);
  const ownCard = (c: CardView) => c.actors.length > 0 && c.actors.every((a) => ctx.owners.get(bare(a)) === user);
  const pendingMine = cards.filter((c) => c.state === "pending" && ownCard(c));
  const pendingTheirs = cards.filter(
    (c) =>
      c.state === "pending" &&
      c.actors.length > 0 &&
      c.actors.every((a) => !PLAYERS.filter((p) => sideOf(p) === side).includes(ctx.owners.get(bare(a)) as never)),
  );
  const appliedMine = cards.filter((c) => c.state === "applied" && ownCard(c));
  const movement = stage === "movement";
  const support = field.cards.filter((c) => myHqs.some((h) => h.id === c.hq));
  const enemySupport = field.cards.filter((c) => field.hqs.some((h) => h.id === c.hq && h.side !== side));
  const adjacent = (a: string, b: string) => code.grid.hexDistance(code.grid.offsetOf(a), code.grid.offsetOf(b)) === 1;
  /** The hexes next to one of `units` (a set: the contacts are found in one pass over the enemy, not a pass per pair). */
  const around = (units: readonly { hex: string }[]): Set<string> => {
    const out = new Set<string>();
    for (const u of units) {
      const at = code.grid.offsetOf(u.hex);
      for (const dir of code.grid.HEX_DIRECTIONS) {
        const next = code.grid.neighbour(at, dir);
        if (next.col >= 0 && next.row >= 0 && next.col < code.grid.MAX_LABEL_INDEX && next.row < code.grid.MAX_LABEL_INDEX)
          out.add(code.grid.hexLabel(next));
      }
    }
    return out;
  };

  // A user with a part of the Allocation or the Line-up to decide mostly opens that step's dialog.
  const air = (id: string) => onDuty && (id === "air.allocation" || id === "air.lineUp");
  const out: Candidate[] = buttons.map((b) => ({
    weight: air(b.id) ? 12 : 3 / buttons.length,
    make: () => ({ kind: "stage-action", args: { id: b.id, changes: formFor(ctx, b.id, side, field, support) } }),
  }));
  // Orders for one of my HQs, opened by the macro with its HQ (every unit's mode chosen).
  if (stage === "orders" && myHqs.length > 0)
    out.push({
      weight: 3,
      make: () => {
        const hq = pick(ctx.rng, myHqs)!;
        return { kind: "dialog", args: { id: "land.orders", open: { hq: hq.id }, changes: ordersForm(ctx, field, hq.id) } };
      },
    });
  // A nuclear or ADM card of mine played (Control's release asked): mostly in the Rear Area phase, where the rules use them.
  const weapons = support.filter((c) => c.category === "nuclear" || c.category === "adm");
  if (weapons.length > 0)
    out.push({
      weight: stage === "rearArea" ? 2 : 0.1,
      make: () => ({
        kind: "dialog",
        args: { id: "land.wmd", open: {}, changes: wmdForm(ctx, code, pick(ctx.rng, weapons)!, side, field, support) },
      }),
    });
  // A ground combat against an enemy next to my units.
  const nextToMine = stage === "groundCombat" ? around(mine) : new Set<string>();
  const contacts = theirs.filter((t) => nextToMine.has(t.hex));
  if (contacts.length > 0)
    out.push({
      weight: 4,
      make: () => {
        const target = pick(ctx.rng, contacts)!;
        const attackers = mine.filter((m) => adjacent(m.hex, target.hex)).map((m) => m.id);
        return {
          kind: "dialog",
          args: { id: "groundCombat.plan", open: {}, changes: [{ attackerSide: side }, { target: target.hex }, { attackers }] },
        };
      },
    });
  if (movement && mine.length > 0)
    out.push({
      weight: 6,
      make: () => {
        const unit = pick(ctx.rng, mine)!;
        const path = pathFrom(ctx, client, unit.hex, 1 + Math.floor(ctx.rng() * 3), false, field);
        return path === null ? null : { kind: "drag-token", args: { actor: bare(unit.id), path } };
      },
    });
  out.push({
    weight: pendingMine.length > 0 ? 1 : 0,
    make: () => ({ kind: "card:apply", args: cardArgs(pick(ctx.rng, pendingMine)!) }),
  });
  out.push({ weight: appliedMine.length > 0 ? 0.5 : 0, make: () => ({ kind: "card:undo", args: cardArgs(appliedMine.at(-1)!) }) });
  // The split editor: a shared side of a pending ground combat whose units are mine, its hits typed again.
  const splits = splitsOf(client, code).filter((v) => v.rows.every((r) => ctx.owners.get(bare(r.actor)) === user));
  out.push({ weight: splits.length > 0 ? 2 : 0, make: () => splitAction(ctx, pick(ctx.rng, splits)!) });
  // Another side's split typed: refused.
  const otherSplits = splitsOf(client, code).filter((v) =>
    v.rows.every((r) => !PLAYERS.filter((p) => sideOf(p) === side).includes(ctx.owners.get(bare(r.actor)) as never)),
  );
  out.push({
    weight: otherSplits.length > 0 ? 0.2 : 0,
    make: () => ({ ...splitAction(ctx, pick(ctx.rng, otherSplits)!), wrong: "enemy-split" }),
  });
  // A support card of mine dropped on one of my units.
  out.push({
    weight: support.length > 0 && mine.length > 0 ? 0.7 : 0,
    make: () => ({ kind: "card-drop", args: { card: pick(ctx.rng, support)!.id, unit: pick(ctx.rng, mine)!.id } }),
  });

  // A retreat a combat card owes one of my units: the owner's answer (the dialog opens on the first owed, its path proposed).
  const owesRetreat = cards.some(
    (c) =>
      c.state === "applied" &&
      c.effects.some((e) => e.type === "retreat" && e.actor !== undefined && ctx.owners.get(bare(e.actor)) === user),
  );
  out.push({ weight: owesRetreat ? 3 : 0.05, make: () => ({ kind: "dialog", args: { id: "land.retreat", open: {}, changes: [] } }) });
  // Cards an attack on one of my HQs makes it give up: the owner ticks which (any of the HQ's; too many or too few is refused).
  const owesCards = cards.some(
    (c) =>
      c.state === "applied" &&
      c.effects.some((e) => e.type === "hqCardsLost" && e.actor !== undefined && myHqs.some((h) => h.id === e.actor)),
  );
  out.push({
    weight: owesCards ? 3 : 0.05,
    make: () => {
      const ticks: Raw = {};
      for (const c of support) if (ctx.rng() < 0.5) ticks[`card:${c.id}`] = true;
      return { kind: "dialog", args: { id: "land.cardLoss", open: {}, changes: [ticks] } };
    },
  });

  // Deliberately wrong.
  out.push({ weight: 0.2, make: () => ({ kind: "tracker:advance", args: {}, wrong: "not-gm" }) });
  out.push({
    weight: theirs.length > 0 ? 0.3 : 0,
    make: () => {
      const unit = pick(ctx.rng, theirs)!;
      const path = pathFrom(ctx, client, unit.hex, 1, false, field);
      return path === null ? null : { kind: "drag-token", args: { actor: bare(unit.id), path }, wrong: "enemy-unit" };
    },
  });
  out.push({
    weight: mine.length > 0 ? 0.3 : 0,
    make: () => {
      const unit = pick(ctx.rng, mine)!;
      const path = pathFrom(ctx, client, unit.hex, movement ? 16 : 1, movement, field);
      return path === null
        ? null
        : { kind: "drag-token", args: { actor: bare(unit.id), path }, wrong: movement ? "beyond-mp" : "out-of-stage" };
    },
  });
  if (stage !== "orders" && myHqs.length > 0)
    out.push({
      weight: 0.2,
      make: () => ({
        kind: "dialog",
        args: { id: "land.orders", open: { hq: pick(ctx.rng, myHqs)!.id }, changes: [] },
        wrong: "out-of-stage",
      }),
    });
  out.push({
    weight: enemySupport.length > 0 && mine.length > 0 ? 0.2 : 0,
    make: () => ({
      kind: "card-drop",
      args: { card: pick(ctx.rng, enemySupport)!.id, unit: pick(ctx.rng, mine)!.id },
      wrong: "card-not-held",
    }),
  });
  out.push({
    weight: pendingTheirs.length > 0 ? 0.3 : 0,
    make: () => ({ kind: "card:apply", args: cardArgs(pick(ctx.rng, pendingTheirs)!), wrong: "enemy-card" }),
  });
  return out;
}

/** Every unit of the HQ given a mode: Combat Mode only where it has the SP to pay for it (sometimes not: a real mistake). */
function ordersForm(ctx: BotContext, field: Battlefield, hq: string): Raw[] {
  const values: Raw = {};
  for (const u of field.units.filter((x) => x.hq === hq)) {
    const combat = u.supply > 0 ? ctx.rng() < 0.6 : ctx.rng() < 0.1;
    values[`mode:${u.id}`] = combat ? "combat" : "march";
  }
  return [values];
}

/** What the bot writes in a panel dialog's form (the dialog's own field names); nothing for those it leaves as opened. */
function formFor(ctx: BotContext, id: string, side: "nato" | "wp", field: Battlefield, support: readonly WorldCard[]): Raw[] {
  if (id === "land.rearArea") return rearAreaForm(ctx, side, field, support);
  if (id === "air.allocation") {
    const rows = field.squadrons.filter((s) => s.side === side);
    const values: Raw = {};
    // Mostly a box the squadron is fit for (seed 000, Air War QRS: 1, as src/rules/nobc/air/allocation.ts
    // reads it: air-to-air, CAS or deep strike factors, EW; holding takes any), else any box (a recce,
    // paradrop or deep strike order for a squadron unfit for it is refused, rightly).
    const anyBox = ctx.rng() >= 0.8;
    // Mostly every squadron given a box (a squadron left without one is refused), at times only some.
    const share = ctx.rng() < 0.8 ? 1 : 0.5;
    // In half the forms each squadron flies what it does best (a weapon it carries fits that box), else a box drawn.
    const best = ctx.rng() < 0.5;
    for (const [i, s] of rows.entries()) {
      if (ctx.rng() >= share) continue;
      const fit = [
        ...(s.airToAir > 0 ? (["airSuperiority"] as const) : []),
        ...(s.cas > 0 ? (["cas"] as const) : []),
        ...(s.deepStrike > 0 || s.ew ? (["deepStrike"] as const) : []),
        "holding" as const,
      ];
      const box = anyBox
        ? pick(ctx.rng, MISSION_BOXES)!
        : best && s.airToAir > 0 && s.airToAir >= s.cas && s.airToAir >= s.deepStrike
          ? "airSuperiority"
          : best && s.deepStrike > s.cas
            ? "deepStrike"
            : best && s.cas > 0
              ? "cas"
              : pick(ctx.rng, fit)!;
      values[`box-${String(i)}`] = box;
    }
    return [values];
  }
  if (id === "air.lineUp") return lineUpForm(ctx, field);
  if (id === "airMissions.deepStrike") return deepStrikeForm(ctx, side, field, support);
  if (id === "airMissions.repair") {
    // The side first (a new side starts the form over), then NATO's automatic repairs ticked (seed 000, Air War QRS: 9).
    const ticks: Raw = {};
    for (const s of field.squadrons) if (s.side === side && s.box === "damaged" && ctx.rng() < 0.3) ticks[`auto:${s.id}`] = true;
    return [{ side }, ticks];
  }
  return [];
}

/**
 * The line-up (seed 000, Air War QRS: 2): mostly the zone it opens on, with the order it proposes (a
 * legal line-up), now and then another zone chosen first (the form starts over on that zone's line-up).
 * Whose part it is (the Pact's line, NATO's opposite, the Pact's switches) is the rules': a user out
 * of turn is refused.
 */
function lineUpForm(ctx: BotContext, field: Battlefield): Raw[] {
  const zones = [...new Set(field.squadrons.map((s) => s.airZone))];
  return ctx.rng() < 0.2 && zones.length > 1 ? [{ zone: pick(ctx.rng, zones)! }] : [];
}

/**
 * A deep strike (seed 000, Air War QRS: 8): the user's side, then a target drawn from the enemy's
 * airbases and HQs, some of the side's squadrons in the Deep Strike box ticked (none, at times:
 * refused, rightly) and now and then a strike card of theirs, aimed at the target or its air defence.
 */
function deepStrikeForm(ctx: BotContext, side: "nato" | "wp", field: Battlefield, support: readonly WorldCard[]): Raw[] {
  const targets = [
    ...field.airbases.filter((a) => a.side !== side).map((a) => `airbase::${a.id}`),
    ...field.hqs.filter((h) => h.side !== side && h.hex !== "").map((h) => `installation::${h.id}`),
  ];
  const values: Raw = {};
  const target = pick(ctx.rng, targets);
  if (target !== undefined) values["target"] = target;
  for (const s of field.squadrons) if (s.side === side && s.box === "deepStrike" && ctx.rng() < 0.8) values[`attacker:${s.id}`] = true;
  for (const c of support) if (c.assignedTo === null && c.category === "ssm" && ctx.rng() < 0.3) values[`strike:${c.id}`] = true;
  values["aim"] = ctx.rng() < 0.8 ? "target" : "airDefence";
  return [{ side }, values];
}

/**
 * A nuclear or ADM request (seed 000, Land War QRS: 3. Rear Area Attacks, nuclear weapons and ADM):
 * the card first (a new card starts the form over), then its target: a nuclear strike on an enemy
 * unit's hex with two of the user's identification cards (one, at times: refused, rightly); an ADM
 * on the bridges of a hexside next to one of the side's own units, or on an autobahn hex.
 */
function wmdForm(
  ctx: BotContext,
  code: Code,
  card: WorldCard,
  side: "nato" | "wp",
  field: Battlefield,
  support: readonly WorldCard[],
): Raw[] {
  const placed = field.units.filter((u) => u.hex !== "");
  if (card.category === "nuclear") {
    const target = pick(
      ctx.rng,
      placed.filter((u) => u.side !== side),
    );
    const idents = support.filter(
      (c) => c.assignedTo === null && (IDENTIFICATION_CARD_CATEGORIES as readonly string[]).includes(c.category),
    );
    const first = pick(ctx.rng, idents);
    const second =
      ctx.rng() < 0.9
        ? pick(
            ctx.rng,
            idents.filter((c) => c !== first),
          )
        : undefined;
    return [{ card: card.id }, { target: "nuclear", hex: target?.hex ?? "", ident0: first?.id ?? "", ident1: second?.id ?? "" }];
  }
  const own = pick(
    ctx.rng,
    placed.filter((u) => u.side === side),
  );
  if (own === undefined) return [{ card: card.id }];
  const next = code.grid.neighbour(code.grid.offsetOf(own.hex), pick(ctx.rng, code.grid.HEX_DIRECTIONS)!);
  // A unit on the map's edge may have no neighbour that way (no label for it): the autobahn then.
  const onMap = next.col >= 0 && next.row >= 0 && next.col < code.grid.MAX_LABEL_INDEX && next.row < code.grid.MAX_LABEL_INDEX;
  if (!onMap || ctx.rng() < 0.5) return [{ card: card.id }, { target: "admAutobahn", hex: own.hex }];
  return [{ card: card.id }, { target: "admBridges", hex: own.hex, otherHex: code.grid.hexLabel(next) }];
}

/**
 * A rear-area attack (seed 000, 3. Rear Area Attacks): an enemy HQ on the map as the target (so a hit
 * makes it give up cards: the card-loss answer), two of the user's identification cards (one, or
 * none, at times: refused, rightly) and one or two of their strike cards.
 */
function rearAreaForm(ctx: BotContext, side: "nato" | "wp", field: Battlefield, support: readonly WorldCard[]): Raw[] {
  const target = pick(
    ctx.rng,
    field.hqs.filter((h) => h.side !== side && h.hex !== ""),
  );
  if (target === undefined) return [];
  const free = support.filter((c) => c.assignedTo === null);
  const idents = free.filter((c) => (IDENTIFICATION_CARD_CATEGORIES as readonly string[]).includes(c.category));
  const first = pick(ctx.rng, idents);
  const second =
    ctx.rng() < 0.9
      ? pick(
          ctx.rng,
          idents.filter((c) => c !== first),
        )
      : undefined;
  const values: Raw = { target: target.id, ident0: first?.id ?? "", ident1: second?.id ?? "" };
  const strikes = free.filter((c) => c.category === "ssm");
  for (const c of strikes) if (ctx.rng() < 0.5) values[`strike:${c.id}`] = true;
  return [values];
}

interface SplitChoice {
  readonly nth: number;
  readonly side: Splits.SplitSide;
  readonly total: number;
  readonly rows: readonly { readonly actor: string }[];
}

/** The shared sides of the pending ground-combat cards in `client`'s chat, as the split editor shows them. */
function splitsOf(client: Client, code: Code): SplitChoice[] {
  return client.run(() =>
    [...client.entry.chatFake.messages.values()].flatMap((m, nth) => {
      const system = m.system;
      const combat = system["groundCombat"];
      if (m.type !== "resolution" || system["state"] !== "pending" || combat === undefined || combat === null) return [];
      return code.splits
        .splitViews(combat as Splits.GroundCombatCard)
        .map((v) => ({ nth, side: v.side, total: v.total, rows: v.rows.map((r) => ({ actor: r.actor })) }));
    }),
  );
}

/** The hits of `choice` dealt again at random over its units (one too many or too few at times: refused, rightly). */
function splitAction(ctx: BotContext, choice: SplitChoice): Omit<BotAction, "index" | "user"> {
  const hits = choice.rows.map(() => 0);
  for (let i = 0; i < choice.total; i++) hits[Math.floor(ctx.rng() * hits.length)]! += 1;
  const off = ctx.rng() < 0.1 ? 1 : 0;
  if (off > 0) hits[0]! += 1;
  const split = choice.rows.map((r, i) => ({ actor: r.actor, hits: hits[i]! }));
  return { kind: "card:split", args: { nth: choice.nth, side: choice.side, split }, ...(off > 0 ? { wrong: "bad-split" } : {}) };
}

/**
 * What the Air War's first two steps leave `client`'s user to decide now, as their dialogs read it
 * (seed 000, Air War QRS: 1 and 2): in the Allocation, a player with squadrons of theirs still in the
 * ready box, the GM with allocations posted and not applied; in the Line-up, the user whose part of a
 * zone's line-up comes next (WP's line, NATO's opposite, WP's switches). A user with a duty is drawn
 * more often and mostly does it, as a player at the table acts when it is their turn: the line-up is
 * three posts in turn by two sides, after both sides' allocations were posted and applied, and
 * without it a game's random users and budgets almost never get that far (issue #37).
 */
export function duty(ctx: BotContext, client: Client, stage: string): boolean {
  if (stage !== "airAllocation" && stage !== "airLineup") return false;
  const { world, allocation, lineUp } = ctx.code.get(client.name)!.air;
  return client.run(() => {
    const air = world.readAirWorld();
    if (stage === "airLineup") return world.knownZones(air).some((z) => lineUp.editableParts(air, lineUp.lineUpState(air, z)).length > 0);
    if (air.isGM) return air.records.some((r) => r.record.kind === "allocation" && r.state === "pending");
    return world.knownZones(air).some((z) => world.userSides(air).some((side) => allocation.allocatable(air, side, z).length > 0));
  });
}

/** Chooses `user`'s next action (or, for the game, whoever the draw picks). */
export function chooseAction(ctx: BotContext, index: number): BotAction {
  const users = [ctx.gm(), ...PLAYERS] as const;
  const at = ctx.position()!;
  const stage = STAGES[at.stage]!.id;
  // In the Air War's Allocation and Line-up, a user with a part to decide is drawn five times as often.
  const duties = new Set(users.filter((u) => duty(ctx, ctx.net.client(u), stage)));
  const drawUser = (): string => {
    if (duties.size === 0) return pick(ctx.rng, users)!;
    let r = ctx.rng() * (users.length + 4 * duties.size);
    for (const u of users) if ((r -= duties.has(u) ? 5 : 1) < 0) return u;
    return users.at(-1)!;
  };
  for (let attempt = 0; attempt < 8; attempt++) {
    const user = drawUser();
    const client = ctx.net.client(user);
    const list =
      user === ctx.gm() ? gmCandidates(ctx, client, stage, duties.has(user)) : playerCandidates(ctx, client, stage, duties.has(user));
    const chosen = weighted(
      ctx.rng,
      list.filter((c) => c.weight > 0),
    );
    const made = chosen?.make() ?? null;
    if (made !== null) return { index, user, ...made };
  }
  return { index, user: ctx.gm(), kind: "idle", args: {} };
}

interface DialogLike {
  readonly dialogState: unknown;
  change(values: Raw): Promise<void>;
  resolve(): Promise<unknown>;
  close(): Promise<unknown>;
}

const isDialog = (value: unknown): value is DialogLike =>
  typeof value === "object" && value !== null && typeof (value as DialogLike).resolve === "function";

/** Fills and submits a dialog; done when it posted (or did) something. */
async function submit(client: Client, opened: unknown, changes: readonly Raw[]): Promise<StepOutcome> {
  if (!isDialog(opened))
    return opened === null || opened === undefined || opened === false || (opened as Raw)["ok"] === false ? "refused" : "done";
  for (const values of changes) await client.run(() => opened.change(values));
  const result = await client.run(() => opened.resolve());
  if (result === null) {
    await client.run(() => opened.close());
    return "refused";
  }
  return "done";
}

/** The top-left corner of a token centred on `hex`, in whole pixels (scene padding included), on `client`. */
function tokenCorner(ctx: BotContext, client: Client, hex: string): { x: number; y: number } {
  const grid = ctx.code.get(client.name)!.grid;
  const centre = client.run(() => client.entry.harness.canvasPoint(grid.hexCentre(grid.offsetOf(hex), 100)));
  return { x: Math.round(centre.x - 100 / Math.sqrt(3)), y: Math.round(centre.y - 50) };
}

/** The id of the card an action names, on `client`: the message at its place in the chat (else the id it was given). */
function cardId(client: Client, args: Raw): string {
  const nth = args["nth"];
  const at = typeof nth === "number" ? client.run(() => [...client.entry.chatFake.messages.keys()][nth]) : undefined;
  return at ?? String(args["card"]);
}

/** Carries out `action` on its user's client, as that user; whether it was done or refused. */
export async function performAction(ctx: BotContext, action: BotAction): Promise<StepOutcome> {
  const client = ctx.net.client(action.user);
  const code = ctx.code.get(client.name)!;
  const args = action.args;
  const isGM = action.user === "gm" || action.user === "gm2";
  switch (action.kind) {
    case "idle":
      return "refused";
    case "drop-out":
      // The GM's client drops out between two actions (tests/harness/clients.ts): gm2 takes over as the active GM.
      if (!client.online) return "refused";
      ctx.net.dropOut(client);
      return "done";
    case "tracker:advance": {
      const combat = client.run(() => (game as unknown as { combats: { type: string }[] }).combats.find((c) => c.type === "nobcTurn"));
      if (combat === undefined) return "refused";
      const result = await client.run(() => code.advance.advanceTurn(combat as unknown as Advance.TurnCombat));
      return result.ok ? "done" : "refused";
    }
    case "stage-action": {
      const button = client.run(() => code.registry.stageActionById(String(args["id"])));
      if (button === undefined || (button.gmOnly && !isGM)) return "refused";
      const opened = await client.run(() => button.run());
      return submit(client, opened, (args["changes"] as Raw[] | undefined) ?? []);
    }
    case "dialog": {
      const opened = await client.run(() => code.dialogs.openDialogById(String(args["id"]), (args["open"] as Raw | undefined) ?? {}));
      return submit(client, opened, (args["changes"] as Raw[] | undefined) ?? []);
    }
    case "drag-token": {
      const path = args["path"] as string[];
      const token = client.run(() => client.entry.harness.scene?.tokens.find((t) => t.actorId === args["actor"]));
      if (token === undefined) return "refused";
      const server = ctx.net.client(ctx.gm());
      const cardsBefore = server.run(() => server.entry.chatFake.messages.size);
      const from = { x: token.x, y: token.y };
      const waypoints = path.map((hex) => tokenCorner(ctx, client, hex));
      const warned = client.entry.harness.notices.length;
      await client.run(() => token.move(waypoints, { method: "dragging" }));
      // The drag's check sends its request from a lazily imported module (src/apps/land/move/hooks.ts,
      // fire and forget): wait, in real time, until it was answered (a card posted) or refused (a warning).
      for (let waited = 0; waited < 1000; waited += 5) {
        await ctx.net.settle();
        if (client.entry.harness.notices.length > warned || server.run(() => server.entry.chatFake.messages.size) > cardsBefore) break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await ctx.quiesce();
      const moved = token.x !== from.x || token.y !== from.y;
      const posted = server.run(() => server.entry.chatFake.messages.size) > cardsBefore;
      return moved || posted ? "done" : "refused";
    }
    case "card:apply":
    case "card:undo": {
      const which = action.kind === "card:apply" ? "apply" : "undo";
      const result = await client.run(() => code.cards.requestCardAction(which, cardId(client, args)));
      return result.ok ? "done" : "refused";
    }
    case "card-drop": {
      const [holder, item] = String(args["card"])
        .replace(/^Actor\./, "")
        .split(".Item.");
      const found = client.run(() => {
        const docs = client.entry.harness.documents();
        const hq = docs.find((d) => d.id === holder) as unknown as { items: { id: string }[] } | undefined;
        const unit = docs.find((d) => d.id === bare(String(args["unit"])));
        return { card: hq?.items.find((i) => i.id === item), unit };
      });
      if (found.card === undefined || found.unit === undefined) return "refused";
      const ok = await client.run(() => code.assignment.assignCard(found.card as never, found.unit as never));
      return ok ? "done" : "refused";
    }
    case "card:split": {
      const result = await client.run(() =>
        code.cards.requestSetSplit(
          cardId(client, args),
          args["side"] as Splits.SplitSide,
          args["split"] as { actor: string; hits: number }[],
        ),
      );
      return result.ok ? "done" : "refused";
    }
    case "wmd:release":
    case "wmd:refuse": {
      // The GM's Release or Refuse on the request's message (a player's client has no such buttons: refused there).
      const id = client.run(() => [...client.entry.chatFake.messages.keys()][Number(args["nth"])]);
      if (id === undefined) return "refused";
      const before = wmdRequestsOf(client).find((r) => r.nth === args["nth"])?.status;
      if (action.kind === "wmd:release") await client.run(() => code.wmd.releaseWmdRequest(id));
      else await client.run(() => code.wmd.refuseWmdRequest(id, String(args["reason"])));
      await ctx.quiesce();
      return wmdRequestsOf(client).find((r) => r.nth === args["nth"])?.status !== before ? "done" : "refused";
    }
    default:
      throw new Error(`no such bot action: ${action.kind}`);
  }
}
