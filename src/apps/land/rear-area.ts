/**
 * Land War phase 3, rear-area attacks: the attacking side picks a target (an enemy HQ, or an enemy
 * unit out of contact), the two cards that identify it, and its strikes (CAS squadrons in the CAS
 * box, SSM / EW / Special Forces cards, a chemical card paired with CAS or an SSM). The target's
 * terrain and contact come from the scene's map. Before the roll the dialog shows the strikes and
 * what each die face would give. Pure.
 */
import type { ActorRef, CardRef } from "../../rules/ids";
import { scriptedDice, type Dice } from "../../rules/dice";
import {
  IDENTIFICATION_CARD_CATEGORIES,
  rearAreaAttack,
  type RearAreaAttackInput,
  type RearAreaAttackOutcome,
  type RearAreaStrike,
  type RearAreaTarget,
} from "../../rules/nobc/land/rear-area";
import type { Side, SupportCard } from "../../rules/nobc/land/types";
import { isWeapon, supportCardRecord, type RearAreaStrikeCard } from "../../rules/nobc/land/card-categories";
import { categoryLabelKey } from "../../view/labels";
import type { Squadron } from "../../rules/nobc/air/types";
import type { Checked, Refusal, Resolution } from "../../rules/resolution";
import type { Battlefield } from "../../world/battlefield";
import type { CardInputLine } from "../../chat/resolution-card";
import { hqById, inContact, nameIn, playableCards, sidesFor, terrainAt, unitById, type LandWorld } from "./world";
import { options, refusalLines, text, type OptionView, type Translator } from "./view";

export interface RearAreaState {
  readonly side: Side;
  readonly target: ActorRef;
  readonly identification: readonly [CardRef, CardRef];
  /** Chosen strikes by squadron or card id, each with the chemical card paired to it ("" for none). */
  readonly strikes: Readonly<Record<string, CardRef>>;
  readonly release: boolean;
}

export function initialRearArea(side: Side, target: ActorRef = ""): RearAreaState {
  return { side, target, identification: ["", ""], strikes: {}, release: false };
}

/** The rear-area strike a card makes on its own, from its category's record (none for CW, which pairs). */
function strikeKindOf(card: SupportCard): RearAreaStrikeCard | undefined {
  return supportCardRecord(card.category)?.uses.rearArea?.strike;
}

/** Identification sources: the side's Intelligence, Air Recce and SF cards, and its recce squadrons (as Air Recce). */
export function identifiers(world: LandWorld, side: Side): SupportCard[] {
  const cards: SupportCard[] = playableCards(world, side).filter((c) => (IDENTIFICATION_CARD_CATEGORIES as readonly string[]).includes(c.category));
  const recce = world.field.squadrons
    .filter((s) => s.side === side && s.recce)
    .map((s): SupportCard => ({ id: s.id, side, category: "airRecce", value: 0 }));
  return [...cards, ...recce];
}

/** CAS squadrons of the side waiting in the CAS box. */
export function casSquadrons(world: LandWorld, side: Side): Squadron[] {
  return world.field.squadrons.filter((s) => s.side === side && s.box === "cas");
}

export function strikeCards(world: LandWorld, side: Side): SupportCard[] {
  return playableCards(world, side).filter((c) => strikeKindOf(c) !== undefined);
}

export function chemicalCards(world: LandWorld, side: Side): SupportCard[] {
  return playableCards(world, side).filter((c) => isWeapon(c.category, "chemical"));
}

/** Targets worth offering: enemy HQs on the map, and enemy units the map shows out of contact. */
export function targets(world: LandWorld, side: Side): { id: ActorRef; name: string; hex: string }[] {
  const { field } = world;
  const hqs = field.hqs.filter((h) => h.side !== side && h.hex !== "");
  const units = field.units.filter((u) => u.side !== side && inContact(field, u) === false);
  return [...hqs, ...units].map((t) => ({ id: t.id, name: t.name, hex: t.hex }));
}

export function rearAreaFromForm(prev: RearAreaState, data: Readonly<Record<string, unknown>>): RearAreaState {
  const side = data["side"] === "nato" || data["side"] === "wp" ? data["side"] : prev.side;
  if (side !== prev.side) return initialRearArea(side);
  const strikes: Record<string, CardRef> = {};
  for (const [key, value] of Object.entries(data)) {
    if (key.startsWith("strike:") && (value === true || value === "on" || value === "true")) {
      const id = key.slice(7);
      strikes[id] = text(data[`chem:${id}`]);
    }
  }
  return {
    side,
    target: "target" in data ? text(data["target"]) : prev.target,
    identification: [
      "ident0" in data ? text(data["ident0"]) : prev.identification[0],
      "ident1" in data ? text(data["ident1"]) : prev.identification[1],
    ],
    strikes: Object.keys(data).some((k) => k.startsWith("strike:")) ? strikes : prev.strikes,
    release: "release" in data ? data["release"] === true || data["release"] === "on" || data["release"] === "true" : prev.release,
  };
}

