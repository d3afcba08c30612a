/**
 * What the planner template shows, built from the state, the world and the rules' answer: the
 * choices of each section, every refusal grouped by the part of the form it concerns, and for an
 * accepted plan the full breakdown and the chance of each Combat Results Table row. Also the words
 * a result is told in, shared with the chat card. Pure; the caller passes the translator.
 */
import { percent } from "../base/wording";
import { shownCitation } from "../../view/citation";
import { combatOdds, type GroundCombatPlan, type GroundCombatOutcome } from "../../rules/nobc/land/combat";
import type { CombatHits, GroundCombatResult, GroundCombatResultId } from "../../rules/nobc/land/combat-tables";
import { LAND_TERRAINS, type LandTerrain, type Side } from "../../rules/nobc/land/types";
import { isWeapon } from "../../rules/nobc/land/card-categories";
import { phrase, type Checked, type Phrase, type PhraseArg, type Refusal } from "../../rules/resolution";
import { speak } from "../../words/phrase";
import type { Battlefield } from "../../world/battlefield";
import type { HexRef } from "../../rules/ids";
import type { Translator } from "../../view/breakdown";
import { sideContext, signed } from "../../view/common";
import { ARM_LABELS, CATEGORY_LABELS, MODE_LABELS, SIDE_LABELS } from "../../view/labels";
import type { CardInputLine } from "../../chat/resolution-card";
import { groundCombatHeadline } from "../../chat/ground-combat-text";
import {
  SIDES,
  artilleryCandidates,
  attackerCandidates,
  attackingRivers,
  casSquadrons,
  defendersOf,
  involvedHqs,
  mapTerrain,
  missionCallers,
  targetChoices,
  contactTargetChoices,
  unitById,
  type GroundCombatState,
  type RiverKindChoice,
} from "./state";

export const RESULT_LABELS: Readonly<Record<GroundCombatResultId, string>> = {
  breakthrough: "NOBC.GroundCombat.Result.breakthrough",
  costlyBreakthrough: "NOBC.GroundCombat.Result.costlyBreakthrough",
  costlySuccess: "NOBC.GroundCombat.Result.costlySuccess",
  success: "NOBC.GroundCombat.Result.success",
  heavyFighting: "NOBC.GroundCombat.Result.heavyFighting",
  attackBeatenOff: "NOBC.GroundCombat.Result.attackBeatenOff",
  attackStalledEarly: "NOBC.GroundCombat.Result.attackStalledEarly",
};

export const TERRAIN_LABELS: Readonly<Record<LandTerrain, string>> = {
  clear: "NOBC.GroundCombat.Terrain.clear",
  woods: "NOBC.GroundCombat.Terrain.woods",
  rough: "NOBC.GroundCombat.Terrain.rough",
  marsh: "NOBC.GroundCombat.Terrain.marsh",
  town: "NOBC.GroundCombat.Terrain.town",
  city: "NOBC.GroundCombat.Terrain.city",
};

const RIVER_LABELS: Readonly<Record<RiverKindChoice, string>> = {
  none: "NOBC.GroundCombat.River.none",
  minor: "NOBC.GroundCombat.River.minor",
  major: "NOBC.GroundCombat.River.major",
};

/** The parts of the form a refusal's field can point at, in the order the form shows them. */
export const REFUSAL_GROUPS = {
  attackers: "NOBC.GroundCombat.Group.attackers",
  target: "NOBC.GroundCombat.Group.target",
  terrain: "NOBC.GroundCombat.Group.terrain",
  rivers: "NOBC.GroundCombat.Group.rivers",
  fireMissions: "NOBC.GroundCombat.Group.fireMissions",
  support: "NOBC.GroundCombat.Group.support",
  chemicalReleaseConfirmed: "NOBC.GroundCombat.Group.chemical",
  options: "NOBC.GroundCombat.Group.options",
  extraModifiers: "NOBC.GroundCombat.Group.houseRules",
  other: "NOBC.GroundCombat.Group.other",
} as const;

export type RefusalGroupId = keyof typeof REFUSAL_GROUPS;

