/**
 * The Air War chart window's state: the zone and side it shows, the allocation dialog's own state as
 * the draft of step 1, the squadrons selected and the zone the next drop flies to. A drop is the
 * dialog's change of a row (`allocationFromForm`) checked with the dialog's check (`checkAllocation`,
 * the rules): a move the rules refuse leaves the state as it was, with the rules' words. Pure.
 */
import type { ActorRef } from "../../../rules/ids";
import { phrase } from "../../../rules/resolution";
import { needsAirbaseSpace, resolveAirbaseCapacity, resolveAllocation, type Side } from "../../../rules/nobc/air/index";
import { boxLabel } from "../../../rules/nobc/air/labels";
import type { Translator } from "../../../view/breakdown";
import { speak } from "../../../words/phrase";
import { allocationFromForm, allocationState, checkAllocation, type AllocationState } from "../battle/allocation/state";
import { notOwned } from "../battle/world";
import { capacityInput, initialCapacity, type CapacityState } from "../missions/capacity/state";
import type { MissionWorld } from "../missions/world";
import { AIRBASE_PREFIX, allocationBoxOf, dropKind } from "./model";
import type { ChartWorld } from "./world";

export interface ChartState {
  readonly side: Side;
  readonly zone: string;
  /** The draft of step 1: exactly the allocation dialog's state, which Post sends. */
  readonly allocation: AllocationState;
  readonly selected: readonly ActorRef[];
  /** The air zone a squadron dropped into a mission (or Holding) flies to. */
  readonly targetZone: string;
  /** Why the last move was refused (the user's words); [] after a move that went. */
  readonly refusals: readonly string[];
  /** The draft of step 10: squadron → the airbase chosen for it ("": none, Holding), where it differs from its own. */
  readonly basing: Readonly<Record<string, string>>;
  /** The name of the next advanced weapon card attached ("": the kind's name, as the dialog gives it). */
  readonly weaponName: string;
}

/** A chart of a side and zone, keeping the draft and selection of the squadrons still ready there. */
export function chartState(world: ChartWorld, scope: { side: Side; zone: string }, previous?: ChartState): ChartState {
  const kept = previous?.side === scope.side && previous.zone === scope.zone ? previous : undefined;
  const allocation = allocationState(world.air, scope, kept?.allocation.rows ?? []);
  const onChart = new Set(world.air.squadrons.filter((s) => s.side === scope.side && s.airZone === scope.zone).map((s) => s.id));
  return {
    side: scope.side,
    zone: scope.zone,
    allocation,
    selected: kept?.selected.filter((id) => onChart.has(id)) ?? [],
    targetZone: kept?.targetZone ?? scope.zone,
    refusals: kept?.refusals ?? [],
    basing: kept?.basing ?? {},
    weaponName: kept?.weaponName ?? "",
  };
}

/** The state as the world now stands: squadrons no longer ready leave the draft (a posted and applied allocation). */
export function freshState(world: ChartWorld, state: ChartState): ChartState {
  return chartState(world, state, state);
}

/** A squadron selected or let go (the keyboard's way to pick what a box receives). */
export function toggleSelected(state: ChartState, squadron: ActorRef): ChartState {
  const selected = state.selected.includes(squadron) ? state.selected.filter((id) => id !== squadron) : [...state.selected, squadron];
  return { ...state, selected, refusals: [] };
}

/** The form's selects: side and zone (a new chart), the zone the next drop flies to. */
export function chartFromForm(world: ChartWorld, state: ChartState, form: Readonly<Record<string, unknown>>): ChartState {
  const side = form["side"] === "nato" || form["side"] === "wp" ? form["side"] : state.side;
  const zone = typeof form["zone"] === "string" ? form["zone"] : state.zone;
  if (side !== state.side || zone !== state.zone) return chartState(world, { side, zone });
  const targetZone = typeof form["targetZone"] === "string" ? form["targetZone"] : state.targetZone;
  const weaponName = typeof form["weaponName"] === "string" ? form["weaponName"].trim() : state.weaponName;
  return { ...state, targetZone, weaponName };
}

export type Placed = { readonly ok: true; readonly state: ChartState } | { readonly ok: false; readonly refusals: readonly string[] };

