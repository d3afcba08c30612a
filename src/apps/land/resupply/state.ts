/**
 * Land War phase 6, Resupply, for one HQ. The rules decide who is eligible (side, nationality or
 * Army/Front, road, radius with autobahn hexes counting half, capacity); this module reads the map
 * facts each unit needs, asks the rules unit by unit for the offer, and builds the hand-out sent to
 * `resolveResupply`. Pure.
 */
import type { ActorRef } from "../../../rules/ids";
import { resolveResupply, unitSupplyCapacity, type ResupplyCandidate, type ResupplyOutcome } from "../../../rules/nobc/land/resupply";
import type { LandHq, LandUnit } from "../../../rules/nobc/land/types";
import { phrase, type Checked, type Phrase, type Refusal, type Resolution } from "../../../rules/resolution";
import { speak } from "../../../words/phrase";
import { distance, onOrAdjacentToRoad, resupplyRoute } from "../../../map/rules-view";
import type { Battlefield } from "../../../world/battlefield";
import type { CardInputLine } from "../../../chat/resolution-card";
import { hqById, onMap, oncePerTurn, type LandWorld } from "../world";
import { text, type Translator } from "../view";
import type { Card } from "../../base/controller";

/** Refusal codes that mean "not this HQ's unit at all" (another side, nationality, Army or Front). */
const UNRELATED = new Set(["wrongSide", "wrongNationality", "notInFront", "notInArmy"]);

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

/** The rules' view of a unit for this HQ, with the route read from the scene's map. */
function candidateOf(field: Battlefield, hq: LandHq, unit: LandUnit): ResupplyCandidate | null {
  if (field.map === null || !onMap(field, hq.hex) || !onMap(field, unit.hex)) return null;
  const base = { unit, onOrAdjacentToRoad: onOrAdjacentToRoad(field.map, unit.hex) };
  const front = unit.hq === undefined ? undefined : hqById(field, unit.hq)?.parent;
  const withFront = front === undefined ? base : { ...base, front };
  const crow = distance(field.map, hq.hex, unit.hex);
  // Even a route wholly on the autobahn reaches only twice the radius: farther units skip the search.
  if (crow > 2 * hq.radius) return { ...withFront, distance: crow, autobahnHexes: 0 };
  const route = resupplyRoute(field.map, hq.hex, unit.hex);
  return { ...withFront, distance: route.distance, autobahnHexes: route.autobahnHexes };
}

/**
 * What the HQ may offer: every unit of its own (side, nationality or Army/Front as the rules
 * read it), eligible or not with the rules' reasons. Units of other HQs' commands are left out.
 */
export function resupplyOffers(field: Battlefield, hq: LandHq): ResupplyOffer[] {
  const out: ResupplyOffer[] = [];
  // The unit-by-unit check asks for one counter from an HQ of at least level 1, so the HQ's own
  // level does not hide a unit's eligibility; the level is checked on the whole hand-out.
  const probe = { ...hq, level: Math.max(1, hq.level) };
  for (const unit of field.units) {
    if (unit.side !== hq.side) continue;
    const room = Math.max(0, unitSupplyCapacity(unit) - unit.supply);
    const candidate = candidateOf(field, hq, unit);
    const check = resolveResupply({
      hq: probe,
      candidates: [candidate ?? { unit, onOrAdjacentToRoad: true, distance: 0 }],
      allocation: { [unit.id]: Math.max(1, room) },
    });
    const refusals = check.ok ? [] : check.refusals;
    if (refusals.some((r) => UNRELATED.has(r.code))) continue;
    out.push({ unit, candidate, room, eligible: candidate !== null && check.ok, reasons: refusals });
  }
  return out;
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

/** The hand-out checked by the rules; units without a hex are refused by the dialog first. */
export function resupplyResolution(field: Battlefield, state: ResupplyState): Checked<Resolution<ResupplyOutcome>> {
  const hq = hqById(field, state.hq);
  if (hq === undefined)
    return {
      ok: false,
      refusals: [{ code: "unknownHq", text: phrase("NOBC.Land.Check.unknownHq", { hq: state.hq }), field: "hq" }],
    };
  const offers = resupplyOffers(field, hq);
  const refusals: Refusal[] = [];
  const allocation: Record<ActorRef, number> = {};
  for (const [id, counters] of Object.entries(state.allocation)) {
    if (counters === 0) continue;
    const offer = offers.find((o) => o.unit.id === id);
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
