/**
 * Land War phase 6, Resupply, for one HQ. The rules decide who is eligible (side, nationality or
 * Army/Front, road, radius with autobahn hexes counting half, capacity); this module reads the map
 * facts each unit needs, asks the rules unit by unit for the offer, and builds the hand-out sent to
 * `resolveResupply`. Pure.
 */
import type { ActorRef, HexRef } from "../../../rules/ids";
import {
  resolveResupply,
  resupplyAccepts,
  resupplyUnrelated,
  unitSupplyCapacity,
  type ResupplyCandidate,
  type ResupplyOutcome,
} from "../../../rules/nobc/land/resupply";
import type { LandHq, LandUnit } from "../../../rules/nobc/land/types";
import { phrase, type Checked, type Phrase, type Refusal, type Resolution } from "../../../rules/resolution";
import { speak } from "../../../words/phrase";
import { onOrAdjacentToRoad, resupplyRoutes, type ResupplyRoute } from "../../../map/rules-view";
import { cubeDistance, offsetOf, offsetToCube, type Cube, type Offset } from "../../../map/hex-grid";
import type { Battlefield } from "../../../world/battlefield";
import type { CardInputLine } from "../../../chat/resolution-card";
import { hqById, onMap, oncePerTurn, type LandWorld } from "../world";
import { text, type Translator } from "../view";
import type { Card } from "../../base/controller";

/** A unit's place in an HQ's offer: may it take counters, how many, and if not, why. */
export interface ResupplyOffer {
  readonly unit: LandUnit;
  /** The candidate the rules check, or null when the unit (or HQ) has no hex on the map. */
  readonly candidate: ResupplyCandidate | null;
  /** Counters it may still take (capacity − carried, never below 0). */
  readonly room: number;
  readonly eligible: boolean;
  /** Why not: the rules' refusals (empty when eligible; a unit off the map has `candidate` null). */
  readonly reasons: readonly Refusal[];
}

/**
 * A unit as every HQ's offer reads it: its place in the battlefield's list, its Front (the parent
 * of its HQ) and, on the map, its column and row and cube coordinates.
 */
interface UnitFacts {
  readonly order: number;
  readonly unit: LandUnit;
  readonly front: ActorRef | undefined;
  readonly at: Offset | null;
  readonly cube: Cube | null;
}

/** Columns and rows of a block of the map in the index's spatial buckets. */
const CELL = 8;
const cellOf = (col: number, row: number) => Math.floor(col / CELL) * 1024 + Math.floor(row / CELL);

/**
 * What every HQ's offer needs from the battlefield, read once per render: each unit's facts, the
 * units grouped by the HQs that may supply them (`nato:<nationality>`, `army:<hq>`,
 * `front:<front>`) in the battlefield's order, and whether a hex is on or next to a road.
 */
export interface ResupplyIndex {
  readonly groups: ReadonlyMap<string, readonly UnitFacts[]>;
  /** The units of each group on the map, bucketed by blocks of CELL × CELL hexes (`cellOf`). */
  readonly cells: ReadonlyMap<string, ReadonlyMap<number, readonly UnitFacts[]>>;
  /** Filled as the offers are read: a hex's road, and how many units of a group an HQ on the map supplies. */
  readonly roads: Map<HexRef, boolean>;
  readonly related: Map<string, number>;
}

export function resupplyIndex(field: Battlefield): ResupplyIndex {
  const hqs = new Map<ActorRef, LandHq>();
  for (const hq of field.hqs) if (!hqs.has(hq.id)) hqs.set(hq.id, hq);
  const groups = new Map<string, UnitFacts[]>();
  const cells = new Map<string, Map<number, UnitFacts[]>>();
  const add = (key: string, facts: UnitFacts) => {
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [facts]);
    else group.push(facts);
    if (facts.at === null) return;
    let buckets = cells.get(key);
    if (buckets === undefined) cells.set(key, (buckets = new Map<number, UnitFacts[]>()));
    const cell = cellOf(facts.at.col, facts.at.row);
    const bucket = buckets.get(cell);
    if (bucket === undefined) buckets.set(cell, [facts]);
    else bucket.push(facts);
  };
  field.units.forEach((unit, order) => {
    const front = unit.hq === undefined ? undefined : hqs.get(unit.hq)?.parent;
    const at = onMap(field, unit.hex) ? offsetOf(unit.hex) : null;
    const facts = { order, unit, front, at, cube: at === null ? null : offsetToCube(at) };
    if (unit.side === "nato") add(`nato:${unit.nationality}`, facts);
    else {
      if (unit.hq !== undefined) add(`army:${unit.hq}`, facts);
      if (front !== undefined) add(`front:${front}`, facts);
    }
  });
  return { groups, cells, roads: new Map(), related: new Map() };
}

