/**
 * What the ground-combat planner holds while the user edits it, and what the world says about it.
 * Pure: the state is plain data; `defaultState` fills it from a `Battlefield` and the user's token
 * selection, `applyForm` reads the submitted form into it, and `plannerView` works out what each
 * section offers (candidates, what the map decides, what must be typed in).
 */
import type { ActorRef, CardRef, HexRef } from "../../rules/ids";
import type { RulesOptions } from "../../rules/nobc/land/options";
import {
  LAND_TERRAINS,
  alwaysInMarchMode,
  type LandHq,
  type LandTerrain,
  type LandUnit,
  type RiverKind,
  type Side,
} from "../../rules/nobc/land/types";
import type { Squadron } from "../../rules/nobc/air/types";
import { cardServesInCombat } from "../../rules/nobc/land/combat";
import type { Battlefield, WorldCard } from "../../world/battlefield";
import { adjacentHexes, combatRivers, terrainOf, type MapView } from "../../map/rules-view";
import { MAX_LABEL_INDEX, hexDistance, hexLabel, neighbours, parseHexLabel, type Offset } from "../../map/hex-grid";
import { unitIndex, unitsInHex, unitsInHexes } from "../../rules/nobc/land/unit-index";

export type RiverKindChoice = "none" | RiverKind;

export interface RiverChoice {
  readonly kind: RiverKindChoice;
  readonly bridged: boolean;
}

export interface MissionChoice {
  readonly supported: ActorRef;
  readonly artillery: readonly ActorRef[];
}

/** Everything the user can set. Terrain, rivers and distances count only where the map cannot say. */
export interface GroundCombatState {
  readonly attackerSide: Side;
  readonly attackers: readonly ActorRef[];
  /** The defending hex; "" while none is chosen. */
  readonly target: HexRef;
  readonly terrain: readonly LandTerrain[];
  /** By attacking hex. */
  readonly rivers: Readonly<Record<HexRef, RiverChoice>>;
  readonly minefield: boolean;
  readonly missions: readonly MissionChoice[];
  readonly cards: readonly CardRef[];
  /** CAS squadron → the HQ that gives it. */
  readonly cas: Readonly<Record<ActorRef, ActorRef>>;
  /** Typed-in HQ distances in hexes (null: not typed yet). */
  readonly distances: Readonly<Record<ActorRef, number | null>>;
  readonly chemicalReleaseConfirmed: boolean;
  /** The rules options this combat is planned with: the world's, whole (a macro may change them). */
  readonly options: RulesOptions;
}

/** What the user had picked on the canvas when the planner opened. */
export interface Selection {
  /** Controlled tokens' actors, in order. */
  readonly selected: readonly ActorRef[];
  /** Targeted tokens' actors. */
  readonly targeted: readonly ActorRef[];
  /** A defending hex asked for outright (a macro's `target`); it wins over the targeted tokens. */
  readonly hex?: HexRef;
  /** The asker's side when the selection and the target say none (a player's own side; NATO when it has none or both). */
  readonly side?: Side;
}

export const SIDES: readonly Side[] = ["nato", "wp"];

export function otherSideOf(side: Side): Side {
  return side === "nato" ? "wp" : "nato";
}

function isHex(hex: HexRef): boolean {
  return parseHexLabel(hex) !== undefined;
}

/** Whether the scene's terrain map knows the hex (so it decides terrain and rivers there). */
export function mapKnows(field: Battlefield, hex: HexRef): boolean {
  return field.map?.map.hexes[hex] !== undefined;
}

const gridKept = new Map<HexRef, readonly HexRef[]>();

/** The labels of a hex's grid neighbours that a label can carry; none for a string that is no label. Worked out once per label. */
function gridNeighbours(hex: HexRef): readonly HexRef[] {
  const found = gridKept.get(hex);
  if (found !== undefined) return found;
  const off = parseHexLabel(hex);
  const out =
    off === undefined
      ? []
      : neighbours(off)
          .filter((n) => n.col >= 0 && n.row >= 0 && n.col < MAX_LABEL_INDEX && n.row < MAX_LABEL_INDEX)
          .map(hexLabel);
  // Only labels are kept (at most 99 × 99 of them), never whatever else a unit's hex may hold.
  if (off !== undefined) gridKept.set(hex, out);
  return out;
}

