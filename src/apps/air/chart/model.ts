/**
 * The Air War charts of one air zone and side as data (issue #32; seed 000, Air War QRS): the
 * Operations Allocation chart (Air Superiority, CAS with Recce and Paradrop inside it, Deep Strike),
 * the Airbase chart (each airbase with its spaces, hits and capacity; a box for the squadrons that
 * need no space; Damaged; Holding) and Destroyed, with the squadrons each box holds, the boxes the
 * current step of the turn asks about and the lang key of the line saying what to do now. Pure, and
 * one pass over the squadrons: no Foundry, no words.
 */
import type { ActorRef } from "../../../rules/ids";
import { airbaseCapacity, needsAirbaseSpace, type Airbase, type MissionBox, type Side, type Squadron } from "../../../rules/nobc/air/index";
import type { StageId } from "../../../rules/nobc/turn";

/** The boxes of the Operations Allocation chart, in the seed's order (Recce and Paradrop inside CAS). */
export const OPERATION_BOXES = ["airSuperiority", "cas", "recce", "paradrop", "deepStrike"] as const;
export type OperationBox = (typeof OPERATION_BOXES)[number];

/** The boxes of the Airbase chart other than the airbases themselves. */
export const BASE_CHART_BOXES = ["unbased", "damaged", "holding", "destroyed"] as const;
export type BaseChartBox = (typeof BASE_CHART_BOXES)[number];

/** A box's id on the chart: a mission box, one of the Airbase chart's own, or `airbase:<uuid>`. */
export type ChartBoxId = OperationBox | BaseChartBox | `airbase:${string}`;

export const AIRBASE_PREFIX = "airbase:";

export function airbaseBoxId(airbase: ActorRef): ChartBoxId {
  return `${AIRBASE_PREFIX}${airbase}`;
}

/** What a drop into a box asks of the allocation: a mission box, or "" (stay ready, on its airbase). */
export function allocationBoxOf(box: string): MissionBox | "" | undefined {
  if ((OPERATION_BOXES as readonly string[]).includes(box) || box === "holding") return box as MissionBox;
  if (box === "unbased" || box.startsWith(AIRBASE_PREFIX)) return "";
  return undefined;
}

/** A squadron's counter in a box. */
export interface ChartCounter {
  readonly id: ActorRef;
  /** Put there by the window's draft, not yet posted and applied. */
  readonly drafted: boolean;
  /** The air zone of its mission when that is not the chart's own zone. */
  readonly targetZone: string | null;
}

export interface AirbaseSpaces {
  readonly id: ActorRef;
  readonly name: string;
  /** Squadrons it holds now: its capacity less one per unrepaired hit (the rules' `airbaseCapacity`). */
  readonly capacity: number;
  /** Spaces taken by the ready squadrons based there that need one. */
  readonly used: number;
  readonly hits: number;
  readonly permanentHits: number;
  readonly over: boolean;
}

export interface ChartBox {
  readonly id: ChartBoxId;
  /** Lang key of the box's name; an airbase box is named by its airbase. */
  readonly label: string | null;
  readonly counters: readonly ChartCounter[];
  /** The current step asks about this box. */
  readonly highlighted: boolean;
  /** A squadron may be dropped here in the current step (the allocation of step 1). */
  readonly open: boolean;
  /** Recce and Paradrop are drawn inside the CAS box. */
  readonly inside: OperationBox | null;
  readonly airbase: AirbaseSpaces | null;
}

export interface ChartModel {
  readonly side: Side;
  readonly zone: string;
  readonly stage: StageId | null;
  /** Lang key of "what to do now". */
  readonly step: string;
  readonly operations: readonly ChartBox[];
  readonly airbases: readonly ChartBox[];
  readonly others: readonly ChartBox[];
  /** Squadrons of the side and zone on the chart. */
  readonly count: number;
}

export interface ChartInput {
  readonly side: Side;
  readonly zone: string;
  /** Every squadron the world holds (the chart takes the side's based in the zone). */
  readonly squadrons: readonly Squadron[];
  readonly airbases: readonly Airbase[];
  /** The turn's stage; null when no turn is on the tracker. */
  readonly stage: StageId | null;
  /** The window's draft allocation: squadron → its chosen box and target zone ("" box: stays ready). */
  readonly drafted?: ReadonlyMap<ActorRef, { readonly box: MissionBox | ""; readonly targetZone: string }>;
  /** The zone each squadron on a mission flies to (the applied allocation's records). */
  readonly missionZones?: ReadonlyMap<ActorRef, string>;
  /** The window's draft basing of step 10: squadron → the airbase chosen ("": none, it waits in Holding). */
  readonly based?: ReadonlyMap<ActorRef, string>;
}