function cubeOn(field: Battlefield, hex: HexRef): Cube | null {
  return onMap(field, hex) ? offsetToCube(offsetOf(hex)) : null;
}

/** The units of a group standing within `reach` hexes of `at` as the crow flies, in the battlefield's order. */
function unitsNear(index: ResupplyIndex, key: string, at: Offset, reach: number): UnitFacts[] {
  const buckets = index.cells.get(key);
  if (buckets === undefined) return [];
  const centre = offsetToCube(at);
  const out: UnitFacts[] = [];
  // Within `reach` hexes the column differs by at most `reach` and the row by at most 1.5 × `reach` + 1.
  const rows = reach + Math.ceil(reach / 2) + 1;
  for (let c = Math.floor((at.col - reach) / CELL); c <= Math.floor((at.col + reach) / CELL); c++) {
    for (let r = Math.floor((at.row - rows) / CELL); r <= Math.floor((at.row + rows) / CELL); r++) {
      if (c < 0 || r < 0) continue;
      for (const facts of buckets.get(c * 1024 + r) ?? []) if (cubeDistance(centre, facts.cube!) <= reach) out.push(facts);
    }
  }
  return out.sort((a, b) => a.order - b.order);
}

/**
 * How many units of its group an HQ on the map supplies (`resupplyUnrelated`), counted once per
 * group: the HQs sharing a group share all that check reads of them (side and nationality for
 * NATO; the id and Front or not for the Warsaw Pact, which name the group).
 */
function relatedOnMap(index: ResupplyIndex, hq: LandHq, key: string): number {
  const known = index.related.get(key);
  if (known !== undefined) return known;
  let count = 0;
  for (const { unit, front, cube } of index.groups.get(key) ?? []) {
    // As in `offersOf`: a unit without a hex is checked without its Front.
    const placedFront = cube === null ? undefined : front;
    if (resupplyUnrelated(hq, placedFront === undefined ? { unit } : { unit, front: placedFront }) === null) count++;
  }
  index.related.set(key, count);
  return count;
}

/** The group of units an HQ may supply (a superset: the rules' `resupplyUnrelated` has the last word). */
function groupOf(hq: LandHq): string {
  if (hq.side === "nato") return `nato:${hq.nationality}`;
  return hq.echelon === "front" ? `front:${hq.id}` : `army:${hq.id}`;
}

/**
 * What the HQ may offer: every unit of its own (side, nationality or Army/Front as the rules
 * read it), eligible or not with the rules' reasons. Units of other HQs' commands are left out
 * before any route is searched; the routes to all the HQ's units come from one search from its hex.
 */
export function resupplyOffers(field: Battlefield, hq: LandHq, index: ResupplyIndex = resupplyIndex(field)): ResupplyOffer[] {
  return offersOf(field, hq, index, true).offers;
}

/**
 * The entry card's part of an HQ's offer: the eligible units, as `resupplyOffers` gives them, and
 * how many others there are. Units farther than twice the radius as the crow flies cannot be
 * eligible (even a route wholly on the autobahn does not reach them), so only they are counted
 * without asking the rules for their reasons.
 */
export function resupplyEntryOffers(
  field: Battlefield,
  hq: LandHq,
  index: ResupplyIndex = resupplyIndex(field),
): { readonly eligible: ResupplyOffer[]; readonly others: number } {
  const key = groupOf(hq);
  const reach = Math.floor(2 * hq.radius);
  if (field.map !== null && onMap(field, hq.hex) && Number.isFinite(reach) && reach >= 0) {
    // Only the units within twice the radius can be eligible: they are found in the spatial
    // buckets, the others are counted once for the group.
    const near = unitsNear(index, key, offsetOf(hq.hex), reach);
    const eligible = offersOf(field, hq, index, false, near).offers;
    return { eligible, others: relatedOnMap(index, hq, key) - eligible.length };
  }
  // Without the entry's mode every offer would be kept; in it only the eligible are, the others counted.
  const { offers: eligible, skipped, ineligible } = offersOf(field, hq, index, false);
  return { eligible, others: ineligible + skipped };
}

