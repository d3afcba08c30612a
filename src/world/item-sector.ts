/**
 * The sector of something to rule on (issue #31, item 1): a request, the card it produces, a queue
 * item. Its war is the war of the stage its action is asked in (none for an action of no stage),
 * its HQs those of the actors it names with every HQ above them by `parent`, its hex the first
 * actor's. Read on one ground (the units' HQs and hexes, the HQs' parents and hexes), the same for
 * the queue (src/apps/control/queue.ts), the card's stamp (src/chat/resolution-card.ts) and the
 * ruler's check (src/queries/ruling.ts). Pure.
 */
import { touchedDocuments, type Effect } from "../rules/effects";
import { isTurnAction, stagesFor } from "../rules/nobc/stage-actions";
import { STAGES, type StageId, type War } from "../rules/nobc/turn";
import { embeddedActor } from "../teams/read";
import { hqChain, type ItemSector } from "../teams/umpires";

/** The ground a sector is read on. */
export interface SectorGround {
  readonly units: readonly { readonly id: string; readonly hex: string; readonly hq?: string | undefined }[];
  readonly hqs: readonly { readonly id: string; readonly hex: string; readonly parent?: string | undefined }[];
}

/** The war of a stage. */
export function warOf(stage: StageId): War {
  return STAGES.find((s) => s.id === stage)?.war ?? "land";
}

/** The ground indexed once: the HQ parents, a unit's HQ, a unit's or HQ's hex. */
export class SectorIndex {
  readonly parentOf = new Map<string, string>();
  readonly unitHq = new Map<string, string>();
  readonly hexOf = new Map<string, string>();
  readonly hqIds = new Set<string>();

  constructor(on: SectorGround) {
    for (const h of on.hqs) {
      this.hqIds.add(h.id);
      if (h.parent !== undefined) this.parentOf.set(h.id, h.parent);
      if (h.hex !== "") this.hexOf.set(h.id, h.hex);
    }
    for (const u of on.units) {
      if (u.hq !== undefined) this.unitHq.set(u.id, u.hq);
      if (u.hex !== "") this.hexOf.set(u.id, u.hex);
    }
  }

  /** The HQs of the actors named (an HQ itself, a unit's HQ, an embedded item's actor), with those above them. */
  chainOf(actors: Iterable<string>): string[] {
    const hqs: string[] = [];
    for (const a of actors) {
      const actor = embeddedActor(a) ?? a;
      if (this.hqIds.has(actor)) hqs.push(actor);
      const hq = this.unitHq.get(actor);
      if (hq !== undefined) hqs.push(hq);
    }
    return hqChain(hqs, this.parentOf);
  }

  /** The sector of a request for `action` (a dialog's registered id, or none) about `actors`. */
  ofRequest(action: string | undefined, actors: readonly string[]): ItemSector {
    const stage = action !== undefined && isTurnAction(action) ? stagesFor("request", action)[0] : undefined;
    const first = actors[0];
    return {
      war: stage === undefined ? null : warOf(stage),
      hqs: this.chainOf(actors),
      hex: first === undefined ? null : (this.hexOf.get(embeddedActor(first) ?? first) ?? null),
    };
  }

  /** The sector of a card: its action's war, the HQ chain and hex of the documents its effects touch. */
  ofCard(card: { readonly action?: string | undefined; readonly effects: readonly Effect[] }): ItemSector {
    return this.ofRequest(card.action, touchedDocuments(card.effects));
  }
}

/** The sector of a request for `dialog` about `actors`, on `on`. */
export function requestSector(on: SectorGround, dialog: string, actors: readonly string[]): ItemSector {
  return new SectorIndex(on).ofRequest(dialog, actors);
}

/** The sector of a card on `on`. */
export function cardSector(
  on: SectorGround,
  card: { readonly action?: string | undefined; readonly effects: readonly Effect[] },
): ItemSector {
  return new SectorIndex(on).ofCard(card);
}

/** The sector of a nuclear or ADM release request: the Land War, the card's HQ chain, the target hex. */
export function wmdRequestSector(index: SectorIndex, state: { readonly card: string; readonly hex: string }): ItemSector {
  const hq = embeddedActor(state.card);
  return { war: "land", hqs: index.chainOf(hq === null ? [] : [hq]), hex: state.hex === "" ? null : state.hex };
}