const mapKept = new WeakMap<MapView, Map<HexRef, readonly HexRef[]>>();

/** The map's neighbours of a hex it knows, worked out once per hex of a map read (the view goes with the read). */
function mapNeighbours(view: MapView, hex: HexRef): readonly HexRef[] {
  let kept = mapKept.get(view);
  if (kept === undefined) mapKept.set(view, (kept = new Map<HexRef, readonly HexRef[]>()));
  let found = kept.get(hex);
  if (found === undefined) kept.set(hex, (found = adjacentHexes(view, hex)));
  return found;
}

/** Neighbours of a hex, not to be changed: the map's when it knows the hex, else the grid's own geometry. */
function neighbourList(field: Battlefield, hex: HexRef): readonly HexRef[] {
  return field.map !== null && mapKnows(field, hex) ? mapNeighbours(field.map, hex) : gridNeighbours(hex);
}

/** Neighbours of a hex: the map's when it knows the hex, else the grid's own geometry. */
export function neighbourHexes(field: Battlefield, hex: HexRef): HexRef[] {
  return [...neighbourList(field, hex)];
}

export function adjacent(field: Battlefield, a: HexRef, b: HexRef): boolean {
  return a !== b && neighbourList(field, a).includes(b);
}

/**
 * The hexes `h` for which `adjacent(field, h, hex)` holds (of those in `among`, when given). Every
 * such `h` is one of the six grid neighbours of `hex` (the map's and the grid's adjacency are both
 * the grid's geometry), so only those six are asked, never every hex the units stand in.
 */
export function hexesNextTo(field: Battlefield, hex: HexRef, among?: ReadonlySet<HexRef>): HexRef[] {
  return gridNeighbours(hex).filter((h) => (among === undefined || among.has(h)) && adjacent(field, h, hex));
}

/** Hexes between two hexes on the grid, or null when either has no place on it. */
export function gridDistance(a: HexRef, b: HexRef): number | null {
  const from = parseHexLabel(a);
  const to = parseHexLabel(b);
  return from === undefined || to === undefined ? null : hexDistance(from, to);
}

/** The first unit of that id (looked up in the units' index, built once per battlefield read). */
export function unitById(field: Battlefield, id: ActorRef): LandUnit | undefined {
  return unitIndex(field.units).firstById.get(id);
}

export function defendersOf(field: Battlefield, target: HexRef): LandUnit[] {
  return target === "" ? [] : unitsInHex(field.units, target);
}

/** Occupied hexes holding only units of the side not attacking, next to a given attacker (or any unit of the side). */
export function targetChoices(field: Battlefield, side: Side, attackers: readonly ActorRef[]): HexRef[] {
  const byHex = unitIndex(field.units).byHex;
  const holds = (hex: HexRef) => byHex.get(hex)?.some((u) => u.side === side) === true;
  const given = attackers.length > 0 ? new Set(attackers.map((id) => unitById(field, id)?.hex ?? "").filter(isHex)) : null;
  // Without attackers given, they are every unit of the side: a hex on the grid holding one.
  const attacksFrom = given === null ? holds : (hex: HexRef) => given.has(hex);
  // Each enemy hex asks its own neighbours whether they hold an attacker, up to the first that does: linear in the hexes held.
  const out: HexRef[] = [];
  for (const [hex, here] of byHex) {
    if (here.some((u) => u.side === side) || !isHex(hex)) continue;
    if (gridNeighbours(hex).some((h) => attacksFrom(h) && adjacent(field, h, hex))) out.push(hex);
  }
  return out.sort();
}

/**
 * Under double-blind, the hexes the side has located enemies in (its contacts) that the attackers
 * given (else any unit of the side) stand next to: targets the player may plan against without
 * knowing what stands there; the GM resolves against the truth.
 */