function offersOf(
  field: Battlefield,
  hq: LandHq,
  index: ResupplyIndex,
  all: boolean,
  units: readonly UnitFacts[] = index.groups.get(groupOf(hq)) ?? [],
): { offers: ResupplyOffer[]; skipped: number; ineligible: number } {
  const view = field.map;
  const from = view === null ? null : cubeOn(field, hq.hex);
  const mine: { unit: LandUnit; base: Omit<ResupplyCandidate, "distance" | "autobahnHexes"> | null; crow: number }[] = [];
  const targets: HexRef[] = [];
  let reach = 0;
  let skipped = 0;
  let ineligible = 0;
  for (const { unit, front: unitFront, cube } of units) {
    const placed = view !== null && from !== null && cube !== null;
    // A unit without a hex is checked without its Front, as the rules have always been asked.
    const front = placed ? unitFront : undefined;
    if (resupplyUnrelated(hq, front === undefined ? { unit } : { unit, front }) !== null) continue;
    if (!placed) {
      mine.push({ unit, base: null, crow: 0 });
      continue;
    }
    const crow = cubeDistance(from, cube);
    // Even a route wholly on the autobahn reaches only twice the radius: farther units need no search.
    const far = crow > 2 * hq.radius;
    if (far && !all) {
      skipped++;
      continue;
    }
    let road = index.roads.get(unit.hex);
    if (road === undefined) index.roads.set(unit.hex, (road = onOrAdjacentToRoad(view, unit.hex)));
    const base = { unit, onOrAdjacentToRoad: road };
    mine.push({ unit, base: front === undefined ? base : { ...base, front }, crow });
    if (!far) {
      targets.push(unit.hex);
      reach = Math.max(reach, crow);
    }
  }
  // Routes are exact up to twice the farthest target (a straight route costs no more); the entry
  // card needs only those within the radius (2 × radius half-hexes), the others cannot be eligible.
  const bound = all || !Number.isFinite(hq.radius) ? 2 * reach : Math.min(2 * reach, 2 * hq.radius);
  const routes =
    view !== null && from !== null ? resupplyRoutes(view, hq.hex, targets, bound, field.mapState) : new Map<HexRef, ResupplyRoute>();
  // The unit-by-unit check asks for one counter from an HQ of at least level 1, so the HQ's own
  // level does not hide a unit's eligibility; the level is checked on the whole hand-out.
  const probe = { ...hq, level: Math.max(1, hq.level) };
  const offers: ResupplyOffer[] = [];
  for (const { unit, base, crow } of mine) {
    let candidate: ResupplyCandidate | null = null;
    if (base !== null && crow > 2 * hq.radius) candidate = { ...base, distance: crow, autobahnHexes: 0 };
    else if (base !== null) {
      const route = routes.get(unit.hex);
      if (route === undefined) {
        // Only the entry card's search stops at the radius: a unit beyond it is counted, not offered.
        skipped++;
        continue;
      }
      candidate = { ...base, distance: route.distance, autobahnHexes: route.autobahnHexes };
    }
    const room = Math.max(0, unitSupplyCapacity(unit) - unit.supply);
    const asked = candidate ?? { unit, onOrAdjacentToRoad: true, distance: 0 };
    if (!all) {
      // The entry card counts (issue #35): the rules' answer without their reasons, and only the eligible offers kept.
      if (candidate !== null && resupplyAccepts(probe, asked, Math.max(1, room)))
        offers.push({ unit, candidate, room, eligible: true, reasons: [] });
      else ineligible++;
      continue;
    }
    const check = resolveResupply({ hq: probe, candidates: [asked], allocation: { [unit.id]: Math.max(1, room) } });
    const reasons = check.ok ? [] : check.refusals;
    offers.push({ unit, candidate, room, eligible: candidate !== null && check.ok, reasons });
  }
  return { offers, skipped, ineligible };
}