type AirStage = Extract<
  StageId,
  | "airAllocation"
  | "airLineup"
  | "airCombat"
  | "airSuperiority"
  | "airSorties"
  | "airReturn"
  | "airHandOver"
  | "airDeepStrike"
  | "airRepair"
  | "airCapacity"
  | "airbaseRepair"
>;

/** "airbases": every airbase box. */
type Highlight = OperationBox | BaseChartBox | "airbases";

/**
 * The boxes each step of the Air War asks about (seed 000, Air War QRS, steps 1–11): what the step
 * places, reads or moves squadrons out of.
 */
const STEP_BOXES: Readonly<Record<AirStage, readonly Highlight[]>> = {
  // 1) cards placed on the Operations Allocation chart; transfers into Holding.
  airAllocation: ["airSuperiority", "cas", "recce", "paradrop", "deepStrike", "holding"],
  // 2) the air-to-air units lined up.
  airLineup: ["airSuperiority"],
  // 3) combat; damaged units go to the Damaged box at once.
  airCombat: ["airSuperiority", "damaged"],
  // 4) the surviving air-to-air units counted.
  airSuperiority: ["airSuperiority"],
  // 5) CAS and deep-strike units selected.
  airSorties: ["cas", "recce", "paradrop", "deepStrike"],
  // 6) air superiority to Holding, excess CAS to Damaged.
  airReturn: ["airSuperiority", "cas", "recce", "paradrop", "deepStrike", "holding", "damaged"],
  // 7) CAS handed to the land players; paradrops.
  airHandOver: ["cas", "paradrop"],
  // 8) deep strikes.
  airDeepStrike: ["deepStrike"],
  // 9) aircraft repair.
  airRepair: ["damaged"],
  // 10) airbase capacity: squadrons without a space go to Holding.
  airCapacity: ["airbases", "unbased", "holding"],
  // 11) airbase and air-defence repair.
  airbaseRepair: ["airbases"],
};

function isAirStage(stage: StageId | null): stage is AirStage {
  return stage !== null && Object.hasOwn(STEP_BOXES, stage);
}

/** The lang keys of each Air War step's "what to do now" line, written out in full (docs/i18n.md). */
const STEP_LINES: Readonly<Record<AirStage, string>> = {
  airAllocation: "NOBC.AirChart.Step.airAllocation",
  airLineup: "NOBC.AirChart.Step.airLineup",
  airCombat: "NOBC.AirChart.Step.airCombat",
  airSuperiority: "NOBC.AirChart.Step.airSuperiority",
  airSorties: "NOBC.AirChart.Step.airSorties",
  airReturn: "NOBC.AirChart.Step.airReturn",
  airHandOver: "NOBC.AirChart.Step.airHandOver",
  airDeepStrike: "NOBC.AirChart.Step.airDeepStrike",
  airRepair: "NOBC.AirChart.Step.airRepair",
  airCapacity: "NOBC.AirChart.Step.airCapacity",
  airbaseRepair: "NOBC.AirChart.Step.airbaseRepair",
};

/** The lang key of the chart's "what to do now" line for a stage. */
export function stepLine(stage: StageId | null): string {
  if (stage === null) return "NOBC.AirChart.Step.noTurn";
  return isAirStage(stage) ? STEP_LINES[stage] : "NOBC.AirChart.Step.landWar";
}

/** What a drop in this stage asks: the allocation of step 1, the basing of step 10, or nothing. */
export type DropKind = "allocation" | "basing" | null;

export function dropKind(stage: StageId | null): DropKind {
  if (stage === "airAllocation") return "allocation";
  if (stage === "airCapacity") return "basing";
  return null;
}

/** Whether squadrons may be dropped into boxes in this stage. */
export function dropsOpen(stage: StageId | null): boolean {
  return dropKind(stage) !== null;
}

/**
 * The boxes that take a drop: in step 1 the mission boxes, Holding (a transfer) and the airbases and the
 * unbased box (staying ready); in step 10 the airbases and Holding (no base).
 */
