/**
 * Land War phase 6, Resupply and HQ recovery, for one HQ. The rules decide who is eligible (side,
 * nationality or Army/Front, road, radius with autobahn hexes counting half, capacity); this module
 * reads the map facts each unit needs, asks the rules unit by unit for the offer, and builds the
 * hand-out and the recovery the dialogs send to `resolveResupply` and `recoverHq`. Pure.
 */
import type { ActorRef, CardRef } from "../../rules/ids";
import {
  HQ_RECOVERY_CARDS,
  recoverHq,
  resolveResupply,
  unitSupplyCapacity,
  type RecoverHqInput,
  type RecoverHqOutcome,
  type ResupplyCandidate,
  type ResupplyOutcome,
} from "../../rules/nobc/land/resupply";
import type { LandHq, LandUnit } from "../../rules/nobc/land/types";
import type { Checked, Refusal, Resolution } from "../../rules/resolution";
import { distance, hqMayRecover, onOrAdjacentToRoad, resupplyRoute } from "../../map/rules-view";
import { categoryLabelKey } from "../../view/labels";
import type { Battlefield, WorldCard } from "../../world/battlefield";
import type { CardInputLine } from "../../chat/resolution-card";
import { hqById, hqsFor, type LandWorld } from "./world";
import { options, previewView, refusalLines, text, type OptionView, type PreviewView, type Translator } from "./view";

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
  /** Why not, in the rules' words (empty when eligible; a unit off the map has `candidate` null). */
  readonly reasons: readonly string[];
}

