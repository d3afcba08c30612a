/**
 * What the bench measures (issue #20), each on a generated theatre (./theatre.ts). `prepare` builds
 * the measure's inputs outside the timing and returns `run`: one call is the work measured, and it
 * returns how much work it did (counts the small-theatre test checks, so the bench cannot rot).
 *
 * Rules-core measures (`land-turn-core`, `air-turn-core`, `movement-path-6-hexes`) call the rules
 * with plain snapshots (the last through the board's move check, src/world/movement.ts).
 * Foundry-layer measures (`resupply-entry`, `planner-open-empty`, `read-battlefield`, the rules
 * guard's `rules-guard-player-update` and `rules-record-write`) load the theatre into the harness
 * (tests/harness/) and call the shell's code, so this module installs the harness first.
 */
import "../harness/install";
import { harness } from "../harness/foundry";
import { sheetsFake } from "../harness/sheets-fake";
import { chatFake } from "../harness/chat-fake";
import { loadActors } from "../harness/actors";
import { registerSettings } from "../../src/base/settings";
import { translator } from "../../src/base/foundry";
import { mapPixelSize, hexCentre, hexDistance, offsetOf, neighbour, inMap } from "../../src/map/hex-grid";
import { Board, type GraphicsLike, type LabelsLike, type Surface } from "../../src/canvas/board";
import { registerTeamsSetting } from "../../src/teams/read";
import { Stacks, viewerOf, type StackGrid, type StackToken } from "../../src/canvas/stacks";
import { initialTerrainTool, paintAt, type TerrainToolState } from "../../src/apps/map/terrain-tool/state";
import { mapView } from "../../src/map/rules-view";
import { combatRivers, movePathSteps, onOrAdjacentToRoad, terrainOf } from "../../src/map/rules-view";
import { adjacencyAround, type Battlefield } from "../../src/world/battlefield";
import { readBattlefield, registerTerrainCache } from "../../src/world/read";
import { postResupplyEntry } from "../../src/apps/land/entries";
import { plannerController } from "../../src/apps/ground-combat/controller";
import { seededDice } from "../../src/rules/dice";
import { checkStacking, type StackingHex } from "../../src/rules/nobc/land/stacking";
import { combatOdds, planGroundCombat, resolveGroundCombat, type GroundCombatInput } from "../../src/rules/nobc/land/combat";
import { resolveResupply, unitSupplyCapacity, type ResupplyInput } from "../../src/rules/nobc/land/resupply";
import { movePath, type MovePathInput } from "../../src/rules/nobc/land/movement";
import { occupancy, planMove } from "../../src/world/movement";
import { rulerLabels } from "../../src/canvas/ruler/labels";
import type { LandUnit } from "../../src/rules/nobc/land/types";
import { runAirTurn } from "../rules/air/turn-driver";
import { hqOverlay, hqReach, mapStateOverlay, terrainOverlay } from "../../src/map/overlay";
import { emptyMapStateFlag, MAP_STATE_FLAG, mapStateView } from "../../src/map/map-state";
import {
  kept,
  keepActor,
  keepItem,
  keepToken,
  plannedPutBack,
  resetRulesGuard,
  type GuardedDocument,
} from "../../src/documents/rules-guard";
import { changedParts, recordKey, recordOfKept, registerRecordSettings } from "../../src/documents/rules-record";
import type { FakeActorT } from "../harness/foundry";
import { filterRows, NO_FILTER, sortRows, theatreRows, type TheatreFilter } from "../../src/world/theatre-table";
import { gmCards, queueItems, type QueueMessage } from "../../src/apps/control/queue";
import { observeContacts } from "../../src/rules/nobc/knowledge/contact";
import { learnFromCombat } from "../../src/rules/nobc/knowledge/learn";
import { emptyKnowledge, piecesOf, type Piece, type SideKnowledge } from "../../src/rules/nobc/knowledge/types";
import { gridAdjacency } from "../../src/effects/families/knowledge";
import { planEffects, snapshotOf } from "../../src/effects/apply";
import { readBoard } from "../../src/world/board";
import type { Effect } from "../../src/rules/effects";
import { bothViews } from "../../src/rules/nobc/knowledge/view";
import { diffTokens, joinDiffs, type HeldToken, type WantedToken } from "../../src/team-scenes/diff";
import { wantedMarkers, wantedMirrors, type MasterToken } from "../../src/team-scenes/want";
import { HEX_SIZE, theatre, theatreAir, theatreAt, theatreField, type Theatre } from "./theatre";
import type { MeasureOptions } from "./measure";
import { CURRENT_TURN_CARDS, chatSize, modeOf, playEvening } from "./card-chat";
import { performCardAction, performPruneRecords, type RequestingUser } from "../../src/queries/card-actions";
import { readLandWorld } from "../../src/apps/land/world";
import { rearAreaController } from "../../src/apps/land/rear-area/controller";
import { newHqCount } from "../../src/combat/create";

/** What one call did, by kind of work (e.g. `{ combats: 58, resupplies: 40 }`). */
export type Work = Readonly<Record<string, number>>;