function opens(kind: DropKind, box: OperationBox | BaseChartBox | "airbases"): boolean {
  if (kind === "allocation") return box !== "damaged" && box !== "destroyed";
  if (kind === "basing") return box === "airbases" || box === "holding";
  return false;
}

const OPERATION_LABELS: Readonly<Record<OperationBox | BaseChartBox, string>> = {
  airSuperiority: "NOBC.AirBox.airSuperiority",
  cas: "NOBC.AirBox.cas",
  recce: "NOBC.AirBox.recce",
  paradrop: "NOBC.AirBox.paradrop",
  deepStrike: "NOBC.AirBox.deepStrike",
  unbased: "NOBC.AirChart.Box.unbased",
  damaged: "NOBC.AirBox.damaged",
  holding: "NOBC.AirBox.holding",
  destroyed: "NOBC.AirBox.destroyed",
};

/** The chart of one zone and side. Costs one pass over the squadrons and one over the airbases. */
export function airChart(input: ChartInput): ChartModel {
  const highlights = new Set<Highlight>(isAirStage(input.stage) ? STEP_BOXES[input.stage] : []);
  const kind = dropKind(input.stage);
  const bases = input.airbases.filter((a) => a.side === input.side && a.airZone === input.zone);
  const baseIds = new Set(bases.map((a) => a.id));
  const held = new Map<ChartBoxId, ChartCounter[]>();
  const used = new Map<ActorRef, number>();
  const put = (box: ChartBoxId, counter: ChartCounter) => {
    const list = held.get(box);
    if (list === undefined) held.set(box, [counter]);
    else list.push(counter);
  };
  let count = 0;
  for (const s of input.squadrons) {
    if (s.side !== input.side || s.airZone !== input.zone) continue;
    count += 1;
    const draft = s.box === "ready" ? input.drafted?.get(s.id) : undefined;
    if (draft !== undefined && draft.box !== "") {
      put(draft.box, { id: s.id, drafted: true, targetZone: draft.targetZone === input.zone ? null : draft.targetZone });
      continue;
    }
    const basing = s.box === "ready" || s.box === "holding" ? input.based?.get(s.id) : undefined;
    if (basing !== undefined) {
      const onBase = basing !== "" && baseIds.has(basing);
      if (onBase && needsAirbaseSpace(s)) used.set(basing, (used.get(basing) ?? 0) + 1);
      put(onBase ? airbaseBoxId(basing) : "holding", { id: s.id, drafted: true, targetZone: null });
      continue;
    }
    if (s.box === "ready") {
      const based = s.airbase !== null && baseIds.has(s.airbase);
      if (based && needsAirbaseSpace(s)) used.set(s.airbase, (used.get(s.airbase) ?? 0) + 1);
      put(based ? airbaseBoxId(s.airbase) : "unbased", { id: s.id, drafted: false, targetZone: null });
      continue;
    }
    const flying = input.missionZones?.get(s.id);
    put(s.box, { id: s.id, drafted: false, targetZone: flying === undefined || flying === input.zone ? null : flying });
  }
  const box = (id: OperationBox | BaseChartBox, inside: OperationBox | null = null): ChartBox => ({
    id,
    label: OPERATION_LABELS[id],
    counters: held.get(id) ?? [],
    highlighted: highlights.has(id),
    open: opens(kind, id),
    inside,
    airbase: null,
  });
  const airbases = bases.map((a): ChartBox => {
    const capacity = airbaseCapacity(a);
    const taken = used.get(a.id) ?? 0;
    return {
      id: airbaseBoxId(a.id),
      label: null,
      counters: held.get(airbaseBoxId(a.id)) ?? [],
      highlighted: highlights.has("airbases"),
      open: opens(kind, "airbases"),
      inside: null,
      airbase: {
        id: a.id,
        name: a.name,
        capacity,
        used: taken,
        hits: a.hits,
        permanentHits: a.permanentHits,
        over: taken > capacity,
      },
    };
  });
  return {
    side: input.side,
    zone: input.zone,
    stage: input.stage,
    step: stepLine(input.stage),
    operations: [box("airSuperiority"), box("cas"), box("recce", "cas"), box("paradrop", "cas"), box("deepStrike")],
    airbases,
    others: BASE_CHART_BOXES.map((id) => box(id)),
    count,
  };
}