export function contactTargetChoices(
  field: Battlefield,
  side: Side,
  attackers: readonly ActorRef[],
  contacts: readonly HexRef[],
): HexRef[] {
  const byHex = unitIndex(field.units).byHex;
  const given = attackers.length > 0 ? new Set(attackers.map((id) => unitById(field, id)?.hex ?? "").filter(isHex)) : null;
  const attacksFrom = (hex: HexRef) => (given === null ? byHex.get(hex)?.some((u) => u.side === side) === true : given.has(hex));
  return contacts.filter((hex) => isHex(hex) && gridNeighbours(hex).some((h) => attacksFrom(h) && adjacent(field, h, hex))).sort();
}

/** Units of the attacking side that could attack the target: next to it, plus any already ticked. */
export function attackerCandidates(
  field: Battlefield,
  state: Pick<GroundCombatState, "attackerSide" | "attackers" | "target">,
): LandUnit[] {
  const ticked = new Set(state.attackers);
  const next = new Set(state.target === "" ? [] : hexesNextTo(field, state.target));
  return field.units.filter((u) => ticked.has(u.id) || (u.side === state.attackerSide && next.has(u.hex)));
}

export function inCombatMode(unit: LandUnit): boolean {
  return unit.mode === "combat" && !alwaysInMarchMode(unit);
}

/** Artillery of the supported unit's side that may fire for it: stacked with or next to it, not in the defending hex. */
export function artilleryCandidates(field: Battlefield, supported: LandUnit, target: HexRef): LandUnit[] {
  // The units of the supported unit's hex and the hexes next to it, from the index, in the list's order.
  const near = [supported.hex, ...hexesNextTo(field, supported.hex)];
  return unitsInHexes(field.units, near).filter(
    (u) => u.arm === "artillery" && u.side === supported.side && isHex(u.hex) && u.hex !== target,
  );
}

/** The units of the combat that may call a fire mission (Combat Mode attackers and defenders). */
export function missionCallers(field: Battlefield, state: Pick<GroundCombatState, "attackers" | "target">): LandUnit[] {
  const attackers = state.attackers.map((id) => unitById(field, id)).filter((u) => u !== undefined);
  return [...attackers, ...defendersOf(field, state.target)].filter(inCombatMode);
}

/** The hexes a side holds in the combat: the attacking hexes, or the defending hex. */
function combatHexes(field: Battlefield, state: GroundCombatState, side: Side): HexRef[] {
  if (side !== state.attackerSide) return state.target === "" ? [] : [state.target];
  return state.attackers.map((id) => unitById(field, id)?.hex ?? "").filter(isHex);
}

/** Hexes from the HQ to the nearest hex its side holds in the combat; null when unknown. */
export function measuredDistance(field: Battlefield, state: GroundCombatState, hq: LandHq): number | null {
  return nearest(hq, offsets(combatHexes(field, state, hq.side)));
}

/** The grid distance to the nearest of the hexes (already read as offsets), as `gridDistance` counts it; null when none is measurable. */
function nearest(hq: LandHq, hexes: readonly Offset[]): number | null {
  const from = parseHexLabel(hq.hex);
  if (from === undefined || hexes.length === 0) return null;
  return Math.min(...hexes.map((to) => hexDistance(from, to)));
}

function offsets(hexes: readonly HexRef[]): Offset[] {
  return hexes.map(parseHexLabel).filter((o) => o !== undefined);
}

const cardsKept = new WeakMap<readonly WorldCard[], ReadonlyMap<ActorRef, readonly WorldCard[]>>();

/** The battlefield's cards by the HQ holding them, in the list's order; built once per read. */
function cardsByHq(field: Battlefield): ReadonlyMap<ActorRef, readonly WorldCard[]> {
  const found = cardsKept.get(field.cards);
  if (found !== undefined) return found;
  const out = new Map<ActorRef, WorldCard[]>();
  for (const c of field.cards) {
    if (c.hq === undefined) continue;
    const held = out.get(c.hq);
    if (held === undefined) out.set(c.hq, [c]);
    else held.push(c);
  }
  cardsKept.set(field.cards, out);
  return out;
}

export interface PlannerHq {
  readonly hq: LandHq;
  /** The HQ's cards that may serve its side in a ground combat (their records say how). */
  readonly cards: readonly WorldCard[];
  /** Measured on the grid, or null. */
  readonly measured: number | null;
  /** The user types the distance: there is no map, or the HQ or its side has no hex. */
  readonly editable: boolean;
  /** The distance the rules get; null while it must still be typed. */
  readonly distance: number | null;
}