/** The form part a refusal belongs to, from the first name of its field ("support[1].cards[0]" → support). */
export function refusalGroup(field: string | undefined): RefusalGroupId {
  const head = /^[A-Za-z]+/.exec(field ?? "")?.[0] ?? "";
  return Object.hasOwn(REFUSAL_GROUPS, head) && head !== "other" ? (head as RefusalGroupId) : "other";
}

export interface RefusalGroupView {
  readonly id: RefusalGroupId;
  readonly label: string;
  readonly messages: readonly string[];
}

/** Every refusal in words (references replaced by `names`), grouped by form part in the form's order; messages keep their order. */
export function groupRefusals(
  refusals: readonly Refusal[],
  i18n: Translator,
  names: ReadonlyMap<string, string> = new Map(),
): RefusalGroupView[] {
  const order = Object.keys(REFUSAL_GROUPS) as RefusalGroupId[];
  return order
    .map((id) => ({
      id,
      label: i18n.localize(REFUSAL_GROUPS[id]),
      messages: refusals.filter((r) => refusalGroup(r.field) === id).map((r) => speak(phraseWithNames(r.text, names), i18n)),
    }))
    .filter((g) => g.messages.length > 0);
}

function hitsWords(hits: CombatHits): Phrase {
  return phrase(hits.each ? "NOBC.GroundCombat.HitsEach" : "NOBC.GroundCombat.HitsBetween", { count: hits.amount });
}

/** A CRT cell in words: its name, each side's hits and the retreat. */
export function resultWords(result: GroundCombatResult, i18n: Translator): string {
  const retreat =
    result.retreat > 0 ? phrase("NOBC.GroundCombat.Retreat", { count: result.retreat }) : phrase("NOBC.GroundCombat.NoRetreat");
  const line = phrase("NOBC.GroundCombat.ResultLine", {
    result: phrase(RESULT_LABELS[result.id]),
    attacker: hitsWords(result.attackerHits),
    defender: hitsWords(result.defenderHits),
    retreat,
  });
  return speak(line, i18n);
}

function columnLabel(minefield: boolean): string {
  return minefield ? "NOBC.GroundCombat.Column.mine" : "NOBC.GroundCombat.Column.noMine";
}

/** The rolled result as the chat card's headline: the CRT cell's name, the defenders' retreat, each side's hits. */
export function outcomeWords(plan: GroundCombatPlan, outcome: GroundCombatOutcome, i18n: Translator): string {
  return speak(groundCombatHeadline(plan, outcome), i18n);
}

export interface OddsRowView {
  readonly band: string;
  readonly result: string;
  /** The die faces reaching the row, e.g. "3, 4", or "–" for none. */
  readonly faces: string;
  /** Faces out of six, e.g. "2/6". */
  readonly sixths: string;
  readonly percent: string;
  readonly probability: number;
  readonly possible: boolean;
}

/** `combatOdds` for the template: every CRT row with its faces, sixths and percentage. */
export function oddsRows(plan: GroundCombatPlan, i18n: Translator): OddsRowView[] {
  return combatOdds(plan).map((row) => ({
    band: row.band,
    result: resultWords(row.result, i18n),
    faces: row.faces.length === 0 ? "\u2013" : row.faces.join(", "),
    sixths: `${row.faces.length}/6`,
    percent: percent(row.probability, i18n),
    probability: row.probability,
    possible: row.faces.length > 0,
  }));
}

export interface Choice {
  readonly value: string;
  readonly label: string;
  readonly selected: boolean;
}

export interface PlanView {
  readonly attack: number;
  readonly defence: number;
  readonly column: string;
  readonly rows: readonly { label: string; valueText: string; source: string }[];
  readonly total: string;
  readonly odds: readonly OddsRowView[];
}

