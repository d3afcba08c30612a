/**
 * What a step of the air battle leaves on its chat card for the next step to read
 * (`system.records.airBattle` of the GM's card), and how the next step finds the record that still
 * matches the world. Pure: the Foundry side hands in the messages, oldest first; only cards a GM
 * authored count (a player's message is never read as a record).
 *
 * Nothing is remembered by a client: a record counts only while the squadrons it names are still
 * where it left them (docs/rules-decisions.md, "Air War in play").
 */
import { z } from "zod";
import type { ActorRef } from "../../../rules/ids";
import type { AirStatus, Bout, MissionBox, Side, Squadron } from "../../../rules/nobc/air/index";
import { SORTIE_BOXES } from "../../../rules/nobc/air/index";
import { CARD_MESSAGE_TYPE, type CardInputLine, type CardState } from "../../../chat/card-data";
import type { Resolution } from "../../../rules/resolution";
import type { Card } from "../../base/controller";

/** The key under the card's `system.records` holding a record. */
export const RECORD_FLAG = "airBattle";

const side = z.enum(["nato", "wp"]);
const ref = z.string().min(1);
const pair = z.tuple([ref, ref]);

const recordSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("allocation"),
    side,
    zone: z.string(),
    missions: z.array(
      z.object({
        squadron: ref,
        box: z.enum(["airSuperiority", "cas", "recce", "paradrop", "deepStrike", "holding"]),
        targetZone: z.string(),
      }),
    ),
  }),
  z.object({
    kind: z.literal("lineUp"),
    zone: z.string(),
    wpLine: z.array(ref),
    natoOpposite: z.array(z.object({ nato: ref, wp: ref })).optional(),
    wpSwitches: z.array(pair).optional(),
    bouts: z.array(z.object({ wp: ref.nullable(), nato: ref.nullable() })).optional(),
  }),
  z.object({ kind: z.literal("airCombat"), zone: z.string(), lineUp: ref }),
  z.object({
    kind: z.literal("sorties"),
    zone: z.string(),
    side,
    status: z.object({ level: z.enum(["contested", "superiority", "supremacy"]), winner: side.nullable() }),
    flying: z.array(ref),
    intercepted: z.array(ref),
  }),
]);

export interface AllocationRecord {
  readonly kind: "allocation";
  readonly side: Side;
  readonly zone: string;
  readonly missions: readonly { readonly squadron: ActorRef; readonly box: MissionBox; readonly targetZone: string }[];
}
export interface LineUpRecord {
  readonly kind: "lineUp";
  readonly zone: string;
  readonly wpLine: readonly ActorRef[];
  readonly natoOpposite?: readonly { readonly nato: ActorRef; readonly wp: ActorRef }[];
  readonly wpSwitches?: readonly (readonly [ActorRef, ActorRef])[];
  /** Present once the whole line-up was checked by the rules. */
  readonly bouts?: readonly Bout[];
}
export interface AirCombatRecord {
  readonly kind: "airCombat";
  readonly zone: string;
  readonly lineUp: string;
}
export interface SortieRecord {
  readonly kind: "sorties";
  readonly zone: string;
  readonly side: Side;
  readonly status: AirStatus;
  readonly flying: readonly ActorRef[];
  readonly intercepted: readonly ActorRef[];
}
export type AirRecord = AllocationRecord | LineUpRecord | AirCombatRecord | SortieRecord;

/** A record with the card that carries it. */
export interface CardRecord<R extends AirRecord = AirRecord> {
  readonly messageId: string;
  readonly state: CardState;
  readonly record: R;
}

/** The record among a card's `system.records`, or undefined (not an air battle card, or malformed). */
export function readRecord(records: unknown): AirRecord | undefined {
  if (typeof records !== "object" || records === null) return undefined;
  const parsed = recordSchema.safeParse((records as Record<string, unknown>)[RECORD_FLAG]);
  return parsed.success ? parsed.data : undefined;
}

/** A message as this module reads it: a resolution card's subtype, its system data and its author. */
export interface MessageView {
  readonly id: string | null;
  readonly type?: string;
  readonly system?: unknown;
  readonly author?: { readonly isGM?: boolean } | null;
}

/** Every air battle record among the GM's cards, oldest first, with the card's state. */
export function cardRecords(messages: Iterable<MessageView>): CardRecord[] {
  const out: CardRecord[] = [];
  for (const m of messages) {
    if (m.type !== CARD_MESSAGE_TYPE || m.author?.isGM !== true || m.id === null) continue;
    const system = (m.system ?? {}) as Record<string, unknown>;
    const record = readRecord(system["records"]);
    if (record === undefined) continue;
    const state = system["state"];
    out.push({ messageId: m.id, state: state === "applied" || state === "reverted" ? state : "pending", record });
  }
  return out;
}