/**
 * The HQs that may support this combat, attacker's side first: those of the units in it and their
 * parents, those holding a card assigned to a unit in it, those within their radius of it, and
 * any the state already names for CAS.
 */
export function involvedHqs(field: Battlefield, state: GroundCombatState): PlannerHq[] {
  const units = [...state.attackers.map((id) => unitById(field, id)).filter((u) => u !== undefined), ...defendersOf(field, state.target)];
  const ids = new Set(units.map((u) => u.id));
  const wanted = new Set<ActorRef>();
  for (const u of units) if (u.hq !== undefined) wanted.add(u.hq);
  for (const hq of field.hqs) if (hq.parent !== undefined && wanted.has(hq.id)) wanted.add(hq.parent);
  for (const card of field.cards) if (card.hq !== undefined && card.assignedTo !== null && ids.has(card.assignedTo)) wanted.add(card.hq);
  for (const hq of Object.values(state.cas)) wanted.add(hq);
  const out: PlannerHq[] = [];
  const byHq = cardsByHq(field);
  for (const side of [state.attackerSide, otherSideOf(state.attackerSide)]) {
    const hexes = offsets(combatHexes(field, state, side));
    for (const hq of field.hqs.filter((h) => h.side === side)) {
      const measured = nearest(hq, hexes);
      const inRadius = measured !== null && measured <= hq.radius;
      if (!wanted.has(hq.id) && !inRadius) continue;
      const editable = field.map === null || measured === null;
      const typed = state.distances[hq.id];
      const distance = editable ? (typed ?? measured) : measured;
      const cards = (byHq.get(hq.id) ?? []).filter((c) => cardServesInCombat(c.category, side === state.attackerSide));
      out.push({ hq, cards, measured, editable, distance });
    }
  }
  return out;
}

/** Squadrons waiting in the CAS box, attacker's side first. */
export function casSquadrons(field: Battlefield, attackerSide: Side): Squadron[] {
  const inBox = field.squadrons.filter((s) => s.box === "cas");
  return [...inBox.filter((s) => s.side === attackerSide), ...inBox.filter((s) => s.side !== attackerSide)];
}

/** What the map says of the defending hex's terrain; null when the user must tick it. */
export function mapTerrain(field: Battlefield, target: HexRef): readonly LandTerrain[] | null {
  return target !== "" && mapKnows(field, target) ? terrainOf(field.map!, target) : null;
}

export interface PlannerRiver {
  readonly hex: HexRef;
  readonly river: RiverChoice;
  /** The map decides (both hexes on it). */
  readonly fromMap: boolean;
}

/** One river row per attacking hex: read from the map where it knows both hexes, else as typed. */
export function attackingRivers(field: Battlefield, state: GroundCombatState): PlannerRiver[] {
  const hexes = [...new Set(combatHexes(field, state, state.attackerSide))];
  return hexes.map((hex) => {
    if (state.target !== "" && mapKnows(field, hex) && mapKnows(field, state.target) && adjacent(field, hex, state.target)) {
      const found = combatRivers(field.map!, state.target, [hex], field.mapState)[hex];
      return {
        hex,
        river: found === undefined ? { kind: "none", bridged: false } : { kind: found.kind, bridged: found.bridged },
        fromMap: true,
      };
    }
    return { hex, river: state.rivers[hex] ?? { kind: "none", bridged: false }, fromMap: false };
  });
}

/** The attacking side and units of a selection: the first selected unit's side, and its selected units. */
function selectedAttackers(field: Battlefield, selection: Selection): { side: Side | null; attackers: ActorRef[] } {
  const units = selection.selected.map((id) => unitById(field, id)).filter((u) => u !== undefined);
  const first = units[0];
  if (first === undefined) return { side: null, attackers: [] };
  return { side: first.side, attackers: [...new Set(units.filter((u) => u.side === first.side).map((u) => u.id))] };
}