export interface Measure {
  readonly name: string;
  readonly layer: "rules" | "foundry";
  prepare(t: Theatre): () => Work | Promise<Work>;
  /** The bench prints one call's work at each size too (a figure that is not a time: `rules-record-write`'s bytes). */
  readonly printsWork?: true;
  /** A count, not a time (`prune-writes`: its second call would do nothing): the bench prints one call's work only. */
  readonly countOnly?: true;
  /** The runner's options when not its defaults (shorter samples for a measure that uses up what it works on). */
  readonly options?: MeasureOptions;
}

// ---------------------------------------------------------------------------------------------
// The harness world

/** The theatre as the harness's world: a GM's client viewing a scene of the theatre's map with a token per unit and HQ. */
export function loadTheatre(t: Theatre): void {
  harness.reset();
  sheetsFake.reset();
  chatFake.reset();
  registerSettings();
  const { width, height } = mapPixelSize(t.map.columns, t.map.rows, HEX_SIZE);
  harness.canvasState.hexSize = HEX_SIZE;
  harness.canvasState.sceneWidth = Math.ceil(width);
  harness.canvasState.sceneHeight = Math.ceil(height);
  harness.setSceneFlag("terrain", t.map);
  (globalThis as unknown as { canvas: { tokens: Record<string, unknown> } }).canvas.tokens["controlled"] = [];
  loadActors(t.seeds, theatreAt);
}

/**
 * The theatre in the harness with the GM's copy of the rules values (src/documents/rules-guard.ts)
 * as a GM's start-up with no record builds it: every actor, item and token taken as it stands.
 */
function loadGuardedTheatre(t: Theatre): FakeActorT[] {
  loadTheatre(t);
  registerRecordSettings();
  resetRulesGuard();
  const actors = sheetsFake.actors as FakeActorT[];
  for (const actor of actors) {
    keepActor(actor);
    for (const item of actor.items) keepItem(item);
  }
  for (const token of harness.scene?.tokens ?? []) keepToken(token);
  return actors;
}

/**
 * One player's update of one document as the active GM's client hears it (`updateActor` /
 * `updateItem`, the player's id last), planned into its put-back from the GM's copy: everything the
 * guard does for it but the write (which is the write path's, the same as any GM write). The
 * documents are taken in turn; each update is built once, outside the timing, as Foundry builds the
 * hook's `changed`.
 */
/** A document as the update hook hands it over once `changed` is written (the guard reads what changed there). */
function asWritten(doc: GuardedDocument, changed: Record<string, unknown>): GuardedDocument {
  const merge = (into: Record<string, unknown>, from: Record<string, unknown>): Record<string, unknown> => {
    for (const [k, v] of Object.entries(from)) {
      const cur = into[k];
      into[k] =
        typeof v === "object" && v !== null && !Array.isArray(v) && typeof cur === "object" && cur !== null
          ? merge({ ...(cur as Record<string, unknown>) }, v as Record<string, unknown>)
          : v;
    }
    return into;
  };
  const system = merge(
    structuredClone((doc.system ?? {}) as Record<string, unknown>),
    (changed["system"] ?? {}) as Record<string, unknown>,
  );
  return {
    uuid: doc.uuid,
    id: doc.id,
    name: doc.name,
    ...(doc.type === undefined ? {} : { type: doc.type }),
    ...(doc.documentName === undefined ? {} : { documentName: doc.documentName }),
    parent: doc.parent ?? null,
    system,
    toObject: () => ({ ...doc.toObject(), system }),
  };
}

function guardPlayerUpdate(given: readonly { doc: GuardedDocument; changed: Record<string, unknown> }[]): () => Work {
  const updates = given.map(({ doc, changed }) => ({ doc: asWritten(doc, changed), changed }));
  let next = 0;
  return () => {
    const { doc, changed } = updates[next++ % updates.length]!;
    const planned = plannedPutBack(doc, changed, "p1");
    const row = planned?.plan.actorUpdates[0] ?? planned?.plan.itemUpdates[0];
    return { putBacks: planned === null ? 0 : 1, fields: row === undefined ? 0 : Object.keys(row.changes).length };
  };
}

// ---------------------------------------------------------------------------------------------
// Rules-core inputs

function unitsByHex(field: Battlefield): Map<string, LandUnit[]> {
  const byHex = new Map<string, LandUnit[]>();
  for (const u of field.units) {
    if (u.hex === "") continue;
    const list = byHex.get(u.hex);
    if (list === undefined) byHex.set(u.hex, [u]);
    else list.push(u);
  }
  return byHex;
}

function combatInputs(t: Theatre, field: Battlefield, byHex: Map<string, LandUnit[]>): GroundCombatInput[] {
  const view = field.map!;
  return t.combats.map((c) => {
    const adjacency = adjacencyAround(field, [c.target]);
    const around = [c.target, ...(adjacency[c.target] ?? [])];
    return {
      attackerSide: "wp",
      target: c.target,
      terrain: terrainOf(view, c.target),
      minefield: false,
      units: around.flatMap((h) => byHex.get(h) ?? []),
      adjacency,
      attackers: c.attackers,
      rivers: combatRivers(view, c.target, [c.from]),
    };
  });
}

