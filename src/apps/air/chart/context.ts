/**
 * What the chart window shows: the chart model's boxes with each squadron's counter (its token's
 * face, name and values), the step's line, the zone distances, and whether the draft may be posted.
 * Pure.
 */
import { zoneDistance, type Squadron } from "../../../rules/nobc/air/index";
import type { Translator } from "../../../view/breakdown";
import { SIDE_LABELS, WEAPON_KIND_LABELS } from "../../../view/labels";
import { speak } from "../../../words/phrase";
import { WEAPON_KINDS, allocationProblems, checkAllocation } from "../battle/allocation/state";
import { sideChoices, squadronValues, zoneChoices, zoneLabel, type Choice } from "../battle/view";
import { knownZones, userSides, zonesOf } from "../battle/world";
import { airChart, dropKind, type ChartBox, type ChartModel, type DropKind } from "./model";
import { basingState, type ChartState } from "./state";
import { resolveAirbaseCapacity } from "../../../rules/nobc/air/index";
import { capacityInput } from "../missions/capacity/state";
import type { ChartWorld } from "./world";

export interface CounterView {
  readonly id: string;
  readonly name: string;
  readonly face: string | null;
  /** What a counter without an image shows: the name's first letters. */
  readonly initials: string;
  /** Name, values and mission zone: the counter's tooltip and accessible name. */
  readonly title: string;
  readonly drafted: boolean;
  readonly selected: boolean;
  readonly targetZone: string | null;
  /** The advanced weapon card the draft attaches ("AAM: AIM-9L"), or null. */
  readonly weapon: string | null;
}

export interface AirbaseView {
  readonly name: string;
  /** "1 of 2 spaces", "1 hit, 0 permanent". */
  readonly spaces: string;
  readonly hits: string;
  readonly over: boolean;
}

export interface BoxView {
  readonly id: string;
  readonly label: string;
  readonly highlighted: boolean;
  readonly open: boolean;
  readonly counters: readonly CounterView[];
  readonly children: readonly BoxView[];
  readonly airbase: AirbaseView | null;
}

export interface ChartView {
  readonly side: string;
  readonly sides: readonly Choice[];
  readonly zones: readonly Choice[];
  readonly targets: readonly Choice[];
  readonly title: string;
  readonly step: string;
  readonly operations: readonly BoxView[];
  readonly airbases: readonly BoxView[];
  readonly others: readonly BoxView[];
  readonly distances: readonly { readonly zone: string; readonly distance: string }[];
  readonly selectedCount: number;
  readonly drafted: number;
  /** What the step's Post sends: the allocation (step 1), the basing (step 10), or nothing. */
  readonly post: DropKind;
  readonly canPost: boolean;
  readonly canPostBasing: boolean;
  readonly basingStep: boolean;
  readonly refusals: readonly string[];
  readonly problems: readonly string[];
  readonly empty: boolean;
  /** The weapon cards a drafted squadron may be given (dragged onto its counter, or onto the selected). */
  readonly weapons: readonly { readonly kind: string; readonly label: string }[];
  readonly weaponName: string;
}

/** A counter's initials: the first letters of its name (data, not words). */
export function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => w !== "");
  return words
    .slice(0, 2)
    .map((w) => w.slice(0, words.length === 1 ? 3 : 2))
    .join("")
    .toUpperCase();
}

/** The chart model of the state's side and zone, with the draft drawn in. */
export function chartModel(world: ChartWorld, state: ChartState): ChartModel {
  const drafted = new Map(state.allocation.rows.map((r) => [r.squadron, { box: r.box, targetZone: r.targetZone }]));
  return airChart({
    side: state.side,
    zone: state.zone,
    squadrons: world.air.squadrons,
    airbases: world.airbases,
    stage: world.stage,
    drafted,
    missionZones: zonesOf(world.air),
    based: new Map(Object.entries(state.basing)),
  });
}