export interface ResupplyState {
  readonly hq: ActorRef;
  /** Counters for each unit, by unit id. */
  readonly allocation: Readonly<Record<ActorRef, number>>;
}

export function initialResupply(hq: ActorRef): ResupplyState {
  return { hq, allocation: {} };
}

/** The form (`hq`, `give:<unit>`) read over the previous state; a blank or odd number reads as 0 and is kept for the rules to refuse. */
export function resupplyFromForm(prev: ResupplyState, data: Readonly<Record<string, unknown>>): ResupplyState {
  const hq = text(data["hq"]) || prev.hq;
  if (hq !== prev.hq) return initialResupply(hq);
  const allocation: Record<ActorRef, number> = { ...prev.allocation };
  for (const [key, value] of Object.entries(data)) {
    if (!key.startsWith("give:")) continue;
    const n = text(value) === "" ? 0 : Number(value);
    allocation[key.slice(5)] = n;
  }
  return { hq, allocation };
}

/** Why a unit's route cannot be read: it or the HQ stands on no hex of the map. */
export function offMapReason(unit: LandUnit, hq: LandHq): Phrase {
  return phrase("NOBC.Land.Check.routeOffMap", { unit: unit.name, hq: hq.name });
}

/**
 * The hand-out checked by the rules; units without a hex are refused by the dialog first. `offers`
 * are the HQ's offers when the caller has them already (the dialog reads them once per render).
 */
export function resupplyResolution(
  field: Battlefield,
  state: ResupplyState,
  offers?: readonly ResupplyOffer[],
): Checked<Resolution<ResupplyOutcome>> {
  const hq = hqById(field, state.hq);
  if (hq === undefined)
    return {
      ok: false,
      refusals: [{ code: "unknownHq", text: phrase("NOBC.Land.Check.unknownHq", { hq: state.hq }), field: "hq" }],
    };
  offers ??= resupplyOffers(field, hq);
  const byUnit = new Map<ActorRef, ResupplyOffer>();
  for (const o of offers) if (!byUnit.has(o.unit.id)) byUnit.set(o.unit.id, o);
  const refusals: Refusal[] = [];
  const allocation: Record<ActorRef, number> = {};
  for (const [id, counters] of Object.entries(state.allocation)) {
    if (counters === 0) continue;
    const offer = byUnit.get(id);
    if (offer?.candidate === null) refusals.push({ code: "noHex", text: offMapReason(offer.unit, hq), field: `allocation.${id}` });
    else allocation[id] = counters;
  }
  const candidates = offers.flatMap((o) => (o.candidate === null ? [] : [o.candidate]));
  const checked = resolveResupply({ hq, candidates, allocation });
  if (refusals.length > 0) return { ok: false, refusals: [...refusals, ...(checked.ok ? [] : checked.refusals)] };
  return checked;
}

export function resupplyInputs(field: Battlefield, state: ResupplyState, i18n: Translator): CardInputLine[] {
  const hq = hqById(field, state.hq);
  const given = Object.entries(state.allocation)
    .filter(([, n]) => n !== 0)
    .map(([id, n]) => `${field.names.get(id) ?? id} ${n}`);
  return [
    { label: i18n.localize("NOBC.Land.Hq"), value: hq?.name ?? state.hq },
    { label: i18n.localize("NOBC.Land.Resupply.Counters"), value: String(hq?.level ?? 0) },
    { label: i18n.localize("NOBC.Land.Resupply.Given"), value: given.join(", ") || i18n.localize("NOBC.Land.None") },
  ];
}

/** The card Post puts in chat (once a turn for this HQ), or every refusal. */
export function resupplyCard(world: LandWorld, state: ResupplyState, i18n: Translator): Checked<Card> {
  const checked = resupplyResolution(world.field, state);
  if (!checked.ok) return checked;
  const { countersUsed, countersLeft } = checked.value.outcome;
  return {
    ok: true,
    value: {
      title: i18n.format("NOBC.Land.Resupply.CardTitle", { hq: hqById(world.field, state.hq)?.name ?? state.hq }),
      resolution: checked.value,
      outcome: speak(phrase("NOBC.Land.Resupply.Outcome", { count: countersUsed, left: countersLeft }), i18n),
      inputs: resupplyInputs(world.field, state, i18n),
      ...oncePerTurn("resupply", state.hq, world.turn),
    },
  };
}