function resupplyInputs(field: Battlefield): ResupplyInput[] {
  const view = field.map!;
  return field.hqs.map((hq) => {
    const candidates = field.units
      .filter((u) => u.hq === hq.id && u.hex !== "")
      .map((u) => ({
        unit: u,
        onOrAdjacentToRoad: onOrAdjacentToRoad(view, u.hex),
        distance: hexDistance(offsetOf(hq.hex), offsetOf(u.hex)),
      }));
    const first = candidates.find((c) => c.onOrAdjacentToRoad && c.distance <= hq.radius && c.unit.supply < unitSupplyCapacity(c.unit));
    return { hq, candidates, allocation: first === undefined ? {} : { [first.unit.id]: 1 } };
  });
}

/** A path of `hexes` hexes from the unit's hex, north or south (whichever stays on the field's map). */
function pathFrom(field: Battlefield, hex: string, hexes: number): string[] {
  const { columns, rows } = field.map!.map;
  const start = offsetOf(hex);
  const dir = start.row + hexes < rows ? "s" : "n";
  const path = [hex];
  let at = start;
  for (let i = 0; i < hexes; i++) {
    at = neighbour(at, dir);
    if (!inMap(at, columns, rows)) break;
    path.push(`${String(at.col + 1).padStart(2, "0")}${String(at.row + 1).padStart(2, "0")}`);
  }
  return path;
}

function moveInputs(field: Battlefield, hexes: number, units: readonly LandUnit[]): MovePathInput[] {
  const view = field.map!;
  return units
    .filter((u) => u.hex !== "")
    .map((u) => ({
      unit: { id: u.id, name: u.name, side: u.side, mode: "march", strength: u.strength },
      steps: movePathSteps(view, pathFrom(field, u.hex, hexes)),
    }));
}

function stackingInput(field: Battlefield, byHex: Map<string, LandUnit[]>): StackingHex[] {
  return [...byHex].map(([hex, units]) => ({ hex, terrain: terrainOf(field.map!, hex), units }));
}