function targetOf(field: Battlefield, id: ActorRef, refusals: Refusal[], i18n: Translator): RearAreaTarget | null {
  if (id === "") {
    refusals.push({ code: "noTarget", message: i18n.localize("NOBC.Land.Check.noRearTarget"), field: "target" });
    return null;
  }
  const hq = hqById(field, id);
  const unit = hq === undefined ? unitById(field, id) : undefined;
  const victim = hq ?? unit;
  if (victim === undefined) {
    refusals.push({ code: "unknownTarget", message: i18n.format("NOBC.Land.Check.unknownRearTarget", { target: id }), field: "target" });
    return null;
  }
  const terrain = terrainAt(field, victim.hex);
  if (terrain === undefined) {
    refusals.push({ code: "noHex", message: i18n.format("NOBC.Land.Check.rearTargetOffMap", { target: victim.name }), field: "target" });
    return null;
  }
  if (hq !== undefined) return { kind: "hq", hq, terrain };
  return { kind: "unit", unit: unit!, terrain, inContact: inContact(field, unit!) ?? false };
}

/** The rules' input from the dialog's state, or the dialog's own refusals (every one). */
export function rearAreaInput(world: LandWorld, state: RearAreaState, i18n: Translator): Checked<RearAreaAttackInput> {
  const refusals: Refusal[] = [];
  const target = targetOf(world.field, state.target, refusals, i18n);
  const ids = new Map(identifiers(world, state.side).map((c) => [c.id, c]));
  const identification: SupportCard[] = [];
  state.identification.forEach((id, i) => {
    if (id === "") return;
    const card = ids.get(id);
    if (card === undefined) refusals.push({ code: "unknownCard", message: i18n.format("NOBC.Land.Check.notIdentifier", { card: id }), field: `identification.${i}` });
    else identification.push(card);
  });
  const squadrons = new Map(casSquadrons(world, state.side).map((s) => [s.id, s]));
  const cards = new Map(strikeCards(world, state.side).map((c) => [c.id, c]));
  const chemicals = new Map(chemicalCards(world, state.side).map((c) => [c.id, c]));
  const strikes: RearAreaStrike[] = [];
  for (const [id, chem] of Object.entries(state.strikes)) {
    const chemical = chem === "" ? undefined : chemicals.get(chem);
    if (chem !== "" && chemical === undefined) {
      refusals.push({ code: "unknownCard", message: i18n.format("NOBC.Land.Check.notChemical", { card: chem }), field: `strikes.${id}` });
    }
    const squadron = squadrons.get(id);
    const card = cards.get(id);
    const kind = card === undefined ? undefined : strikeKindOf(card);
    if (squadron !== undefined) {
      strikes.push({ kind: "cas", squadron: id, name: squadron.name, value: squadron.cas, ...(chemical ? { chemical } : {}) });
    } else if (card !== undefined && kind === "ssm") {
      strikes.push({ kind, card, ...(chemical ? { chemical } : {}) });
    } else if (card !== undefined && kind !== undefined) {
      if (chemical !== undefined) {
        refusals.push({ code: "chemicalPairing", message: i18n.format("NOBC.Land.Check.chemicalPairing", { strike: nameIn(world.field, id) }), field: `strikes.${id}` });
      }
      strikes.push({ kind, card });
    } else {
      refusals.push({ code: "unknownStrike", message: i18n.format("NOBC.Land.Check.unknownStrike", { strike: id }), field: `strikes.${id}` });
    }
  }
  if (refusals.length > 0 || target === null) return { ok: false, refusals };
  return { ok: true, value: { attacker: state.side, target, identification, strikes, chemicalReleaseConfirmed: state.release } };
}

/** The attack as the rules resolve it with these dice. */
export function rearAreaResolution(world: LandWorld, state: RearAreaState, dice: Dice, i18n: Translator): Checked<Resolution<RearAreaAttackOutcome>> {
  const input = rearAreaInput(world, state, i18n);
  return input.ok ? rearAreaAttack(input.value, dice) : input;
}

/** The result of a rear-area attack in words. */
export function resultText(outcome: RearAreaAttackOutcome, kind: RearAreaTarget["kind"], i18n: Translator): string {
  const { result } = outcome;
  if (result.hqBoxes === 0 && result.supportCardsRemoved === 0 && result.unitHits === 0) return i18n.localize("NOBC.Land.Rear.NoEffect");
  if (kind === "hq") return i18n.format("NOBC.Land.Rear.ResultHq", { boxes: String(outcome.hqBoxesLost), cards: String(result.supportCardsRemoved) });
  return i18n.format(outcome.eliminated ? "NOBC.Land.Rear.ResultEliminated" : "NOBC.Land.Rear.ResultUnit", { hits: String(outcome.hitsApplied) });
}

export interface FaceRow {
  readonly face: number;
  readonly score: number;
  readonly result: string;
}

export interface RearAreaView {
  readonly sides: readonly OptionView[];
  readonly targets: readonly OptionView[];
  readonly targetTerrain: string;
  readonly ident: readonly (readonly OptionView[])[];
  readonly strikes: readonly { readonly id: string; readonly name: string; readonly kind: string; readonly value: number; readonly checked: boolean; readonly field: string; readonly chemField: string | null; readonly chemicals: readonly OptionView[] }[];
  readonly release: boolean;
  readonly needsRelease: boolean;
  readonly refusals: readonly string[];
  /** The strike lines before the die (label, value, source). */
  readonly lines: readonly { readonly label: string; readonly value: number; readonly source: string }[];
  /** What each die face would give. */
  readonly faces: readonly FaceRow[];
  readonly canPost: boolean;
}

