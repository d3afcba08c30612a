/**
 * What the deep strike dialog shows before the roll: who meets which air-defence box, each
 * attack's chance and the spread of hits. Pure.
 */
import { SF_SSM_ATTACK_STRENGTH, CHEMICAL_DAMAGE_FACTOR, resolveDeepStrike, type DeepStrikeInput } from "../../../../rules/nobc/air/index";
import type { Checked } from "../../../../rules/resolution";
import { constantDice, percent, refusalMessages, sideOptions, type Translator } from "../view";
import type { MissionWorld } from "../world";
import { choosableSides } from "../world";
import {
  strikeSquadrons,
  strikeCards,
  chemicalCards,
  targetChoices,
  strikeOrder,
  deepStrikeInput,
  withUmpireAirDefence,
  AIM_KEYS,
  KIND_KEYS,
  type DeepStrikeState,
} from "./state";

/** The chance of each number of hits, from independent chances of one hit each (exact sums). */
export function hitSpread(chances: readonly number[]): number[] {
  let spread = [1];
  for (const p of chances) {
    const next = new Array<number>(spread.length + 1).fill(0);
    spread.forEach((q, k) => {
      next[k]! += q * (1 - p);
      next[k + 1]! += q * p;
    });
    spread = next;
  }
  return spread;
}

export interface StrikePlanRow {
  readonly name: string;
  /** "ew": suppresses a box; "squadron": attacks (maybe engaged first); "card": SF or SSM. */
  readonly role: "ew" | "squadron" | "card";
  readonly box: number | null;
  readonly factor: number | null;
  /** Chance the squadron is damaged by its box. */
  readonly damaged: number;
  /** Chance of one hit on the target. */
  readonly hit: number;
}

/** Who meets which box and each attack's chance, from a dry run of the rules (dice never read). */
export function strikePlan(input: DeepStrikeInput, world: MissionWorld): Checked<{ suppressed: number; rows: StrikePlanRow[] }> {
  const dry = resolveDeepStrike(input, constantDice(6));
  if (!dry.ok) return dry;
  const engaged = new Map(dry.value.outcome.airDefenceShots.map((s) => [s.squadron, s.box]));
  const rows: StrikePlanRow[] = input.attackers.map((id) => {
    const s = world.squadrons.find((q) => q.id === id)!;
    if (s.ew) return { name: s.name, role: "ew", box: null, factor: null, damaged: 0, hit: 0 };
    const box = engaged.get(id) ?? null;
    const damaged = box === null ? 0 : box / 6;
    return { name: s.name, role: "squadron", box, factor: s.deepStrike, damaged, hit: (1 - damaged) * (s.deepStrike / 6) };
  });
  for (const st of input.strikes ?? []) {
    const name = world.names.get(st.card) ?? st.card;
    rows.push({ name, role: "card", box: null, factor: SF_SSM_ATTACK_STRENGTH, damaged: 0, hit: SF_SSM_ATTACK_STRENGTH / 6 });
  }
  return { ok: true, value: { suppressed: dry.value.outcome.suppressed, rows } };
}

const ROLE_KEYS = {
  ew: "NOBC.AirMissions.DeepStrike.RoleEw",
  squadron: "NOBC.AirMissions.DeepStrike.RoleSquadron",
  card: "NOBC.AirMissions.DeepStrike.RoleCard",
} as const;

export function deepStrikeContext(asked: DeepStrikeState, world: MissionWorld, i18n: Translator) {
  // A player's strike meets the umpire's air defence; the preview shows what the GM will use.
  const state = withUmpireAirDefence(asked, world);
  const order = strikeOrder(state, world);
  const choices = targetChoices(world, state.side);
  const base = {
    sides: sideOptions(choosableSides(world, "squadrons"), state.side, i18n),
    squadrons: strikeSquadrons(world, state.side).map((s) => ({
      id: s.id,
      name: s.name,
      factor: s.deepStrike,
      ew: s.ew,
      weapons: s.weapons.map((w) => w.name).join(", "),
      checked: state.attackers.includes(s.id),
      order: state.order[s.id] ?? "",
    })),
    cards: strikeCards(world, state.side).map((c) => ({ id: c.id, name: c.name, checked: state.strikes.includes(c.id) })),
    chemicals: [
      { value: "", label: i18n.localize("NOBC.AirMissions.None"), selected: state.chemical === null },
      ...chemicalCards(world, state.side).map((c) => ({ value: c.id, label: c.name, selected: c.id === state.chemical })),
    ],
    targetGroups: (["airbase", "bridge", "installation"] as const)
      .map((kind) => ({
        label: i18n.localize(KIND_KEYS[kind]),
        options: choices.filter((c) => c.kind === kind).map((c) => ({ value: c.value, label: c.name, selected: c.value === state.target })),
      }))
      .filter((g) => g.options.length > 0),
    aims: (["target", "airDefence"] as const).map((a) => ({ value: a, label: i18n.localize(AIM_KEYS[a]), selected: a === state.aim })),
    airDefence: state.airDefence,
    airDefenceLocked: !world.isGM,
    strikeOrder: order.map((id) => world.names.get(id) ?? id),
  };
  const input = deepStrikeInput(state, world);
  const plan = input.ok ? strikePlan(input.value, world) : input;
  if (!input.ok || !plan.ok) {
    return {
      ...base,
      refusals: refusalMessages(!input.ok ? input.refusals : plan.ok ? [] : plan.refusals, i18n),
      plan: [],
      spread: [],
      canRoll: false,
    };
  }
  const chemical = input.value.chemical !== undefined;
  const spread = hitSpread(plan.value.rows.filter((r) => r.role !== "ew").map((r) => r.hit));
  const bridge = input.value.target.kind === "bridge" && input.value.aim !== "airDefence";
  return {
    ...base,
    refusals: [],
    suppressed: plan.value.suppressed,
    plan: plan.value.rows.map((r) => ({
      name: r.name,
      role: i18n.localize(ROLE_KEYS[r.role]),
      box: r.box ?? "\u2014",
      factor: r.factor ?? "\u2014",
      damaged: r.role === "squadron" ? percent(r.damaged, i18n) : "\u2014",
      hit: r.role === "ew" ? "\u2014" : percent(r.hit, i18n),
    })),
    chemical,
    spread: spread.map((p, k) => ({ hits: chemical ? k * CHEMICAL_DAMAGE_FACTOR : k, chance: percent(p, i18n) })),
    bridgeChance: bridge ? percent(1 - (spread[0] ?? 1), i18n) : null,
    canRoll: true,
  };
}