function targetedHex(field: Battlefield, selection: Selection, side: Side | null): { hex: HexRef; side: Side | null } | null {
  for (const id of selection.targeted) {
    const doc = unitById(field, id) ?? field.hqs.find((h) => h.id === id);
    if (doc !== undefined && isHex(doc.hex) && (side === null || doc.side !== side)) return { hex: doc.hex, side: doc.side };
  }
  return null;
}

/** Whether the world says the defending hex is mined: the scene's map state has a minefield in it (`field.mapState`). */
export function worldMinefield(field: Battlefield, target: HexRef): boolean {
  return target !== "" && field.mapState.mines.has(target);
}

/**
 * A player's plan as the GM resolves it: the minefield the world says (never the one the asker
 * sent), and the defender's assigned cards met. A GM's plan is taken as given (the umpire may say
 * what the world does not).
 */
export function withWorldFacts(field: Battlefield, state: GroundCombatState): GroundCombatState {
  return withDefendersCards(field, { ...state, minefield: worldMinefield(field, state.target) });
}

/** Resets what depends on the attackers and target to what the world says. */
export function withWorldDefaults(field: Battlefield, state: GroundCombatState): GroundCombatState {
  const defenders = defendersOf(field, state.target);
  const inCombat = new Set([...state.attackers, ...defenders.map((d) => d.id)]);
  const minefield = worldMinefield(field, state.target);
  const callers = new Set(missionCallers(field, state).map((u) => u.id));
  const base: GroundCombatState = {
    ...state,
    minefield,
    terrain: [],
    rivers: {},
    distances: {},
    missions: state.missions.filter((m) => callers.has(m.supported)),
  };
  const hqs = new Set(involvedHqs(field, { ...base, cas: {} }).map((h) => h.hq.id));
  const cards = field.cards
    .filter((c) => c.hq !== undefined && hqs.has(c.hq) && c.assignedTo !== null && inCombat.has(c.assignedTo))
    .map((c) => c.id);
  const cas = Object.fromEntries(Object.entries(state.cas).filter(([, hq]) => hqs.has(hq)));
  return { ...base, cards, cas };
}

/**
 * The state a player's request is resolved with on the GM's client: the cards they ticked, and
 * every card assigned to a defending unit, which the defender played by assigning it (seed 000,
 * Land War QRS 4: a unit's assigned cards count in its combats). The asker never sees or names the
 * other side's cards; the GM, reading the whole battlefield, adds them. Pure.
 */
export function withDefendersCards(field: Battlefield, state: GroundCombatState): GroundCombatState {
  const defending = new Set(defendersOf(field, state.target).map((u) => u.id));
  const assigned = field.cards.filter((c) => c.assignedTo !== null && defending.has(c.assignedTo)).map((c) => c.id);
  return { ...state, cards: [...new Set([...state.cards, ...assigned])] };
}

/**
 * The planner's opening state: attackers are the selected units of the first selected unit's side
 * (units of the other side are left out); the target is the first targeted token's hex on the
 * other side (or the hex asked for), else the first enemy hex next to the attackers. With no unit
 * selected, the side is the one opposing the target's units, else the asker's own side, else NATO.
 */
export function defaultState(field: Battlefield, selection: Selection, options: RulesOptions): GroundCombatState {
  const chosen = selectedAttackers(field, selection);
  const asked = selection.hex === undefined ? undefined : defendersOf(field, selection.hex)[0];
  const targeted =
    selection.hex === undefined ? targetedHex(field, selection, chosen.side) : { hex: selection.hex, side: asked?.side ?? null };
  const fromTarget = targeted !== null && targeted.side !== null ? otherSideOf(targeted.side) : null;
  const attackerSide = chosen.side ?? fromTarget ?? selection.side ?? "nato";
  const target = targeted?.hex ?? targetChoices(field, attackerSide, chosen.attackers)[0] ?? "";
  const empty: GroundCombatState = {
    attackerSide,
    attackers: chosen.attackers,
    target,
    terrain: [],
    rivers: {},
    minefield: false,
    missions: [],
    cards: [],
    cas: {},
    distances: {},
    chemicalReleaseConfirmed: false,
    options,
  };
  return withWorldDefaults(field, empty);
}