export function chartContext(world: ChartWorld, state: ChartState, i18n: Translator): ChartView {
  const model = chartModel(world, state);
  const byId = new Map<string, Squadron>(world.air.squadrons.map((s) => [s.id, s]));
  const selected = new Set(state.selected);
  const rows = new Map(state.allocation.rows.map((r) => [r.squadron, r]));
  const weaponOf = (id: string): string | null => {
    const row = rows.get(id);
    if (row === undefined || row.box === "" || row.weaponKind === "") return null;
    const kind = i18n.localize(WEAPON_KIND_LABELS[row.weaponKind]);
    return row.weaponName === "" ? kind : `${kind}: ${row.weaponName}`;
  };
  const boxView = (box: ChartBox, children: readonly BoxView[] = []): BoxView => ({
    id: box.id,
    label: box.airbase?.name ?? i18n.localize(box.label ?? ""),
    highlighted: box.highlighted,
    open: box.open,
    children,
    counters: box.counters.flatMap((c): CounterView[] => {
      const s = byId.get(c.id);
      if (s === undefined) return [];
      const target = c.targetZone === null ? "" : ` · ${i18n.format("NOBC.AirChart.FliesTo", { zone: zoneLabel(c.targetZone, i18n) })}`;
      const weapon = c.drafted ? weaponOf(s.id) : null;
      return [
        {
          id: s.id,
          name: s.name,
          face: world.faces.get(s.id) ?? null,
          initials: initials(s.name),
          title: `${s.name} · ${squadronValues(s, i18n)}${target}${weapon === null ? "" : ` · ${weapon}`}${c.drafted ? ` · ${i18n.localize("NOBC.AirChart.Drafted")}` : ""}`,
          drafted: c.drafted,
          selected: selected.has(s.id),
          targetZone: c.targetZone === null ? null : zoneLabel(c.targetZone, i18n),
          weapon,
        },
      ];
    }),
    airbase:
      box.airbase === null
        ? null
        : {
            name: box.airbase.name,
            spaces: i18n.format("NOBC.AirChart.Spaces", { used: String(box.airbase.used), capacity: String(box.airbase.capacity) }),
            hits: i18n.format("NOBC.AirChart.Hits", { hits: String(box.airbase.hits), permanent: String(box.airbase.permanentHits) }),
            over: box.airbase.over,
          },
  });
  const [superiority, cas, recce, paradrop, deepStrike] = model.operations;
  const zones = knownZones(world.air);
  const distanceZones = [
    ...new Set([
      ...zones,
      ...Object.keys(world.air.zoneDistances),
      ...Object.values(world.air.zoneDistances).flatMap((d) => Object.keys(d)),
    ]),
  ].sort();
  const checked = checkAllocation(world.air, state.allocation, i18n);
  const drafted = state.allocation.rows.filter((r) => r.box !== "").length;
  const problems = drafted === 0 ? [] : allocationProblems(world.air, state.allocation, i18n);
  const side = i18n.localize(SIDE_LABELS[state.side]);
  const post = dropKind(world.stage);
  const basing =
    post === "basing" && world.missions !== null
      ? resolveAirbaseCapacity(capacityInput(basingState(world.missions, state), world.missions))
      : null;
  return {
    side: state.side,
    sides: sideChoices(userSides(world.air), state.side, i18n),
    zones: zoneChoices(zones.includes(state.zone) ? zones : [...zones, state.zone], state.zone, i18n),
    targets: zoneChoices(
      distanceZones.includes(state.targetZone) ? distanceZones : [...distanceZones, state.targetZone],
      state.targetZone,
      i18n,
    ),
    title: i18n.format("NOBC.AirChart.Heading", { side, zone: zoneLabel(state.zone, i18n) }),
    step: i18n.format(model.step, { side, zone: zoneLabel(state.zone, i18n) }),
    operations: [boxView(superiority!), boxView(cas!, [boxView(recce!), boxView(paradrop!)]), boxView(deepStrike!)],
    airbases: model.airbases.map((b) => boxView(b)),
    others: model.others.map((b) => boxView(b)),
    distances: distanceZones
      .filter((z) => z !== state.zone)
      .map((z) => {
        const d = zoneDistance(world.air.zoneDistances, state.zone, z);
        return { zone: zoneLabel(z, i18n), distance: d === undefined ? i18n.localize("NOBC.AirChart.NoDistance") : String(d) };
      }),
    selectedCount: state.selected.length,
    drafted,
    post,
    canPost: post === "allocation" && drafted > 0 && problems.length === 0 && checked.ok,
    canPostBasing: world.air.isGM && basing?.ok === true,
    basingStep: post === "basing",
    refusals: state.refusals,
    problems: [...problems, ...(checked.ok || drafted === 0 ? [] : checked.refusals.map((r) => speak(r.text, i18n)))],
    empty: model.count === 0,
    weapons:
      post === "allocation"
        ? [
            ...WEAPON_KINDS.map((kind) => ({ kind, label: i18n.localize(WEAPON_KIND_LABELS[kind]) })),
            { kind: "", label: i18n.localize("NOBC.AirBattle.Allocation.NoWeapon") },
          ]
        : [],
    weaponName: state.weaponName,
  };
}