export function rearAreaContext(world: LandWorld, state: RearAreaState, i18n: Translator): RearAreaView {
  const { field } = world;
  const none = i18n.localize("NOBC.Land.None");
  const targetList = targets(world, state.side);
  if (state.target !== "" && !targetList.some((t) => t.id === state.target)) {
    const chosen = hqById(field, state.target) ?? unitById(field, state.target);
    targetList.push({ id: state.target, name: chosen?.name ?? state.target, hex: chosen?.hex ?? "" });
  }
  const identOptions = identifiers(world, state.side).map((c) => [c.id, `${nameIn(field, c.id)} (${i18n.localize(categoryLabelKey(c.category))})`] as const);
  const chemicals = chemicalCards(world, state.side).map((c) => [c.id, nameIn(field, c.id)] as const);
  const strikeRows = [
    ...casSquadrons(world, state.side).map((s) => ({ id: s.id, name: s.name, kind: "NOBC.Land.Rear.Cas", value: s.cas, pairs: true })),
    ...strikeCards(world, state.side).map((c) => ({ id: c.id, name: nameIn(field, c.id), kind: categoryLabelKey(c.category), value: c.value, pairs: strikeKindOf(c) === "ssm" })),
  ].map((s) => ({
    id: s.id,
    name: s.name,
    kind: s.kind,
    value: s.value,
    checked: s.id in state.strikes,
    field: `strike:${s.id}`,
    chemField: s.pairs && chemicals.length > 0 ? `chem:${s.id}` : null,
    chemicals: options([["", none], ...chemicals], state.strikes[s.id] ?? ""),
  }));
  const chosen = hqById(field, state.target) ?? unitById(field, state.target);
  const terrain = chosen === undefined ? undefined : terrainAt(field, chosen.hex);
  // The rules refuse before any die is drawn, so one probe run tells whether the attack stands.
  const probe = rearAreaResolution(world, state, scriptedDice([1]), i18n);
  const faces: FaceRow[] = [];
  let lines: RearAreaView["lines"] = [];
  if (probe.ok) {
    // The strikes come before the die in the breakdown; halving and doubling show in each face's score.
    const die = probe.value.breakdown.findIndex((l) => l.label.startsWith("Die roll"));
    lines = probe.value.breakdown.slice(0, die);
    const kind = hqById(field, state.target) === undefined ? "unit" : "hq";
    for (let face = 1; face <= 6; face++) {
      const run = rearAreaResolution(world, state, scriptedDice([face]), i18n);
      if (run.ok) faces.push({ face, score: run.value.outcome.score, result: resultText(run.value.outcome, kind, i18n) });
    }
  }
  return {
    sides: options(sidesFor(world).map((s) => [s, i18n.localize(`NOBC.Side.${s}`)] as const), state.side),
    targets: options([["", none], ...targetList.map((t) => [t.id, t.hex === "" ? t.name : `${t.name} (${t.hex})`] as const)], state.target),
    targetTerrain: terrain === undefined ? "" : terrain.map((t) => i18n.localize(`NOBC.Land.Terrain.${t}`)).join(", "),
    ident: state.identification.map((id) => options([["", none], ...identOptions], id)),
    strikes: strikeRows,
    release: state.release,
    needsRelease: Object.values(state.strikes).some((c) => c !== ""),
    refusals: probe.ok ? [] : refusalLines(probe.refusals),
    lines,
    faces,
    canPost: probe.ok,
  };
}

export function rearAreaInputs(world: LandWorld, state: RearAreaState, i18n: Translator): CardInputLine[] {
  const { field } = world;
  const chosen = hqById(field, state.target) ?? unitById(field, state.target);
  const terrain = chosen === undefined ? undefined : terrainAt(field, chosen.hex);
  const strikes = Object.entries(state.strikes).map(([id, chem]) => (chem === "" ? nameIn(field, id) : `${nameIn(field, id)} + ${nameIn(field, chem)}`));
  return [
    { label: i18n.localize("NOBC.Land.Rear.Attacker"), value: i18n.localize(`NOBC.Side.${state.side}`) },
    { label: i18n.localize("NOBC.Land.Rear.Target"), value: chosen === undefined ? state.target : `${chosen.name} (${chosen.hex})` },
    { label: i18n.localize("NOBC.Land.Rear.Terrain"), value: terrain === undefined ? "" : terrain.map((t) => i18n.localize(`NOBC.Land.Terrain.${t}`)).join(", ") },
    { label: i18n.localize("NOBC.Land.Rear.Identification"), value: state.identification.filter((id) => id !== "").map((id) => nameIn(field, id)).join(", ") },
    { label: i18n.localize("NOBC.Land.Rear.Strikes"), value: strikes.join(", ") },
  ];
}
