/**
 * What the Resupply dialog shows (the HQ's counters, the units it may resupply and what each may
 * take, the others with the rules' reasons), and the offer card posted on entering Resupply. Pure.
 */
import type { LandHq } from "../../../rules/nobc/land/types";
import type { Battlefield } from "../../../world/battlefield";
import { hqById, hqsFor, type LandWorld } from "../world";
import { options, previewView, type OptionView, type PreviewView, type Translator } from "../view";
import { resupplyOffers, offMapReason, resupplyResolution, type ResupplyOffer, type ResupplyState } from "./state";

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
    hqs: options(
      hqsFor(world).map((h) => [h.id, h.name] as const),
      state.hq,
    ),
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
