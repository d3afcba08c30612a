/**
 * What the Resupply dialog shows (the HQ's counters, the units it may resupply and what each may
 * take, the others with the rules' reasons), and the offer card posted on entering Resupply. Pure.
 */
import type { LandHq } from "../../../rules/nobc/land/types";
import { speak } from "../../../words/phrase";
import { phrase } from "../../../rules/resolution";
import type { Battlefield } from "../../../world/battlefield";
import { hqById, hqsFor, type LandWorld } from "../world";
import { options, previewView, type OptionView, type PreviewView, type Translator } from "../view";
import {
  resupplyEntryOffers,
  resupplyIndex,
  resupplyOffers,
  offMapReason,
  resupplyResolution,
  type ResupplyOffer,
  type ResupplyState,
} from "./state";

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
  /** "{hq} has 2 supply counters; 1 given here." */
  readonly countersText: string;
  /** "3 units of its own it may not resupply" */
  readonly ineligibleText: string;
}

function offerView(o: ResupplyOffer, hq: LandHq, state: ResupplyState, i18n: Translator): OfferView {
  return {
    id: o.unit.id,
    name: o.unit.name,
    supply: o.unit.supply,
    room: o.room,
    eligible: o.eligible,
    reasons: [...(o.candidate === null ? [offMapReason(o.unit, hq)] : []), ...o.reasons.map((r) => r.text)].map((r) => speak(r, i18n)),
    field: `give:${o.unit.id}`,
    value: state.allocation[o.unit.id] ?? 0,
  };
}

export function resupplyContext(world: LandWorld, state: ResupplyState, i18n: Translator): ResupplyView {
  const { field } = world;
  const hq = hqById(field, state.hq);
  // The HQ's offers are read once per render: the rows and the preview's check share them.
  const read = hq === undefined ? [] : resupplyOffers(field, hq);
  const offers = hq === undefined ? [] : read.map((o) => offerView(o, hq, state, i18n));
  const counters = hq?.level ?? 0;
  const given = Object.values(state.allocation).reduce((s, n) => s + (Number.isFinite(n) ? n : 0), 0);
  const ineligible = offers.filter((o) => !o.eligible);
  return {
    hqs: options(
      hqsFor(world).map((h) => [h.id, h.name] as const),
      state.hq,
    ),
    hqName: hq?.name ?? "",
    counters,
    offers: offers.filter((o) => o.eligible),
    ineligible,
    given,
    countersText: speak(phrase("NOBC.Land.Resupply.CountersOf", { hq: hq?.name ?? "", count: counters, given }), i18n),
    ineligibleText: speak(phrase("NOBC.Land.Resupply.Ineligible", { count: ineligible.length }), i18n),
    ...previewView(resupplyResolution(field, state, read), field, i18n, "NOBC.Land.Resupply.Intro", true),
  };
}

// ---------------------------------------------------------------------------------------------
// Entering Resupply: each HQ's counters and the units it may resupply

export interface ResupplyEntryHq {
  readonly id: string;
  readonly name: string;
  readonly counters: number;
  /** "2 counters" */
  readonly countersText: string;
  readonly units: readonly { readonly name: string; readonly supply: number; readonly room: number }[];
  /** Units of its own it may not resupply (off-road, out of radius, full, off the map). */
  readonly others: number;
  /** "3 more units of its own cannot be resupplied now (…)", or "" when there are none. */
  readonly othersText: string;
}

/** The offer card posted on entering Resupply: every HQ, its counters (= level) and its eligible units. */
export function resupplyEntryContext(field: Battlefield, i18n: Translator): { readonly hqs: readonly ResupplyEntryHq[] } {
  const index = resupplyIndex(field);
  return {
    hqs: field.hqs.map((hq) => {
      const { eligible, others } = resupplyEntryOffers(field, hq, index);
      return {
        id: hq.id,
        name: hq.name,
        counters: hq.level,
        countersText: speak(phrase("NOBC.Land.Resupply.CountersShort", { count: hq.level }), i18n),
        units: eligible.map((o) => ({ name: o.unit.name, supply: o.unit.supply, room: o.room })),
        others,
        othersText: others === 0 ? "" : speak(phrase("NOBC.Land.Resupply.Others", { count: others }), i18n),
      };
    }),
  };
}