function onMap(field: Battlefield, hex: string): boolean {
  return field.map !== null && hex !== "" && field.map.map.hexes[hex] !== undefined;
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
    out.push({ unit, candidate, room, eligible: candidate !== null && check.ok, reasons: refusalLines(refusals) });
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
function offMapReason(unit: LandUnit, hq: LandHq, i18n: Translator): string {
  return i18n.format("NOBC.Land.Check.routeOffMap", { unit: unit.name, hq: hq.name });
}

/** The hand-out checked by the rules; units without a hex are refused by the dialog first. */
export function resupplyResolution(field: Battlefield, state: ResupplyState, i18n: Translator): Checked<Resolution<ResupplyOutcome>> {
  const hq = hqById(field, state.hq);
  if (hq === undefined) return { ok: false, refusals: [{ code: "unknownHq", message: i18n.format("NOBC.Land.Check.unknownHq", { hq: state.hq }), field: "hq" }] };
  const offers = resupplyOffers(field, hq);
  const refusals: Refusal[] = [];
  const allocation: Record<ActorRef, number> = {};
  for (const [id, counters] of Object.entries(state.allocation)) {
    if (counters === 0) continue;
    const offer = offers.find((o) => o.unit.id === id);
    if (offer !== undefined && offer.candidate === null) refusals.push({ code: "noHex", message: offMapReason(offer.unit, hq, i18n), field: `allocation.${id}` });
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

export interface OfferView {
  readonly id: string;
  readonly name: string;
  readonly supply: number;
  readonly room: number;
  readonly eligible: boolean;
  readonly reasons: readonly string[];
  readonly field: string;
  readonly value: number;
}

export interface ResupplyView extends PreviewView {
  readonly hqs: readonly OptionView[];
  readonly hqName: string;
  /** The HQ's supply counters this phase: its level. */
  readonly counters: number;
  readonly offers: readonly OfferView[];
  readonly ineligible: readonly OfferView[];
  readonly given: number;
}

function offerView(o: ResupplyOffer, hq: LandHq, state: ResupplyState, i18n: Translator): OfferView {
  return {
    id: o.unit.id,
    name: o.unit.name,
    supply: o.unit.supply,
    room: o.room,
    eligible: o.eligible,
    reasons: o.candidate === null ? [offMapReason(o.unit, hq, i18n), ...o.reasons] : o.reasons,
    field: `give:${o.unit.id}`,
    value: state.allocation[o.unit.id] ?? 0,
  };
}

export function resupplyContext(world: LandWorld, state: ResupplyState, i18n: Translator): ResupplyView {
  const { field } = world;
  const hq = hqById(field, state.hq);
  const offers = hq === undefined ? [] : resupplyOffers(field, hq).map((o) => offerView(o, hq, state, i18n));
  return {
    hqs: options(hqsFor(world).map((h) => [h.id, h.name] as const), state.hq),
    hqName: hq?.name ?? "",
    counters: hq?.level ?? 0,
    offers: offers.filter((o) => o.eligible),
    ineligible: offers.filter((o) => !o.eligible),
    given: Object.values(state.allocation).reduce((s, n) => s + (Number.isFinite(n) ? n : 0), 0),
    ...previewView(resupplyResolution(field, state, i18n), field, i18n, "NOBC.Land.Resupply.Intro", true),
  };
}

// ---------------------------------------------------------------------------------------------
// Entering Resupply: each HQ's counters and the units it may resupply

export interface ResupplyEntryHq {
  readonly id: string;
  readonly name: string;
  readonly counters: number;
  readonly units: readonly { readonly name: string; readonly supply: number; readonly room: number }[];
  /** Units of its own it may not resupply (off-road, out of radius, full, off the map). */
  readonly others: number;
}

/** The offer card posted on entering Resupply: every HQ, its counters (= level) and its eligible units. */
export function resupplyEntryContext(field: Battlefield): { readonly hqs: readonly ResupplyEntryHq[] } {
  return {
    hqs: field.hqs.map((hq) => {
      const offers = resupplyOffers(field, hq);
      const eligible = offers.filter((o) => o.eligible);
      return {
        id: hq.id,
        name: hq.name,
        counters: hq.level,
        units: eligible.map((o) => ({ name: o.unit.name, supply: o.unit.supply, room: o.room })),
        others: offers.length - eligible.length,
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// HQ recovery

export interface RecoveryState {
  readonly hq: ActorRef;
  readonly cards: readonly CardRef[];
}

/** The HQ's cards that may speed its recovery. */
export function recoveryCards(field: Battlefield, hq: ActorRef): WorldCard[] {
  return field.cards.filter((c) => c.hq === hq && HQ_RECOVERY_CARDS.includes(c.category));
}

/**
 * Whether the HQ may recover: from the country of its hex on the scene's map when it has one
 * (NATO always; the Warsaw Pact in East Germany or Czechoslovakia), else the HQ's own flag.
 */
export function mayRecoverNow(field: Battlefield, hq: LandHq): { readonly mayRecover: boolean; readonly fromMap: boolean } {
  if (field.map !== null && onMap(field, hq.hex)) return { mayRecover: hqMayRecover(field.map, hq.side, hq.hex), fromMap: true };
  return { mayRecover: hq.mayRecover, fromMap: false };
}

export function recoveryFromForm(prev: RecoveryState, data: Readonly<Record<string, unknown>>): RecoveryState {
  const hq = text(data["hq"]) || prev.hq;
  if (hq !== prev.hq) return { hq, cards: [] };
  const cards = new Set(prev.cards);
  for (const [key, value] of Object.entries(data)) {
    if (!key.startsWith("play:")) continue;
    if (value === true || value === "on" || value === "true") cards.add(key.slice(5));
    else cards.delete(key.slice(5));
  }
  return { hq, cards: [...cards] };
}

export function recoveryInput(field: Battlefield, state: RecoveryState, i18n: Translator): Checked<RecoverHqInput> {
  const hq = hqById(field, state.hq);
  if (hq === undefined) return { ok: false, refusals: [{ code: "unknownHq", message: i18n.format("NOBC.Land.Check.unknownHq", { hq: state.hq }), field: "hq" }] };
  const held = new Map(field.cards.filter((c) => c.hq === hq.id).map((c) => [c.id, c]));
  const refusals: Refusal[] = [];
  const cards: WorldCard[] = [];
  state.cards.forEach((id, i) => {
    const card = held.get(id);
    if (card === undefined) refusals.push({ code: "cardNotHeld", message: i18n.format("NOBC.Land.Check.cardNotHeld", { card: id, hq: hq.name }), field: `cards.${i}` });
    else cards.push(card);
  });
  if (refusals.length > 0) return { ok: false, refusals };
  return { ok: true, value: { hq: { ...hq, mayRecover: mayRecoverNow(field, hq).mayRecover }, cards } };
}

export function recoveryResolution(field: Battlefield, state: RecoveryState, i18n: Translator): Checked<Resolution<RecoverHqOutcome>> {
  const input = recoveryInput(field, state, i18n);
  return input.ok ? recoverHq(input.value) : input;
}

export function recoveryInputs(field: Battlefield, state: RecoveryState, i18n: Translator): CardInputLine[] {
  const hq = hqById(field, state.hq);
  const cards = state.cards.map((id) => field.names.get(id) ?? id);
  return [
    { label: i18n.localize("NOBC.Land.Hq"), value: hq === undefined ? state.hq : `${hq.name} (${hq.level}/${hq.maxLevel})` },
    { label: i18n.localize("NOBC.Land.Recovery.Cards"), value: cards.join(", ") || i18n.localize("NOBC.Land.None") },
  ];
}

export interface RecoveryView extends PreviewView {
  readonly hqs: readonly OptionView[];
  readonly hqName: string;
  readonly level: number;
  readonly maxLevel: number;
  readonly mayRecover: boolean;
  readonly fromMap: boolean;
  readonly cards: readonly { readonly id: string; readonly name: string; readonly category: string; readonly field: string; readonly played: boolean }[];
}

export function recoveryContext(world: LandWorld, state: RecoveryState, i18n: Translator): RecoveryView {
  const { field } = world;
  const hq = hqById(field, state.hq);
  const recover = hq === undefined ? { mayRecover: false, fromMap: false } : mayRecoverNow(field, hq);
  return {
    hqs: options(hqsFor(world).map((h) => [h.id, h.name] as const), state.hq),
    hqName: hq?.name ?? "",
    level: hq?.level ?? 0,
    maxLevel: hq?.maxLevel ?? 0,
    ...recover,
    cards: recoveryCards(field, state.hq).map((c) => ({
      id: c.id,
      name: c.name,
      category: categoryLabelKey(c.category),
      field: `play:${c.id}`,
      played: state.cards.includes(c.id),
    })),
    ...previewView(recoveryResolution(field, state, i18n), field, i18n, "NOBC.Land.Recovery.Intro", true),
  };
}