/** The refusals' words of a check, as a set to compare before and after a move. */
function refusalWords(world: ChartWorld, allocation: AllocationState, i18n: Translator): string[] {
  const checked = checkAllocation(world.air, allocation, i18n);
  return checked.ok ? [] : checked.refusals.map((r) => speak(r.text, i18n));
}

/**
 * Squadrons dropped into a box (`box`: a chart box id). A mission box or Holding gives each the box
 * and the state's target zone; an airbase or the unbased box leaves it ready. Refused, with every
 * reason: a box that takes no squadron now (outside step 1, Damaged, Destroyed), a squadron that is
 * not the user's or not ready, or any refusal the rules add to the draft by the move.
 */
export function placeSquadrons(
  world: ChartWorld,
  current: ChartState,
  squadrons: readonly ActorRef[],
  box: string,
  i18n: Translator,
): Placed {
  const state = freshState(world, current);
  const kind = dropKind(world.stage);
  if (kind === null) return { ok: false, refusals: [i18n.localize("NOBC.AirChart.Refused.notNow")] };
  if (squadrons.length === 0) return { ok: false, refusals: [i18n.localize("NOBC.AirChart.Refused.noneSelected")] };
  if (kind === "basing") return placeBasing(world, state, squadrons, box, i18n);
  const target = allocationBoxOf(box);
  if (target === undefined) return { ok: false, refusals: [i18n.localize("NOBC.AirChart.Refused.closedBox")] };
  const byId = new Map(world.air.squadrons.map((s) => [s.id, s]));
  const rows = new Map(state.allocation.rows.map((r, i) => [r.squadron, i]));
  const refusals: string[] = [];
  const form: Record<string, string> = {};
  for (const id of new Set(squadrons)) {
    const s = byId.get(id);
    if (s?.side !== state.side || s.airZone !== state.zone) {
      refusals.push(i18n.format("NOBC.AirChart.Refused.notOnChart", { name: s?.name ?? id }));
      continue;
    }
    const index = rows.get(id);
    if (index !== undefined) {
      form[`box-${index}`] = target;
      form[`target-${index}`] = target === "" ? s.airZone : state.targetZone;
      continue;
    }
    // Not in the draft: not the user's, or not ready. The user's own words say which.
    const theirs = notOwned(world.air, [s], i18n);
    if (theirs.length > 0) refusals.push(...theirs);
    else if (target === "")
      refusals.push(speak(phrase("NOBC.Rules.Air.Allocation.Refusal.notReady", { squadron: s.name, box: boxLabel(s.box) }), i18n));
    else {
      const checked = resolveAllocation({
        squadrons: world.air.squadrons,
        orders: [{ squadron: id, box: target, targetZone: state.targetZone }],
        zoneDistances: world.air.zoneDistances,
      });
      if (!checked.ok) refusals.push(...checked.refusals.map((r) => speak(r.text, i18n)));
    }
  }
  if (refusals.length > 0) return { ok: false, refusals };
  const allocation = allocationFromForm(world.air, state.allocation, form);
  const before = new Set(refusalWords(world, state.allocation, i18n));
  const added = refusalWords(world, allocation, i18n).filter((r) => !before.has(r));
  if (added.length > 0) return { ok: false, refusals: added };
  return { ok: true, state: { ...state, allocation, selected: [], refusals: [] } };
}

/**
 * An advanced weapon card attached to squadrons of the draft (`kind` "": taken off again), as the
 * allocation dialog's weapon fields do, and checked by its rules (a card for another mission, two
 * cards on one squadron). A squadron must be in a mission box of the draft first.
 */