export interface GroundCombatView {
  readonly sideChoices: readonly Choice[];
  readonly attackers: readonly { uuid: string; name: string; hex: string; detail: string; ticked: boolean }[];
  readonly targetChoices: readonly Choice[];
  readonly defenders: readonly { name: string; detail: string }[];
  readonly terrain: {
    readonly fromMap: boolean;
    readonly text: string;
    readonly boxes: readonly { value: string; label: string; ticked: boolean }[];
  };
  readonly rivers: readonly { hex: string; fromMap: boolean; text: string; kinds: readonly Choice[]; bridged: boolean }[];
  readonly minefield: boolean;
  readonly missions: readonly {
    index: number;
    callers: readonly Choice[];
    artillery: readonly { uuid: string; name: string; hex: string; strength: number; ticked: boolean }[];
  }[];
  readonly canAddMission: boolean;
  readonly hqs: readonly {
    uuid: string;
    name: string;
    side: string;
    /** Colours the side badge: side-nato or side-wp. */
    sideClass: string;
    level: number;
    radius: number;
    distance: number | null;
    editable: boolean;
    cards: readonly { uuid: string; name: string; category: string; value: string; ticked: boolean; assigned: string | null }[];
  }[];
  readonly cas: readonly { uuid: string; name: string; side: string; sideClass: string; value: number; choices: readonly Choice[] }[];
  readonly chemical: { readonly shown: boolean; readonly confirmed: boolean };
  readonly oddsOption: string;
  readonly mapNote: string | null;
  readonly refusals: readonly RefusalGroupView[];
  /** The target is a contact (double-blind): the defenders are unknown until the GM resolves; "" otherwise. */
  readonly contactNote: string;
  readonly accepted: boolean;
  readonly plan: PlanView | null;
}

/**
 * The rules name cards and units by reference in their labels and messages; the user reads names.
 * Longest references first, so a card's UUID is not cut by its holder's.
 */
export function withNames(text: string, names: ReadonlyMap<string, string>): string {
  let out = text;
  for (const ref of longestFirst(names)) if (out.includes(ref)) out = out.split(ref).join(names.get(ref));
  return out;
}

const sortedKept = new WeakMap<ReadonlyMap<string, string>, { readonly size: number; readonly refs: readonly string[] }>();

/** The references of `names`, longest first: sorted once per map (afresh if it grew), not once per sentence. */
function longestFirst(names: ReadonlyMap<string, string>): readonly string[] {
  const found = sortedKept.get(names);
  if (found?.size === names.size) return found.refs;
  const refs = [...names.keys()].sort((a, b) => b.length - a.length);
  sortedKept.set(names, { size: names.size, refs });
  return refs;
}

/** The phrase with every reference in its text data (nested phrases too) replaced by its name. */
export function phraseWithNames(p: Phrase, names: ReadonlyMap<string, string>): Phrase {
  if (p.data === undefined) return p;
  const data: Record<string, PhraseArg> = {};
  for (const [k, v] of Object.entries(p.data))
    data[k] = typeof v === "string" ? withNames(v, names) : typeof v === "number" ? v : phraseWithNames(v, names);
  return phrase(p.key, data);
}

function name(field: Battlefield, id: string): string {
  return field.names.get(id) ?? id;
}

function unitDetail(field: Battlefield, id: string, i18n: Translator): string {
  const u = unitById(field, id);
  if (u === undefined) return "";
  return i18n.format("NOBC.GroundCombat.UnitDetail", {
    strength: String(u.strength),
    mode: i18n.localize(MODE_LABELS[u.mode]),
    arm: i18n.localize(ARM_LABELS[u.arm]),
  });
}

function hexText(hex: string, i18n: Translator): string {
  return hex === "" ? i18n.localize("NOBC.GroundCombat.NoHex") : hex;
}

function planView(plan: GroundCombatPlan, names: ReadonlyMap<string, string>, i18n: Translator): PlanView {
  return {
    attack: plan.attackStrength.total,
    defence: plan.defenceStrength.total,
    column: i18n.localize(columnLabel(plan.minefield)),
    rows: plan.breakdown.map((line) => ({
      label: speak(phraseWithNames(line.text, names), i18n),
      valueText: signed(line.value),
      source: shownCitation(line.source, i18n),
    })),
    total: signed(plan.modifier),
    odds: oddsRows(plan, i18n),
  };
}