/** A submitted form: every value of each field name (checkboxes appear only when ticked). */
export type FormValues = Readonly<Record<string, readonly string[]>>;

function one(values: FormValues, name: string): string | undefined {
  return values[name]?.[0];
}

function all(values: FormValues, name: string): string[] {
  return [...(values[name] ?? [])];
}

function isTerrain(value: string): value is LandTerrain {
  return (LAND_TERRAINS as readonly string[]).includes(value);
}

function riverKind(value: string | undefined): RiverKindChoice {
  return value === "minor" || value === "major" ? value : "none";
}

function typedDistance(value: string | undefined): number | null {
  if (value === undefined || value.trim() === "") return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/**
 * The state after the user changed the form rendered from `state`. A new side or target (or new
 * attackers) resets what depends on them to the world's defaults; otherwise every field shown is
 * read back as submitted.
 */
export function applyForm(field: Battlefield, state: GroundCombatState, values: FormValues): GroundCombatState {
  const sideValue = one(values, "attackerSide");
  const side: Side = sideValue === "nato" || sideValue === "wp" ? sideValue : state.attackerSide;
  if (side !== state.attackerSide) {
    return withWorldDefaults(field, {
      ...state,
      attackerSide: side,
      attackers: [],
      target: targetChoices(field, side, [])[0] ?? "",
      missions: [],
      cas: {},
    });
  }
  const target = one(values, "target") ?? state.target;
  const shown = new Set(attackerCandidates(field, state).map((u) => u.id));
  const attackers = [...state.attackers.filter((id) => !shown.has(id)), ...all(values, "attackers").filter((id) => shown.has(id))];
  const sameParties =
    target === state.target && attackers.length === state.attackers.length && attackers.every((id) => state.attackers.includes(id));
  if (!sameParties) return withWorldDefaults(field, { ...state, target, attackers });

  const terrain = mapTerrain(field, state.target) === null ? all(values, "terrain").filter(isTerrain) : state.terrain;
  const rivers: Record<HexRef, RiverChoice> = { ...state.rivers };
  const bridged = new Set(all(values, "bridged"));
  for (const row of attackingRivers(field, state).filter((r) => !r.fromMap)) {
    rivers[row.hex] = { kind: riverKind(one(values, `river.${row.hex}`)), bridged: bridged.has(row.hex) };
  }
  const missions = state.missions.map((m, i) => {
    const supported = one(values, `mission.${i}.supported`) ?? m.supported;
    return { supported, artillery: supported === m.supported ? all(values, `mission.${i}.artillery`) : [] };
  });
  const hqs = involvedHqs(field, state);
  const distances: Record<ActorRef, number | null> = { ...state.distances };
  for (const h of hqs.filter((x) => x.editable)) distances[h.hq.id] = typedDistance(one(values, `distance.${h.hq.id}`));
  const cas: Record<ActorRef, ActorRef> = {};
  for (const s of casSquadrons(field, state.attackerSide)) {
    const hq = one(values, `cas.${s.id}`) ?? state.cas[s.id];
    if (hq !== undefined && hq !== "") cas[s.id] = hq;
  }
  const listed = new Set(hqs.flatMap((h) => h.cards.map((c) => c.id)));
  const cards = [...state.cards.filter((id) => !listed.has(id)), ...all(values, "cards").filter((id) => listed.has(id))];
  return {
    ...state,
    terrain,
    rivers,
    minefield: one(values, "minefield") !== undefined,
    missions,
    distances,
    cas,
    cards,
    chemicalReleaseConfirmed: one(values, "chemicalReleaseConfirmed") !== undefined,
  };
}

/** Adds a fire mission for the first unit that may call one and the user commands, if any. */
export function addMission(
  field: Battlefield,
  state: GroundCombatState,
  commands: (id: ActorRef) => boolean = () => true,
): GroundCombatState {
  const caller = missionCallers(field, state).find((u) => commands(u.id));
  return caller === undefined ? state : { ...state, missions: [...state.missions, { supported: caller.id, artillery: [] }] };
}

export function removeMission(state: GroundCombatState, index: number): GroundCombatState {
  return { ...state, missions: state.missions.filter((_, i) => i !== index) };
}
