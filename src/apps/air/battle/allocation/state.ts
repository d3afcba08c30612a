/**
 * Step 1 in play: a side's ready squadrons of one air zone, each given a mission box, a target
 * zone and perhaps an advanced weapon card; the form read into that state, the rules' input, and
 * the card with the record step 2 on reads. Pure.
 */
import type { ActorRef } from "../../../../rules/ids";
import { phrase, type Checked, type Resolution } from "../../../../rules/resolution";
import {
  MISSION_BOXES,
  resolveAllocation,
  type AllocationInput,
  type AllocationOrder,
  type Mission,
  type MissionBox,
  type Side,
  type Squadron,
  type WeaponKind,
} from "../../../../rules/nobc/air/index";
import type { Translator } from "../../../../view/breakdown";
import { speak } from "../../../../words/phrase";
import { AIR_BOX_LABELS, SIDE_LABELS, WEAPON_KIND_LABELS } from "../../../../view/labels";
import type { CardInputLine } from "../../../../chat/resolution-card";
import type { AllocationRecord } from "../records";
import { namer, zoneLabel } from "../view";
import { notOwned, type AirWorld } from "../world";

export const WEAPON_KINDS: readonly WeaponKind[] = ["aam", "cas", "deepStrike"];

export interface AllocationRow {
  readonly squadron: ActorRef;
  /** "" leaves the squadron in the ready box. */
  readonly box: MissionBox | "";
  readonly targetZone: string;
  /** "" attaches no weapon card. */
  readonly weaponKind: WeaponKind | "";
  readonly weaponName: string;
}

/** The distances between zones are the world's (a GM's setting), never the state's: see AirWorld. */
export interface AllocationState {
  readonly side: Side;
  readonly zone: string;
  readonly rows: readonly AllocationRow[];
}

/** The ready squadrons of a side based in a zone that the user may allocate (a GM: all). */
export function allocatable(world: AirWorld, side: Side, zone: string): Squadron[] {
  return world.squadrons.filter((s) => s.side === side && s.airZone === zone && s.box === "ready" && (world.isGM || world.owned.has(s.id)));
}

/** A fresh state for a side and zone, keeping the choices already made for the same squadrons. */
export function allocationState(
  world: AirWorld,
  scope: { side: Side; zone: string },
  previous: readonly AllocationRow[] = [],
): AllocationState {
  const kept = new Map(previous.map((r) => [r.squadron, r]));
  const rows = allocatable(world, scope.side, scope.zone).map(
    (s): AllocationRow => kept.get(s.id) ?? { squadron: s.id, box: "", targetZone: s.airZone, weaponKind: "", weaponName: "" },
  );
  return { side: scope.side, zone: scope.zone, rows };
}

const str = (v: unknown): string => (typeof v === "string" ? v : "");

function asBox(v: unknown): MissionBox | "" {
  return (MISSION_BOXES as readonly string[]).includes(str(v)) ? (v as MissionBox) : "";
}

function asKind(v: unknown): WeaponKind | "" {
  return (WEAPON_KINDS as readonly string[]).includes(str(v)) ? (v as WeaponKind) : "";
}

/**
 * The state after the form was changed. Rows are named by index (`box-0`, `target-0`,
 * `weaponKind-0`, `weaponName-0`); a new side or zone starts new rows.
 */
export function allocationFromForm(world: AirWorld, state: AllocationState, form: Readonly<Record<string, unknown>>): AllocationState {
  const side = form["side"] === "wp" || form["side"] === "nato" ? form["side"] : state.side;
  const zone = typeof form["zone"] === "string" ? form["zone"] : state.zone;
  const rows = state.rows.map((row, i) => ({
    squadron: row.squadron,
    box: `box-${i}` in form ? asBox(form[`box-${i}`]) : row.box,
    targetZone: typeof form[`target-${i}`] === "string" ? str(form[`target-${i}`]) : row.targetZone,
    weaponKind: `weaponKind-${i}` in form ? asKind(form[`weaponKind-${i}`]) : row.weaponKind,
    weaponName: typeof form[`weaponName-${i}`] === "string" ? str(form[`weaponName-${i}`]).trim() : row.weaponName,
  }));
  if (side !== state.side || zone !== state.zone) return allocationState(world, { side, zone }, rows);
  return { ...state, rows };
}

/** The rules' input: one order per row given a box; a weapon with no name takes its kind's name. */
export function allocationInput(world: AirWorld, state: AllocationState, i18n: Translator): AllocationInput {
  const orders: AllocationOrder[] = [];
  for (const row of state.rows) {
    if (row.box === "") continue;
    const order: AllocationOrder = { squadron: row.squadron, box: row.box, targetZone: row.targetZone };
    if (row.weaponKind !== "") {
      const name = row.weaponName === "" ? i18n.localize(WEAPON_KIND_LABELS[row.weaponKind]) : row.weaponName;
      order.weapons = [{ kind: row.weaponKind, name }];
    }
    orders.push(order);
  }
  return { squadrons: world.squadrons, orders, zoneDistances: world.zoneDistances };
}

/** What may stop the user posting, beyond the rules: no order, or squadrons they do not own. */
export function allocationProblems(world: AirWorld, state: AllocationState, i18n: Translator): string[] {
  const ordered = state.rows.filter((r) => r.box !== "").map((r) => r.squadron);
  if (ordered.length === 0) return [i18n.localize("NOBC.AirBattle.Refused.noOrders")];
  return notOwned(
    world,
    world.squadrons.filter((s) => ordered.includes(s.id)),
    i18n,
  );
}

export function checkAllocation(world: AirWorld, state: AllocationState, i18n: Translator): Checked<Resolution<{ missions: Mission[] }>> {
  return resolveAllocation(allocationInput(world, state, i18n));
}

/** The card's headline: how many squadrons went to each mission box, in the order of the boxes first chosen. */
export function allocationOutcome(missions: readonly Mission[], i18n: Translator): string {
  const boxes = new Map<Mission["box"], number>();
  for (const m of missions) boxes.set(m.box, (boxes.get(m.box) ?? 0) + 1);
  const list = [...boxes].map(([box, count]) =>
    speak(phrase("NOBC.AirBattle.Allocation.BoxCount", { box: phrase(AIR_BOX_LABELS[box]), count }), i18n),
  );
  return speak(phrase("NOBC.AirBattle.Allocation.Outcome", { count: missions.length, boxes: list.join(", ") }), i18n);
}

/** The card's title, its input lines, and the record step 2 on reads the mission zones from. */
export function allocationCard(
  world: AirWorld,
  state: AllocationState,
  missions: readonly Mission[],
  i18n: Translator,
): { title: string; inputs: CardInputLine[]; record: AllocationRecord } {
  const name = namer(world.squadrons);
  return {
    title: i18n.format("NOBC.AirBattle.Allocation.CardTitle", {
      side: i18n.localize(SIDE_LABELS[state.side]),
      zone: zoneLabel(state.zone, i18n),
    }),
    inputs: missions.map((m) => ({
      label: name(m.squadron),
      value: i18n.format("NOBC.AirBattle.Allocation.Order", {
        box: i18n.localize(AIR_BOX_LABELS[m.box]),
        zone: zoneLabel(m.targetZone, i18n),
      }),
    })),
    record: {
      kind: "allocation",
      side: state.side,
      zone: state.zone,
      missions: missions.map((m) => ({ squadron: m.squadron, box: m.box, targetZone: m.targetZone })),
    },
  };
}