/** The planner template's context; `commands` says which units the user may commit (a GM all). */
export function groundCombatContext(
  field: Battlefield,
  state: GroundCombatState,
  given: Checked<GroundCombatPlan>,
  i18n: Translator,
  commands: (id: string) => boolean = () => true,
  contacts: readonly HexRef[] = [],
): GroundCombatView {
  const sideLabel = (side: Side) => i18n.localize(SIDE_LABELS[side]);
  const contactHexes = contactTargetChoices(field, state.attackerSide, state.attackers, contacts);
  const targets = [...new Set([...targetChoices(field, state.attackerSide, state.attackers), ...contactHexes])].sort();
  if (state.target !== "" && !targets.includes(state.target)) targets.unshift(state.target);
  // A contact aimed at (double-blind): the side does not know what stands there, so the plan cannot be priced
  // here; the rest of it is still checked, and the GM resolves it against what stands in the hex.
  const atContact = contacts.includes(state.target) && defendersOf(field, state.target).length === 0;
  const blocking = given.ok ? [] : given.refusals.filter((r) => !(atContact && r.code === "targetEmpty"));
  const checked: Checked<GroundCombatPlan> =
    given.ok || blocking.length === given.refusals.length ? given : { ok: false, refusals: blocking };
  const terrainFromMap = mapTerrain(field, state.target);
  const tickedCards = new Set(state.cards);
  const terrainList = terrainFromMap ?? state.terrain;
  const hqs = involvedHqs(field, state);
  const cardsTicked = hqs.flatMap((h) => h.cards.filter((c) => tickedCards.has(c.id)));
  // A player is offered only the units they command (a unit already in the state stays, to be unticked).
  const callers = missionCallers(field, state).filter((u) => commands(u.id));
  return {
    sideChoices: SIDES.map((s) => ({ value: s, label: sideLabel(s), selected: s === state.attackerSide })),
    attackers: attackerCandidates(field, state)
      .filter((u) => commands(u.id) || state.attackers.includes(u.id))
      .map((u) => ({
        uuid: u.id,
        name: u.name,
        hex: hexText(u.hex, i18n),
        detail: unitDetail(field, u.id, i18n),
        ticked: state.attackers.includes(u.id),
      })),
    targetChoices: [
      { value: "", label: i18n.localize("NOBC.GroundCombat.ChooseTarget"), selected: state.target === "" },
      ...targets.map((hex) => ({
        value: hex,
        label: `${hex}: ${[
          ...defendersOf(field, hex).map((u) => u.name),
          ...(contacts.includes(hex) ? [i18n.localize("NOBC.GroundCombat.ContactTarget")] : []),
        ].join(", ")}`,
        selected: hex === state.target,
      })),
    ],
    defenders: defendersOf(field, state.target).map((u) => ({ name: u.name, detail: unitDetail(field, u.id, i18n) })),
    terrain: {
      fromMap: terrainFromMap !== null,
      text:
        terrainList.length === 0
          ? i18n.localize(TERRAIN_LABELS.clear)
          : terrainList.map((t) => i18n.localize(TERRAIN_LABELS[t])).join(", "),
      boxes: LAND_TERRAINS.filter((t) => t !== "clear").map((t) => ({
        value: t,
        label: i18n.localize(TERRAIN_LABELS[t]),
        ticked: state.terrain.includes(t),
      })),
    },
    rivers: attackingRivers(field, state).map((row) => ({
      hex: row.hex,
      fromMap: row.fromMap,
      text:
        row.river.kind === "none"
          ? i18n.localize(RIVER_LABELS.none)
          : `${i18n.localize(RIVER_LABELS[row.river.kind])}${row.river.bridged ? `, ${i18n.localize("NOBC.GroundCombat.Bridged")}` : ""}`,
      kinds: (["none", "minor", "major"] as const).map((k) => ({
        value: k,
        label: i18n.localize(RIVER_LABELS[k]),
        selected: k === row.river.kind,
      })),
      bridged: row.river.bridged,
    })),
    minefield: state.minefield,
    missions: state.missions.map((m, index) => {
      const supported = unitById(field, m.supported);
      const guns = supported === undefined ? [] : artilleryCandidates(field, supported, state.target).filter((g) => commands(g.id));
      const extra = m.artillery
        .filter((id) => !guns.some((g) => g.id === id))
        .map((id) => unitById(field, id))
        .filter((u) => u !== undefined);
      const callerList = callers.some((c) => c.id === m.supported) || supported === undefined ? callers : [supported, ...callers];
      return {
        index,
        callers: callerList.map((c) => ({ value: c.id, label: `${c.name} (${sideLabel(c.side)})`, selected: c.id === m.supported })),
        artillery: [...guns, ...extra].map((g) => ({
          uuid: g.id,
          name: g.name,
          hex: hexText(g.hex, i18n),
          strength: g.strength,
          ticked: m.artillery.includes(g.id),
        })),
      };
    }),
    canAddMission: callers.length > 0,
    hqs: hqs.map((h) => ({
      uuid: h.hq.id,
      name: h.hq.name,
      side: sideLabel(h.hq.side),
      sideClass: sideContext(h.hq.side).sideClass,
      level: h.hq.level,
      radius: h.hq.radius,
      distance: h.distance,
      editable: h.editable,
      cards: h.cards.map((c) => ({
        uuid: c.id,
        name: c.name,
        category: i18n.localize(CATEGORY_LABELS[c.category]),
        value: signed(c.value),
        ticked: tickedCards.has(c.id),
        assigned: c.assignedTo === null ? null : name(field, c.assignedTo),
      })),
    })),
    cas: casSquadrons(field, state.attackerSide).map((s) => ({
      uuid: s.id,
      name: s.name,
      side: sideLabel(s.side),
      sideClass: sideContext(s.side).sideClass,
      value: s.cas,
      choices: [
        { value: "", label: i18n.localize("NOBC.GroundCombat.CasUnused"), selected: state.cas[s.id] === undefined },
        ...hqs
          .filter((h) => h.hq.side === s.side)
          .map((h) => ({ value: h.hq.id, label: h.hq.name, selected: state.cas[s.id] === h.hq.id })),
      ],
    })),
    chemical: {
      shown: state.chemicalReleaseConfirmed || cardsTicked.some((c) => isWeapon(c.category, "chemical")),
      confirmed: state.chemicalReleaseConfirmed,
    },
    oddsOption: i18n.localize(
      state.options.combat.oddsBelowOne === "mirror" ? "NOBC.Setting.oddsBelowOne.mirror" : "NOBC.Setting.oddsBelowOne.zero",
    ),
    mapNote: field.map === null ? field.mapProblems.map((p) => speak(p, i18n)).join(" ") : null,
    refusals: checked.ok ? [] : groupRefusals(checked.refusals, i18n, field.names),
    accepted: checked.ok || (atContact && blocking.length === 0),
    contactNote: atContact ? i18n.format("NOBC.GroundCombat.ContactNote", { hex: state.target }) : "",
    plan: checked.ok ? planView(checked.value, field.names, i18n) : null,
  };
}

