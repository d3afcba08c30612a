/**
 * From the planner's state to the rules: the `GroundCombatInput` of one combat, and the plan the
 * rules make of it. What only the world can refuse (a unit with no token, no target chosen, an HQ
 * distance still to type) is added to the rules' own refusals, so the user sees every reason. The
 * registered house rules are asked here, so the planner and the macro both show their lines.
 */
import type { HexRef } from "../../rules/ids";
import {
  planGroundCombat,
  type GroundCombatCas,
  type GroundCombatInput,
  type GroundCombatPlan,
  type GroundCombatSupport,
  type CombatAdjacency,
} from "../../rules/nobc/land/combat";
import type { RiverHexside } from "../../rules/nobc/land/types";
import { phrase, RefusalList, type Checked, type Refusal } from "../../rules/resolution";
import type { Battlefield } from "../../world/battlefield";
import {
  attackingRivers,
  casSquadrons,
  defendersOf,
  involvedHqs,
  mapTerrain,
  neighbourHexes,
  otherSideOf,
  unitById,
  type GroundCombatState,
} from "./state";
import { askHouseRules, combatModifierRules, type CombatModifierRule } from "./house-rules";

export interface BuiltInput {
  readonly input: GroundCombatInput;
  /** What the world refuses before the rules are asked. */
  readonly problems: readonly Refusal[];
}

/** Each hex the combat touches with its neighbours: the map's where it has the hex, else the grid's. */
function adjacencyFor(field: Battlefield, hexes: Iterable<HexRef>): CombatAdjacency {
  const out: Record<HexRef, HexRef[]> = {};
  for (const hex of hexes) if (hex !== "" && out[hex] === undefined) out[hex] = neighbourHexes(field, hex);
  return out;
}

function supportOf(field: Battlefield, state: GroundCombatState, problems: RefusalList): GroundCombatSupport[] {
  const ticked = new Set(state.cards);
  const squadrons = casSquadrons(field, state.attackerSide);
  const support: GroundCombatSupport[] = [];
  for (const entry of involvedHqs(field, state)) {
    const cards = entry.cards.filter((c) => ticked.has(c.id));
    const cas: GroundCombatCas[] = squadrons
      .filter((s) => state.cas[s.id] === entry.hq.id)
      .map((s) => ({ id: s.id, name: s.name, side: s.side, value: s.cas }));
    if (cards.length + cas.length === 0) continue;
    if (entry.distance === null) {
      const where = `support[${support.length}].distance`;
      problems.add("hqDistanceUnknown", phrase("NOBC.GroundCombat.Check.hqDistanceUnknown", { hq: entry.hq.name }), where);
    }
    support.push({
      hq: entry.hq,
      distance: entry.distance ?? 0,
      cards: cards.map(({ id, side, category, value, hq }) =>
        hq === undefined ? { id, side, category, value } : { id, side, category, value, hq },
      ),
      cas,
    });
  }
  const offered = new Set(involvedHqs(field, state).flatMap((h) => h.cards.map((c) => c.id)));
  for (const card of state.cards.filter((id) => !offered.has(id))) {
    problems.add("cardNotOffered", phrase("NOBC.GroundCombat.Check.cardNotOffered", { card: field.names.get(card) ?? card }), "support");
  }
  for (const [squadron, hq] of Object.entries(state.cas)) {
    const name = field.names.get(squadron) ?? squadron;
    if (!squadrons.some((s) => s.id === squadron))
      problems.add("casNotInBox", phrase("NOBC.GroundCombat.Check.casNotInBox", { squadron: name }), "support");
    else if (!field.hqs.some((h) => h.id === hq))
      problems.add("casUnknownHq", phrase("NOBC.GroundCombat.Check.casUnknownHq", { squadron: name, hq }), "support");
  }
  return support;
}

/** The rules' input for the state (with the house rules' answers), and the world's own refusals. */
export function buildGroundCombatInput(
  field: Battlefield,
  state: GroundCombatState,
  houseRules: readonly CombatModifierRule[] = combatModifierRules(),
): BuiltInput {
  const problems = new RefusalList();
  if (state.target === "") problems.add("noTarget", phrase("NOBC.GroundCombat.Check.noTarget"), "target");
  state.attackers.forEach((id, i) => {
    const unit = unitById(field, id);
    if (unit?.hex === "") problems.add("noToken", phrase("NOBC.GroundCombat.Check.noToken", { unit: unit.name }), `attackers[${i}]`);
  });
  const rivers: Record<HexRef, RiverHexside> = {};
  for (const row of attackingRivers(field, state)) {
    if (row.river.kind !== "none") rivers[row.hex] = { kind: row.river.kind, bridged: row.river.bridged };
  }
  const attackerHexes = state.attackers.map((id) => unitById(field, id)?.hex ?? "");
  const supportedHexes = state.missions.map((m) => unitById(field, m.supported)?.hex ?? "");
  const support = supportOf(field, state, problems);
  const terrain = mapTerrain(field, state.target) ?? state.terrain;
  const asked = askHouseRules(houseRules, {
    attackerSide: state.attackerSide,
    defenderSide: otherSideOf(state.attackerSide),
    attackers: state.attackers.map((id) => unitById(field, id)).filter((u) => u !== undefined),
    defenders: defendersOf(field, state.target),
    target: state.target,
    terrain,
    minefield: state.minefield,
    rivers,
    cards: support.flatMap((s) => s.cards ?? []),
    cas: support.flatMap((s) => s.cas ?? []),
    options: state.options,
  });
  problems.items.push(...asked.problems);
  const input: GroundCombatInput = {
    attackerSide: state.attackerSide,
    target: state.target,
    terrain,
    minefield: state.minefield,
    // Every unit: the rules pick the defenders, neighbours and artillery they need. A unit with no
    // token keeps hex "", so the rules still know it and say it is not adjacent.
    units: field.units,
    adjacency: adjacencyFor(field, [state.target, ...attackerHexes, ...supportedHexes]),
    attackers: [...state.attackers],
    rivers,
    fireMissions: state.missions.map((m) => ({ supported: m.supported, artillery: [...m.artillery] })),
    support,
    chemicalReleaseConfirmed: state.chemicalReleaseConfirmed,
    options: state.options,
    extraModifiers: asked.modifiers,
  };
  return { input, problems: problems.items };
}

export interface CheckedCombat {
  readonly input: GroundCombatInput;
  readonly plan: Checked<GroundCombatPlan>;
}

/** The plan of the state's combat, refused with the world's reasons and the rules' together. */
export function planFromState(field: Battlefield, state: GroundCombatState): CheckedCombat {
  const { input, problems } = buildGroundCombatInput(field, state);
  // Without a target the rules would only repeat that the (empty) hex holds no one.
  if (state.target === "") return { input, plan: { ok: false, refusals: [...problems] } };
  const plan = planGroundCombat(input);
  if (problems.length === 0) return { input, plan };
  return { input, plan: { ok: false, refusals: [...problems, ...(plan.ok ? [] : plan.refusals)] } };
}