/** A drawing surface whose calls do nothing but count the objects asked to draw (a `clear` or a `setTexts`). */
function countingSurface(): Surface & { readonly draws: number } {
  let draws = 0;
  // Each drawing object gives children, as Foundry's PIXI.Graphics do (src/canvas/pixi.ts): the board draws the
  // terrain a block at a time.
  const graphics = (): GraphicsLike => ({
    child: graphics,
    visible: false,
    clear: () => draws++,
    lineStyle: () => undefined,
    beginFill: () => undefined,
    endFill: () => undefined,
    drawPolygon: () => undefined,
    drawCircle: () => undefined,
    moveTo: () => undefined,
    lineTo: () => undefined,
  });
  return {
    get draws() {
      return draws;
    },
    graphics,
    labels: (): LabelsLike => ({
      visible: false,
      setTexts: () => {
        draws++;
      },
    }),
    place: () => undefined,
    destroy: () => undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// The measures

/** The GM entering the Resupply stage: every HQ's offers computed and posted as the entry card. */
function resupplyEntry(t: Theatre): () => Promise<Work> {
  loadTheatre(t);
  return async () => {
    const message = await postResupplyEntry();
    const view = sheetsFake.rendered.at(-1)?.data as { hqs: readonly { units: readonly unknown[] }[] } | undefined;
    sheetsFake.rendered.length = 0;
    chatFake.messages.clear();
    return {
      messages: message === null ? 0 : 1,
      hqs: view?.hqs.length ?? 0,
      offers: view?.hqs.reduce((n, h) => n + h.units.length, 0) ?? 0,
    };
  };
}

/**
 * Issue #30 item 5: both teams' views after one change. The theatre's knowledge is built first (every
 * contact, then every other combat of the theatre fought, so there are contacts and identified counters);
 * each call then moves one unit a hex (back and forth), observes the contacts of both sides and
 * builds both views, as the GM's client does after a move.
 */
function knowledgeViews(t: Theatre): () => Work {
  const field = theatreField(t);
  const adjacency = adjacencyAround(field, Object.keys(field.map!.map.hexes));
  let pieces: Piece[] = piecesOf(field.units, field.hqs);
  let knowledge = observeContacts({ knowledge: emptyKnowledge(), pieces, adjacency, turn: 1 }).knowledge;
  const fought = new Set(t.combats.filter((_, i) => i % 2 === 0).flatMap((c) => [c.target, c.from]));
  knowledge = learnFromCombat({ knowledge, fought: pieces.filter((p) => fought.has(p.hex)), turn: 1 }).knowledge;
  const moving = pieces.findIndex((p) => p.face.kind === "unit" && p.side === "nato");
  const homes = [pieces[moving]!.hex, adjacency[pieces[moving]!.hex]![0]!];
  let step = 0;
  return () => {
    step++;
    pieces = pieces.map((p, i) => (i === moving ? { ...p, hex: homes[step % 2]! } : p));
    const seen = observeContacts({ knowledge, pieces, adjacency, turn: 1 });
    knowledge = seen.knowledge;
    const views = bothViews(pieces, knowledge);
    const markers = (kind: string) =>
      views.nato.markers.filter((m) => m.kind === kind).length + views.wp.markers.filter((m) => m.kind === kind).length;
    return {
      pieces: pieces.length,
      views: 2,
      known: views.nato.enemies.size + views.wp.enemies.size,
      contacts: markers("contact"),
      counters: markers("counter"),
    };
  };
}

/**
 * Issue #30 item 3: the team scenes' marker and mirror diff after one change (src/team-scenes/). As
 * `knowledge-views`, each call moves one NATO unit a hex and observes the contacts; then for each side
 * the tokens its scene should hold (its own mirrored, the enemy markers of its view) are diffed by key
 * against what it held after the last call: the writes the GM's client would make, not the scenes'.
 */
function teamSceneDiff(t: Theatre): () => Work {
  const field = theatreField(t);
  const adjacency = adjacencyAround(field, Object.keys(field.map!.map.hexes));
  let pieces: Piece[] = piecesOf(field.units, field.hqs);
  let knowledge = observeContacts({ knowledge: emptyKnowledge(), pieces, adjacency, turn: 1 }).knowledge;
  const fought = new Set(t.combats.filter((_, i) => i % 2 === 0).flatMap((c) => [c.target, c.from]));
  knowledge = learnFromCombat({ knowledge, fought: pieces.filter((p) => fought.has(p.hex)), turn: 1 }).knowledge;
  const moving = pieces.findIndex((p) => p.face.kind === "unit" && p.side === "nato");
  const homes = [pieces[moving]!.hex, adjacency[pieces[moving]!.hex]![0]!];
  const place = (hex: string) => {
    const { col, row } = offsetOf(hex);
    return { x: col * 87, y: row * 100 + (col % 2) * 50 };
  };
  const actors = new Map(pieces.map((p) => [p.id, { type: p.face.kind, side: p.side }]));
  const tokensOf = (list: readonly Piece[]): MasterToken[] =>
    list.map((p) => ({
      id: `t${p.id}`,
      name: p.face.name,
      actorId: p.id,
      ...place(p.hex === "" ? "0101" : p.hex),
      width: 1,
      height: 1,
      hidden: false,
      img: null,
    }));
  const held = new Map<string, { mirrors: HeldToken[]; markers: HeldToken[] }>();
  const holdAll = (wanted: readonly WantedToken[]) => wanted.map((w) => ({ id: w.key, key: w.key, face: w.face }));
  let step = 0;
  const run = (): Work => {
    step++;
    pieces = pieces.map((p, i) => (i === moving ? { ...p, hex: homes[step % 2]! } : p));
    knowledge = observeContacts({ knowledge, pieces, adjacency, turn: 1 }).knowledge;
    const views = bothViews(pieces, knowledge);
    const tokens = tokensOf(pieces);
    let writes = 0;
    let rows = 0;
    for (const side of ["nato", "wp"] as const) {
      const mirrors = wantedMirrors(tokens, actors, side);
      const markers = wantedMarkers(views[side].markers, side, place, { contact: "Contact" });
      const before = held.get(side) ?? { mirrors: [], markers: [] };
      const diff = joinDiffs(
        diffTokens(mirrors, before.mirrors, "flags.nobc.mirror"),
        diffTokens(markers, before.markers, "flags.nobc.marker"),
      );
      writes += [diff.create, diff.update, diff.delete].filter((l) => l.length > 0).length;
      rows += diff.create.length + diff.update.length + diff.delete.length;
      held.set(side, { mirrors: holdAll(mirrors), markers: holdAll(markers) });
    }
    return { pieces: pieces.length, writes, rows };
  };
  // The scenes drawn once (every token created), so each measured call is one change's diff.
  run();
  return run;
}

/** The GM's user, as the card actions take it. */
const gmUser = (): RequestingUser => game.users!.get("gm");

/**
 * The GM's Apply of a card in turn `turn` of an evening (./card-chat.ts): the chat holds the cards of
 * the turns before and the current turn's; each call posts a pending card changing one unit's mode
 * (a harness write of one message) and applies it as the GM clicking it.
 */
function applyInTurn(t: Theatre, turn: number): () => Promise<Work> {
  loadTheatre(t);
  const ready = playEvening(t, turn);
  let next = 0;
  const Message = ChatMessage as unknown as { create(d: object): Promise<{ id: string }> };
  return async () => {
    const { units } = await ready;
    const unit = units[next++ % units.length]!;
    const now = modeOf(snapshotOf(unit.uuid)?.system["mode"]);
    const effects = [{ type: "mode", actor: unit.uuid, mode: now === "march" ? "combat" : "march" }];
    const { id } = await Message.create({ type: "resolution", system: { effects, state: "pending", turn } });
    const result = await performCardAction("apply", id, gmUser());
    return { applied: result.ok ? 1 : 0, messages: chatSize() };
  };
}

/** The GM's Undo of a card in turn `turn`: each call undoes the current turn's newest applied card still standing. */
function undoInTurn(t: Theatre, turn: number): () => Promise<Work> {
  loadTheatre(t);
  const ready = playEvening(t, turn);
  return async () => {
    const { current } = await ready;
    const id = current.pop();
    if (id === undefined)
      throw new Error(`undo-turn-${String(turn)}: more calls than the turn's ${String(CURRENT_TURN_CARDS)} applied cards`);
    const result = await performCardAction("undo", id, gmUser());
    return { undone: result.ok ? 1 : 0, messages: chatSize() };
  };
}

/**
 * A move card's plan in a double-blind world, as Apply makes it on the GM's client: the board read with
 * every piece (`readBoard`), the move's token row, and the knowledge of both sides' contacts in the
 * scene's one row. The scene holds the knowledge of the contacts as they stand (a game under way), so
 * the plan writes only what the one unit's step changes. Planned, not written.
 */
function knowledgeMovePlan(t: Theatre): () => Work {
  loadTheatre(t);
  harness.settingsStore.set("nobc.hiddenInformation", "doubleBlind");
  const field = readBattlefield();
  const pieces = piecesOf(field.units, field.hqs);
  const { knowledge } = observeContacts({ knowledge: emptyKnowledge(), pieces, adjacency: gridAdjacency(pieces), turn: 0 });
  const side = (k: SideKnowledge) => Object.fromEntries(Object.entries(k).map(([id, entry]) => [id.slice("Actor.".length), entry]));
  harness.setSceneFlag("knowledge", { format: "nobc-knowledge/1", nato: side(knowledge.nato), wp: side(knowledge.wp) });
  const mover = field.units.find((u) => u.side === "nato" && u.hex !== "")!;
  const effects: Effect[] = [{ type: "moved", actor: mover.id, path: [adjacencyAround(field, [mover.hex])[mover.hex]![0]!] }];
  return () => {
    const plan = planEffects(effects, snapshotOf, readBoard(effects));
    const row = plan.sceneUpdates?.[0];
    return {
      scenes: plan.sceneUpdates?.length ?? 0,
      tokens: plan.tokenUpdates?.length ?? 0,
      entries: row === undefined ? 0 : Object.keys(row.changes).length + (row.removals ?? []).length,
      known: Object.keys(knowledge.nato).length + Object.keys(knowledge.wp).length,
    };
  };
}

export const MEASURES: readonly Measure[] = [
  { name: "apply-turn-1", layer: "foundry", prepare: (t) => applyInTurn(t, 1) },
  { name: "apply-turn-10", layer: "foundry", prepare: (t) => applyInTurn(t, 10) },
  // Each call undoes one of the turn's cards: at most 40 calls a sample keep the calls within them (a world is loaded again each sample).
  { name: "undo-turn-1", layer: "foundry", prepare: (t) => undoInTurn(t, 1), options: { maxRepeats: 40 } },
  { name: "undo-turn-10", layer: "foundry", prepare: (t) => undoInTurn(t, 10), options: { maxRepeats: 40 } },
  {
    // The GM's prune at the turn change to turn 10: the records of turns 1 to 9 (every card in the
    // chat but the current turn's) dropped. Its work: the chat-message write calls it made.
    name: "prune-writes",
    layer: "foundry",
    countOnly: true,
    prepare(t) {
      loadTheatre(t);
      const ready = playEvening(t, 10);
      return async () => {
        await ready;
        const single = (): number => [...chatFake.messages.values()].reduce((n, m) => n + m.updates.length, 0);
        const [updates, batches] = [single(), chatFake.updateBatches.length];
        const result = await performPruneRecords(10, gmUser());
        const rows = chatFake.updateBatches.slice(batches).reduce((n, b) => n + b, 0);
        // A batch's rows are kept on each message too: what is left are the updates of one message each.
        const calls = single() - updates - rows + (chatFake.updateBatches.length - batches);
        return { write_calls: calls, pruned: result.pruned ?? 0, messages: chatSize() };
      };
    },
  },
  {
    name: "resupply-entry",
    layer: "foundry",
    prepare: resupplyEntry,
  },
  {
    // For information, no target: the same entry with the map kept at 2,100 hexes while the units
    // grow, so four times the units stand four times as dense and each HQ has four times the offers
    // (not how a bigger game looks: see docs/bench.md).
    name: "resupply-entry/fixed-map",
    layer: "foundry",
    prepare: (t) => resupplyEntry(theatre(t.units, undefined, { fixedMap: true })),
  },
  {
    // Issue #35 item 7: the GM opening the rear-area dialog for the Warsaw Pact (the world read, the
    // dialog's state and its context: every NATO HQ and every NATO unit out of contact among the targets).
    name: "dialog-open/land.rearArea",
    layer: "foundry",
    prepare(t) {
      loadTheatre(t);
      const i18n = translator();
      return () => {
        const world = readLandWorld();
        const opened = rearAreaController.open(world, { side: "wp" });
        if (!opened.ok) return { opened: 0, targets: 0 };
        const view = rearAreaController.context(opened.state, world, i18n) as { targets: readonly unknown[] };
        return { opened: 1, targets: view.targets.length };
      };
    },
  },
  {
    // Issue #35 item 7: the turn tracker's combatant rows (src/combat/create.ts), every HQ with its
    // token on the viewed scene: what making the tracker (and "add new HQs") reads before its one write.
    name: "turn-tracker-rows",
    layer: "foundry",
    prepare(t) {
      loadTheatre(t);
      return () => ({ rows: newHqCount({ combatants: [] }) });
    },
  },
  {
    name: "land-turn-core",
    layer: "rules",
    prepare(t) {
      const field = theatreField(t);
      const byHex = unitsByHex(field);
      const combats = combatInputs(t, field, byHex);
      const resupplies = resupplyInputs(field);
      const moves = moveInputs(field, 3, field.units);
      const stacking = stackingInput(field, byHex);
      return () => {
        const dice = seededDice(20);
        const work = { combats: 0, odds: 0, resupplies: 0, moves: 0, stackingHexes: stacking.length };
        for (const input of combats) {
          const plan = planGroundCombat(input);
          if (!plan.ok) continue;
          work.odds += combatOdds(plan.value).length;
          resolveGroundCombat(plan.value, dice);
          work.combats++;
        }
        for (const input of resupplies) if (resolveResupply(input).ok) work.resupplies++;
        for (const input of moves) if (movePath(input).ok) work.moves++;
        checkStacking(stacking);
        return work;
      };
    },
  },
  {
    name: "planner-open-empty",
    layer: "foundry",
    prepare(t) {
      loadTheatre(t);
      const world = plannerController.read();
      const i18n = translator();
      return () => {
        const opened = plannerController.open(world, {});
        if (!opened.ok) return { opened: 0, sides: 0, attackers: 0 };
        const view = plannerController.context(opened.state, world, i18n) as {
          sideChoices: readonly unknown[];
          attackers: readonly unknown[];
        };
        return { opened: 1, sides: view.sideChoices.length, attackers: view.attackers.length };
      };
    },
  },
  {
    name: "read-battlefield",
    layer: "foundry",
    prepare(t) {
      loadTheatre(t);
      return () => {
        const field = readBattlefield();
        return { units: field.units.length, hqs: field.hqs.length, squadrons: field.squadrons.length, map: field.map === null ? 0 : 1 };
      };
    },
  },
  {
    // Issue #35 item 3: the battlefield read right after a map state write (a card laying or lifting one
    // minefield: the GM's scene update of flag `nobc.mapState`, its `updateScene` hook heard), then the
    // read. The terrain's read (2,000+ hexes checked) must survive a write that does not touch it.
    name: "read-battlefield/after-map-state",
    layer: "foundry",
    prepare(t) {
      loadTheatre(t);
      registerTerrainCache();
      const scene = harness.scene!;
      const hex = Object.keys(t.map.hexes)[0]!;
      let laid = false;
      return async () => {
        laid = !laid;
        await scene.update({
          flags: { nobc: { [MAP_STATE_FLAG]: { ...emptyMapStateFlag(), mines: laid ? { [hex]: { side: "wp" } } : {} } } },
        });
        const field = readBattlefield();
        return { units: field.units.length, mines: field.mapState.mines.size, map: field.map === null ? 0 : 1 };
      };
    },
  },
  {
    name: "air-turn-core",
    layer: "rules",
    prepare(t) {
      const { state, wanted } = theatreAir(theatreField(t));
      return () => {
        const steps = new Set<string>();
        let resolutions = 0;
        const end = runAirTurn(state, wanted, seededDice(20), {
          step: (name) => {
            steps.add(name);
            resolutions++;
          },
          sorties: () => steps.add("sorties"),
        });
        return { squadrons: end.squadrons.length, steps: steps.size, resolutions };
      };
    },
  },
  {
    name: "movement-path-6-hexes",
    layer: "rules",
    prepare(t) {
      // A drag of six hexes as the ruler measures it (src/world/movement.ts): the battlefield read and
      // indexed once when the drag starts, then each measure prices the whole path with the rules,
      // the enemies next to every hex and the stacking at its end.
      const field = theatreField(t);
      occupancy(field);
      const mover = field.units.find((u) => u.side === "nato" && u.hex !== "")!;
      const path = pathFrom(field, mover.hex, 6).slice(1);
      // The ruler's labels too (src/canvas/ruler/labels.ts): three waypoints, one every other hex.
      const waypoints = [mover.hex, path[1]!, path[3]!, path[5]!];
      return () => {
        const plan = planMove(field, { phase: "movement", group: null }, { unit: mover.id, path });
        rulerLabels(plan, waypoints);
        // Priced or refused by the rules (over the allowance, the NATO stop), the whole path was measured.
        return "refused" in plan ? { paths: 0, hexes: 0 } : { paths: 1, hexes: plan.path.length - 1 };
      };
    },
  },
  {
    // A player's console write of five rules values of a unit (strength, supply, MP, black chip,
    // side; issue #29, seen 9), heard on the active GM's client with 400 units in its copy.
    name: "rules-guard-player-update",
    layer: "foundry",
    prepare(t) {
      const units = loadGuardedTheatre(t).filter((a) => a.type === "unit");
      return guardPlayerUpdate(
        units.map((u) => {
          const s = u.system as { strength: { value: number }; supply: number; movementPoints: number; noMove: boolean; side: string };
          const system = {
            strength: { value: s.strength.value + 1 },
            supply: s.supply + 1,
            movementPoints: s.movementPoints + 1,
            noMove: !s.noMove,
            side: s.side === "nato" ? "wp" : "nato",
          };
          return { doc: u, changed: { _id: u.id, system } };
        }),
      );
    },
  },
  {
    // The same for a support card's holder and value (an item: its whole source is kept).
    name: "rules-guard-player-update/card",
    layer: "foundry",
    prepare(t) {
      const actors = loadGuardedTheatre(t);
      const unit = actors.find((a) => a.type === "unit")!;
      const cards = actors.flatMap((a) => a.items);
      return guardPlayerUpdate(
        cards.map((c) => ({
          doc: c,
          changed: { _id: c.id, system: { assignedTo: unit.uuid, value: Number(c.system["value"]) + 2 } },
        })),
      );
    },
  },
  {
    // The record of the GM's copy the active GM writes to its world settings after a GM's write
    // (src/documents/rules-record.ts): the whole record built and each part compared with the one
    // stored, after the GM changed one unit, so one part is sent. Its work: the bytes sent (the
    // part's JSON, as Foundry sends a setting's value to every client) and the whole record's.
    name: "rules-record-write",
    layer: "foundry",
    printsWork: true,
    prepare(t) {
      loadGuardedTheatre(t);
      recordOfKept().forEach((part, n) => harness.settingsStore.set(`nobc.${recordKey(n)}`, JSON.parse(JSON.stringify(part))));
      const unit = [...kept.actors.values()].find((a) => a.type === "unit")!;
      unit.rules["movementPoints"] = Number(unit.rules["movementPoints"]) - 1;
      const recordBytes = recordOfKept().reduce((n, part) => n + Buffer.byteLength(JSON.stringify(part)), 0);
      return () => {
        const changed = changedParts();
        return { parts: changed.length, bytes: changed.reduce((n, c) => n + Buffer.byteLength(c.text), 0), recordBytes };
      };
    },
  },
  {
    name: "overlay-shapes",
    layer: "rules",
    prepare(t) {
      // The board's shapes of the whole map (2,100 hexes at 400 units, 8,428 at 1,600): the terrain overlay, a map state with a marker of
      // each kind in every tenth hex (contamination every twentieth), and every HQ's radius in turn.
      const field = theatreField(t);
      const view = field.map!;
      const labels = Object.keys(view.map.hexes).sort();
      const state = mapStateView({
        format: "nobc-map-state/1",
        mines: Object.fromEntries(labels.filter((_, i) => i % 10 === 0).map((h) => [h, { side: "wp" as const }])),
        contaminated: Object.fromEntries(labels.filter((_, i) => i % 20 === 5).map((h) => [h, true as const])),
        destroyedBridges: {},
        cutAutobahn: Object.fromEntries(labels.filter((_, i) => i % 10 === 3).map((h) => [h, true as const])),
        engineersLeft: {},
      });
      const hqs = field.hqs.filter((h) => h.hex !== "");
      return () => {
        const groups = [...terrainOverlay(view, HEX_SIZE), ...mapStateOverlay(state, HEX_SIZE, view)];
        let radii = 0;
        for (const hq of hqs) {
          groups.push(...hqOverlay(hqReach(view, hq.hex, hq.radius), hq.hex, HEX_SIZE));
          radii++;
        }
        const kinds = new Set(groups.map((g) => g.kind)).size;
        const hexes = groups.find((g) => g.kind === "terrainHexes")?.shapes.length ?? 0;
        return { kinds, hexes, radii };
      };
    },
  },
  {
    // Issue #35 item 5, the part of the terrain painter's click that is not PIXI's: the click's edit of the
    // draft (src/apps/map/terrain-tool/state.ts `paintAt`, one hex's terrain toggled) and the board's redraw of
    // the terrain overlay from it (src/canvas/board.ts, as `setTerrainDraft` does) on a surface of no-op drawing
    // calls. Its work: the map's hexes, and the drawing objects asked to draw again.
    name: "painter-click",
    layer: "rules",
    prepare(t) {
      const surface = countingSurface();
      const painted = new Board();
      painted.attach(surface, { size: HEX_SIZE, origin: { x: 0, y: 0 }, map: mapView(t.map), state: mapStateView(emptyMapStateFlag()) });
      painted.setTerrainOverlay(true);
      let state: TerrainToolState = { ...initialTerrainTool(t.map, "bench"), painting: true };
      const hexes = Object.keys(t.map.hexes).length;
      const label = Object.keys(t.map.hexes).find((h) => t.map.hexes[h]!.name === undefined)!;
      const point = hexCentre(offsetOf(label), t.map.hexSize);
      let woods = false;
      return () => {
        woods = !woods;
        state = paintAt({ ...state, brush: { ...state.brush, terrain: [woods ? "woods" : "clear"], name: "" } }, point);
        const before = surface.draws;
        painted.setTerrainDraft(mapView(state.draft!));
        return { hexes, problems: state.problems.length, redrawn: surface.draws - before };
      };
    },
  },
  {
    // Stacks on the board (issue #36): a token of a stack moved onto a lone token of its side and back, and the
    // viewed scene's stacks laid out again as the `updateToken` hook does (src/canvas/stacks.ts): every token grouped
    // by hex, each stack sorted and fanned, and only the tokens whose offset or count changed painted (a counting
    // painter, not PIXI). Seen by a Warsaw Pact player under double-blind, the heavier reader (each NATO token checked,
    // and not counted). Its work: the tokens, the stacks and the paints.
    name: "stacks-redraw",
    layer: "foundry",
    prepare(t) {
      loadTheatre(t);
      const board = (globalThis as unknown as { canvas: { tokens: { placeables: StackToken[] }; grid: StackGrid } }).canvas;
      // Foundry's placeables are kept objects; the harness makes them afresh on each read, so they are read once.
      const tokens = [...board.tokens.placeables];
      const grid = board.grid;
      let paints = 0;
      const paint = () => {
        paints++;
      };
      const stacks = new Stacks({ offset: paint, badge: paint, refresh: () => undefined });
      registerTeamsSetting();
      harness.settingsStore.set("nobc.teams", { members: { p1: { side: "wp", hqs: [] } } });
      const viewer = viewerOf({ id: "p1", isGM: false }, true);
      stacks.draw(tokens, grid, viewer);
      // A token of one of the side's stacks moves onto a token of the side standing alone, and back.
      const byId = new Map(tokens.map((k) => [k.document.id, k.document]));
      const [first] = stacks.current.stacks.values();
      const moving = byId.get(first![0])! as { x: number; y: number };
      const home = { x: moving.x, y: moving.y };
      const lone = tokens.find(
        (k) => (k.actor?.system as { side?: string }).side === "wp" && !stacks.current.hexOf.has(k.document.id ?? ""),
      )!;
      const away = lone.document;
      let there = false;
      return () => {
        there = !there;
        moving.x = there ? away.x : home.x;
        moving.y = there ? away.y : home.y;
        const before = paints;
        stacks.draw(tokens, grid, viewer);
        return { tokens: tokens.length, stacks: stacks.current.stacks.size, paints: paints - before };
      };
    },
  },
  {
    name: "knowledge-views",
    layer: "rules",
    prepare: knowledgeViews,
  },
  {
    // Issue #30 item 3: the team scenes' token diff after one unit's move (both sides); pure, no harness world.
    name: "team-scene-diff",
    layer: "rules",
    prepare: teamSceneDiff,
  },
  {
    // Control's theatre dashboard (issue #31, target ≤ 20 ms at 1,600 units): every row of the table from the world's snapshot.
    name: "theatre-table-build",
    layer: "rules",
    prepare(t) {
      const field = theatreField(t);
      return () => {
        const rows = theatreRows(field);
        return { rows: rows.length, units: rows.filter((r) => r.kind === "unit").length };
      };
    },
  },
  {
    // A filter change (issue #31, target ≤ 5 ms at 1,600 units): one side, one HQ's chain, March Mode units, a
    // name, an umpire's sector, each then sorted by strength, as the window shows them.
    name: "theatre-table-filter",
    layer: "rules",
    prepare(t) {
      const rows = theatreRows(theatreField(t));
      const hq = rows.find((r) => r.kind === "hq" && r.side === "nato")!;
      const filters: TheatreFilter[] = [
        { ...NO_FILTER, side: "nato" },
        { ...NO_FILTER, hq: hq.id },
        { ...NO_FILTER, kind: "unit", state: "march" },
        { ...NO_FILTER, text: "1" },
        // An umpire's sector: the Air War, that HQ's chain, and a quarter of the map.
        { ...NO_FILTER, sector: { umpire: "u1", sector: { wars: ["air"], hqs: [hq.id], areas: [{ from: "0101", to: "1010" }] } } },
      ];
      return () => {
        let shown = 0;
        for (const f of filters) shown += sortRows(filterRows(rows, f), { key: "strength", descending: true }).length;
        return { filters: filters.length, shown: shown > 0 ? 1 : 0 };
      };
    },
  },
  {
    name: "knowledge-move-plan",
    layer: "foundry",
    prepare: knowledgeMovePlan,
  },
  {
    // Control's queue (issue #31), derived on every render of the tracker's count and the window: an evening's
    // chat of 1,000 cards (one applied card imposing a retreat per eighth unit, the others plain hits), a release
    // request per HQ, and in step 9 every squadron of the theatre damaged.
    name: "control-queue",
    layer: "rules",
    prepare(t) {
      const field = theatreField(t);
      const gm = { id: "gm", isGM: true };
      const messages: QueueMessage[] = [];
      for (let i = 0; i < 1000; i += 1) {
        const unit = field.units[i % field.units.length]!;
        const effects = i % 8 === 0 ? [{ type: "retreat", actor: unit.id, hexes: 1 }] : [{ type: "hits", actor: unit.id, amount: 1 }];
        messages.push({ id: `c${String(i)}`, type: "resolution", author: gm, timestamp: i, system: { state: "applied", effects } });
      }
      for (const hq of field.hqs) {
        const state = { card: `${hq.id}.Item.n`, target: "nuclear", hex: "", otherHex: "", identification: ["", ""] };
        messages.push({
          id: `w${hq.id}`,
          author: gm,
          timestamp: 2000,
          flags: { nobc: { wmdRequest: { state, requestedBy: "p1", status: "pending" } } },
        });
      }
      const cards = gmCards(messages);
      const squadrons = field.squadrons.map((q) => ({ id: q.id, side: q.side, box: "damaged" }));
      const sources = { now: { turn: 1, stage: "airRepair" as const }, messages, cards, units: field.units, hqs: field.hqs, squadrons };
      return () => {
        const items = queueItems({ ...sources, names: field.names, breaches: new Set<string>(), gms: new Set(["gm"]) });
        return { messages: messages.length, items: items.length };
      };
    },
  },
];