/** What went into a rolled combat, in words, for the chat card's input lines. */
export function cardInputs(field: Battlefield, plan: GroundCombatPlan, terrain: readonly LandTerrain[], i18n: Translator): CardInputLine[] {
  const names = (ids: readonly string[]) =>
    ids.length === 0 ? i18n.localize("NOBC.GroundCombat.None") : ids.map((id) => name(field, id)).join(", ");
  const lines: CardInputLine[] = [
    {
      label: i18n.localize("NOBC.GroundCombat.Attackers"),
      value: `${names(plan.attackers.map((a) => a.id))} (${plan.attackStrength.total})`,
    },
    {
      label: i18n.localize("NOBC.GroundCombat.Target"),
      value: `${plan.target}: ${names(plan.defenders.map((d) => d.id))} (${plan.defenceStrength.total})`,
    },
    {
      label: i18n.localize("NOBC.GroundCombat.TerrainTitle"),
      value: terrain.length === 0 ? i18n.localize(TERRAIN_LABELS.clear) : terrain.map((t) => i18n.localize(TERRAIN_LABELS[t])).join(", "),
    },
    { label: i18n.localize("NOBC.GroundCombat.ColumnLabel"), value: i18n.localize(columnLabel(plan.minefield)) },
  ];
  for (const m of plan.fireMissions) {
    lines.push({
      label: i18n.format("NOBC.GroundCombat.MissionFor", { name: name(field, m.supported) }),
      value: m.artillery.map((a) => a.name).join(", "),
    });
  }
  if (plan.cardsPlayed.length > 0) lines.push({ label: i18n.localize("NOBC.GroundCombat.Cards"), value: names(plan.cardsPlayed) });
  if (plan.cas.length > 0)
    lines.push({ label: i18n.localize("NOBC.GroundCombat.Cas"), value: plan.cas.map((s) => `${s.name} (${s.value})`).join(", ") });
  return lines;
}