export function armSquadrons(
  world: ChartWorld,
  current: ChartState,
  squadrons: readonly ActorRef[],
  kind: string,
  i18n: Translator,
): Placed {
  const state = freshState(world, current);
  if (dropKind(world.stage) !== "allocation") return { ok: false, refusals: [i18n.localize("NOBC.AirChart.Refused.notNow")] };
  if (squadrons.length === 0) return { ok: false, refusals: [i18n.localize("NOBC.AirChart.Refused.noneSelected")] };
  const names = new Map(world.air.squadrons.map((s) => [s.id, s.name]));
  const rows = new Map(state.allocation.rows.map((r, i) => [r.squadron, i]));
  const refusals: string[] = [];
  const form: Record<string, string> = {};
  for (const id of new Set(squadrons)) {
    const index = rows.get(id);
    if (index === undefined || state.allocation.rows[index]!.box === "") {
      refusals.push(i18n.format("NOBC.AirChart.Refused.armFirst", { name: names.get(id) ?? id }));
      continue;
    }
    form[`weaponKind-${index}`] = kind;
    form[`weaponName-${index}`] = kind === "" ? "" : state.weaponName;
  }
  if (refusals.length > 0) return { ok: false, refusals };
  const allocation = allocationFromForm(world.air, state.allocation, form);
  const before = new Set(refusalWords(world, state.allocation, i18n));
  const added = refusalWords(world, allocation, i18n).filter((r) => !before.has(r));
  if (added.length > 0) return { ok: false, refusals: added };
  return { ok: true, state: { ...state, allocation, selected: [], refusals: [] } };
}

/** The draft after its allocation was posted: empty, the squadrons waiting for the card's Apply. */
export function afterPost(world: ChartWorld, state: ChartState): ChartState {
  return chartState(world, { side: state.side, zone: state.zone });
}

/** The basing dialog's state for the chart's draft: every squadron's own base, the draft's choices over them. */
export function basingState(missions: MissionWorld, state: ChartState): CapacityState {
  return { bases: { ...initialCapacity(missions).bases, ...state.basing } };
}

function basingRefusals(missions: MissionWorld, capacity: CapacityState, i18n: Translator): string[] {
  const checked = resolveAirbaseCapacity(capacityInput(capacity, missions));
  return checked.ok ? [] : checked.refusals.map((r) => speak(r.text, i18n));
}

/**
 * Step 10: squadrons dropped onto an airbase (based there for next turn) or into Holding (no base),
 * checked with the basing dialog's own input and the rules' `resolveAirbaseCapacity` (a full airbase,
 * one of another side or zone). The umpire's step, as the basing dialog is.
 */
function placeBasing(world: ChartWorld, state: ChartState, squadrons: readonly string[], box: string, i18n: Translator): Placed {
  const missions = world.missions;
  if (missions === null || !world.air.isGM) return { ok: false, refusals: [i18n.localize("NOBC.AirChart.Refused.basingGmOnly")] };
  const base = box === "holding" ? "" : box.startsWith(AIRBASE_PREFIX) ? box.slice(AIRBASE_PREFIX.length) : undefined;
  if (base === undefined) return { ok: false, refusals: [i18n.localize("NOBC.AirChart.Refused.closedBox")] };
  const byId = new Map(missions.squadrons.map((s) => [s.id, s]));
  const refusals: string[] = [];
  const basing: Record<string, string> = { ...state.basing };
  for (const id of new Set(squadrons)) {
    const s = byId.get(id);
    if (s?.side !== state.side || s.airZone !== state.zone) {
      refusals.push(i18n.format("NOBC.AirChart.Refused.notOnChart", { name: s?.name ?? id }));
      continue;
    }
    if (!needsAirbaseSpace(s)) {
      refusals.push(i18n.format("NOBC.AirChart.Refused.noSpaceNeeded", { name: s.name }));
      continue;
    }
    if (s.box !== "ready" && s.box !== "holding") {
      // The rules say why a squadron in another box takes no base.
      const checked = resolveAirbaseCapacity({
        squadrons: missions.squadrons,
        airbases: missions.airbases,
        placements: { [id]: base === "" ? null : base },
      });
      refusals.push(...(checked.ok ? [] : checked.refusals.map((r) => speak(r.text, i18n))));
      continue;
    }
    if (base === (s.airbase ?? "")) Reflect.deleteProperty(basing, id);
    else basing[id] = base;
  }
  if (refusals.length > 0) return { ok: false, refusals };
  const next = { ...state, basing };
  const before = new Set(basingRefusals(missions, basingState(missions, state), i18n));
  const added = basingRefusals(missions, basingState(missions, next), i18n).filter((r) => !before.has(r));
  if (added.length > 0) return { ok: false, refusals: added };
  return { ok: true, state: { ...next, selected: [], refusals: [] } };
}