function ofKind<K extends AirRecord["kind"]>(records: readonly CardRecord[], kind: K): CardRecord<Extract<AirRecord, { kind: K }>>[] {
  return records.filter((r): r is CardRecord<Extract<AirRecord, { kind: K }>> => r.record.kind === kind);
}

const sameSet = (a: Iterable<string>, b: Iterable<string>): boolean => {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((v) => y.has(v));
};

/**
 * The zone each squadron fights in: for a squadron on a mission, the target zone of the latest
 * applied allocation that put it in its present box; otherwise its own zone.
 */
export function battleZones(squadrons: readonly Squadron[], records: readonly CardRecord[]): Map<ActorRef, string> {
  const applied = ofKind(records, "allocation").filter((r) => r.state === "applied");
  const zones = new Map<ActorRef, string>();
  for (const s of squadrons) {
    let zone = s.airZone;
    if (s.box !== "ready" && s.box !== "holding" && s.box !== "damaged" && s.box !== "destroyed") {
      for (const r of applied) {
        const mission = r.record.missions.find((m) => m.squadron === s.id);
        if (mission?.box === s.box) zone = mission.targetZone;
      }
    }
    zones.set(s.id, zone);
  }
  return zones;
}

/** The squadrons fighting in `zone` (see battleZones). */
export function squadronsInZone(squadrons: readonly Squadron[], zones: ReadonlyMap<ActorRef, string>, zone: string): Squadron[] {
  return squadrons.filter((s) => (zones.get(s.id) ?? s.airZone) === zone);
}

/** The ids of a line-up record: the WP line and the NATO squadrons it names (opposite or spare). */
function lineUpSquadrons(r: LineUpRecord): string[] {
  const ids = [...r.wpLine, ...(r.natoOpposite ?? []).map((p) => p.nato)];
  for (const b of r.bouts ?? []) if (b.nato !== null) ids.push(b.nato);
  return ids;
}

/**
 * The latest line-up of `zone` that still matches its air superiority box: its WP line is exactly
 * the WP fighters there, and (once NATO has placed) its NATO squadrons are NATO fighters there.
 * A reverted card does not count.
 */
export function currentLineUp(
  records: readonly CardRecord[],
  zone: string,
  zoneSquadrons: readonly Squadron[],
): CardRecord<LineUpRecord> | undefined {
  const fighters = zoneSquadrons.filter((s) => s.box === "airSuperiority");
  const wp = fighters.filter((s) => s.side === "wp").map((s) => s.id);
  const nato = new Set(fighters.filter((s) => s.side === "nato").map((s) => s.id));
  const candidates = ofKind(records, "lineUp").filter((r) => r.record.zone === zone && r.state !== "reverted");
  const latest = candidates[candidates.length - 1];
  if (latest === undefined) return undefined;
  const r = latest.record;
  if (!sameSet(r.wpLine, wp)) return undefined;
  const natoNamed = lineUpSquadrons(r).filter((id) => !r.wpLine.includes(id));
  if (!natoNamed.every((id) => nato.has(id))) return undefined;
  if (r.bouts !== undefined && !sameSet(natoNamed, nato)) return undefined;
  return latest;
}

/** The air combat card already posted for a line-up card, if any (and not reverted). */
export function combatFor(records: readonly CardRecord[], lineUpMessage: string): CardRecord<AirCombatRecord> | undefined {
  return ofKind(records, "airCombat").find((r) => r.record.lineUp === lineUpMessage && r.state !== "reverted");
}

/**
 * The latest sortie selection of a side in `zone` that still covers exactly the side's squadrons
 * on ground missions there (flying and intercepted together).
 */
export function currentSorties(
  records: readonly CardRecord[],
  zone: string,
  sideId: Side,
  zoneSquadrons: readonly Squadron[],
): CardRecord<SortieRecord> | undefined {
  const onMission = zoneSquadrons.filter((s) => s.side === sideId && SORTIE_BOXES.includes(s.box)).map((s) => s.id);
  const candidates = ofKind(records, "sorties").filter((r) => r.record.zone === zone && r.record.side === sideId && r.state !== "reverted");
  const latest = candidates[candidates.length - 1];
  if (latest === undefined) return undefined;
  return sameSet([...latest.record.flying, ...latest.record.intercepted], onMission) ? latest : undefined;
}

/** What a step's card holds before its record is attached. */
export interface AirCard<O> {
  readonly title: string;
  readonly resolution: Resolution<O>;
  readonly outcome?: string;
  readonly inputs?: readonly CardInputLine[];
}

/** The card to post (pending until Apply), carrying the record the next step reads. */
export function airCard<O>(card: AirCard<O>, record?: AirRecord): Card {
  return {
    title: card.title,
    resolution: card.resolution,
    outcome: card.outcome,
    inputs: card.inputs,
    ...(record === undefined ? {} : { records: { [RECORD_FLAG]: record } }),
  };
}
