/**
 * Land War phase 3, rear-area attacks: the attacking side picks a target (an enemy HQ, or an enemy
 * unit out of contact), the two cards that identify it, and its strikes (CAS squadrons in the CAS
 * box, SSM / EW / Special Forces cards, a chemical card paired with CAS or an SSM). The target's
 * terrain and contact come from the scene's map. Pure.
 */
import type { ActorRef, CardRef } from "../../../rules/ids";
import type { Dice } from "../../../rules/dice";
import {
  IDENTIFICATION_CARD_CATEGORIES,
  rearAreaAttack,
  type RearAreaAttackInput,
  type RearAreaAttackOutcome,
  type RearAreaStrike,
  type RearAreaTarget,
} from "../../../rules/nobc/land/rear-area";
import type { Side, SupportCard } from "../../../rules/nobc/land/types";
import type { Squadron } from "../../../rules/nobc/air/types";
import { phrase, type Checked, type Phrase, type Refusal, type Resolution } from "../../../rules/resolution";
import { speak } from "../../../words/phrase";
import { SIDE_LABELS } from "../../../view/labels";
import type { Battlefield } from "../../../world/battlefield";
import type { CardInputLine } from "../../../chat/resolution-card";
import { hqById, inContact, nameIn, playableCards, terrainAt, unitById, type LandWorld } from "../world";
import { terrainText, text, type Translator } from "../view";
import type { Card } from "../../base/controller";
import { holdsFor } from "../../base/holds";
import { isWeapon, supportCardRecord, type RearAreaStrikeCard } from "../../../rules/nobc/land/card-categories";
import { isContactKey } from "../../../world/side-field";
import { occupancy } from "../../../world/movement";
import { adjacentHexes } from "../../../map/rules-view";

/** The code of the dialog's note that its target is a contact: the preview cannot price it, the GM will. */
export const CONTACT_TARGET = "contactTarget";

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
export function strikeKindOf(card: SupportCard): RearAreaStrikeCard | undefined {
  return supportCardRecord(card.category)?.uses.rearArea?.strike;
}

/** Identification sources: the side's Intelligence, Air Recce and SF cards, and its recce squadrons (as Air Recce). */
export function identifiers(world: LandWorld, side: Side): SupportCard[] {
  const cards: SupportCard[] = playableCards(world, side).filter((c) =>
    (IDENTIFICATION_CARD_CATEGORIES as readonly string[]).includes(c.category),
  );
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

/**
 * Targets worth offering: enemy HQs on the map, and enemy units the map shows out of contact. Under
 * double-blind a player's field holds only what their side knows, and the contacts it has located out
 * of contact are offered too (by their key, with no name): the two identification cards identify what
 * stands there when the GM resolves the attack (`aimedAt`).
 */
export function targets(world: LandWorld, side: Side): { id: ActorRef; name: string; hex: string }[] {
  const { field } = world;
  const hqs = field.hqs.filter((h) => h.side !== side && h.hex !== "");
  const units = field.units.filter((u) => u.side !== side && inContact(field, u) === false);
  const contacts = world.sights?.side === side ? world.sights.contacts.filter((c) => hexInContact(field, c.hex, side) === false) : [];
  return [
    ...[...hqs, ...units].map((t) => ({ id: t.id, name: t.name, hex: t.hex })),
    ...contacts.map((c) => ({ id: c.key, name: "", hex: c.hex })),
  ];
}

/** Whether a unit of `side` stands in or next to `hex`; undefined when the map cannot say. */
function hexInContact(field: Battlefield, hex: string, side: Side): boolean | undefined {
  if (field.map?.map.hexes[hex] === undefined) return undefined;
  const { unitsAt } = occupancy(field);
  for (const at of [hex, ...adjacentHexes(field.map, hex)]) if (unitsAt.get(at)?.some((u) => u.side === side)) return true;
  return false;
}

/** The hex a contact's key names. */
export function contactHex(key: string): string {
  return key.slice("contact:".length);
}

/**
 * The piece an attack on a contact strikes, as the truth has it (docs/rules-decisions.md, "What each
 * side knows"): the enemy HQ in the hex, else the first enemy unit there by name; undefined when no
 * enemy stands there now.
 */
export function pieceInHex(field: Battlefield, hex: string, attacker: Side): ActorRef | undefined {
  const hq = field.hqs.find((h) => h.side !== attacker && h.hex === hex);
  if (hq !== undefined) return hq.id;
  return field.units
    .filter((u) => u.side !== attacker && u.hex === hex)
    .sort((a, b) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1))[0]?.id;
}

/**
 * The attack as the GM resolves it: a contact's key (double-blind: the player aimed at a hex their
 * side has located) becomes the piece standing there; refused when nothing of the enemy stands there now.
 */
export function aimedAt(
  world: LandWorld,
  state: RearAreaState,
): { readonly ok: true; readonly state: RearAreaState } | { readonly ok: false; readonly refusal: Phrase } {
  if (!isContactKey(state.target)) return { ok: true, state };
  const hex = contactHex(state.target);
  const piece = pieceInHex(world.field, hex, state.side);
  return piece === undefined
    ? { ok: false, refusal: phrase("NOBC.Land.Check.contactEmpty", { hex }) }
    : { ok: true, state: { ...state, target: piece } };
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

function targetOf(field: Battlefield, id: ActorRef, refusals: Refusal[]): RearAreaTarget | null {
  if (id === "") {
    refusals.push({ code: "noTarget", text: phrase("NOBC.Land.Check.noRearTarget"), field: "target" });
    return null;
  }
  // A contact (double-blind, on the player's own client): what stands there is for the GM to find.
  if (isContactKey(id)) {
    refusals.push({ code: CONTACT_TARGET, text: phrase("NOBC.Land.Check.contactTarget", { hex: contactHex(id) }), field: "target" });
    return null;
  }
  const hq = hqById(field, id);
  const unit = hq === undefined ? unitById(field, id) : undefined;
  const victim = hq ?? unit;
  if (victim === undefined) {
    refusals.push({ code: "unknownTarget", text: phrase("NOBC.Land.Check.unknownRearTarget", { target: id }), field: "target" });
    return null;
  }
  const terrain = terrainAt(field, victim.hex);
  if (terrain === undefined) {
    refusals.push({ code: "noHex", text: phrase("NOBC.Land.Check.rearTargetOffMap", { target: victim.name }), field: "target" });
    return null;
  }
  if (hq !== undefined) return { kind: "hq", hq, terrain };
  return { kind: "unit", unit: unit!, terrain, inContact: inContact(field, unit!) ?? false };
}

/** The rules' input from the dialog's state, or the dialog's own refusals (every one). */
export function rearAreaInput(world: LandWorld, state: RearAreaState): Checked<RearAreaAttackInput> {
  const refusals: Refusal[] = [];
  const target = targetOf(world.field, state.target, refusals);
  const ids = new Map(identifiers(world, state.side).map((c) => [c.id, c]));
  const identification: SupportCard[] = [];
  state.identification.forEach((id, i) => {
    if (id === "") return;
    const card = ids.get(id);
    if (card === undefined)
      refusals.push({
        code: "unknownCard",
        text: phrase("NOBC.Land.Check.notIdentifier", { card: id }),
        field: `identification.${i}`,
      });
    else identification.push(card);
  });
  const squadrons = new Map(casSquadrons(world, state.side).map((s) => [s.id, s]));
  const cards = new Map(strikeCards(world, state.side).map((c) => [c.id, c]));
  const chemicals = new Map(chemicalCards(world, state.side).map((c) => [c.id, c]));
  const strikes: RearAreaStrike[] = [];
  for (const [id, chem] of Object.entries(state.strikes)) {
    const chemical = chem === "" ? undefined : chemicals.get(chem);
    if (chem !== "" && chemical === undefined) {
      refusals.push({ code: "unknownCard", text: phrase("NOBC.Land.Check.notChemical", { card: chem }), field: `strikes.${id}` });
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
        refusals.push({
          code: "chemicalPairing",
          text: phrase("NOBC.Land.Check.chemicalPairing", { strike: nameIn(world.field, id) }),
          field: `strikes.${id}`,
        });
      }
      strikes.push({ kind, card });
    } else {
      refusals.push({
        code: "unknownStrike",
        text: phrase("NOBC.Land.Check.unknownStrike", { strike: id }),
        field: `strikes.${id}`,
      });
    }
  }
  if (refusals.length > 0 || target === null) return { ok: false, refusals };
  return { ok: true, value: { attacker: state.side, target, identification, strikes, chemicalReleaseConfirmed: state.release } };
}

/** The attack as the rules resolve it with these dice. */
export function rearAreaResolution(world: LandWorld, state: RearAreaState, dice: Dice): Checked<Resolution<RearAreaAttackOutcome>> {
  const input = rearAreaInput(world, state);
  return input.ok ? rearAreaAttack(input.value, dice) : input;
}

/** The result of a rear-area attack, as a phrase. */
export function resultPhrase(outcome: RearAreaAttackOutcome, kind: RearAreaTarget["kind"]): Phrase {
  const { result } = outcome;
  if (result.hqBoxes === 0 && result.supportCardsRemoved === 0 && result.unitHits === 0) return phrase("NOBC.Land.Rear.NoEffect");
  if (kind === "hq")
    return phrase("NOBC.Land.Rear.ResultHq", {
      boxes: phrase("NOBC.Land.Rear.Boxes", { count: outcome.hqBoxesLost }),
      cards: phrase("NOBC.Land.Rear.Cards", { count: result.supportCardsRemoved }),
    });
  return phrase(outcome.eliminated ? "NOBC.Land.Rear.ResultEliminated" : "NOBC.Land.Rear.ResultUnit", { count: outcome.hitsApplied });
}

/** The result of a rear-area attack in words. */
export function resultText(outcome: RearAreaAttackOutcome, kind: RearAreaTarget["kind"], i18n: Translator): string {
  return speak(resultPhrase(outcome, kind), i18n);
}

export function rearAreaInputs(world: LandWorld, state: RearAreaState, i18n: Translator): CardInputLine[] {
  const { field } = world;
  const chosen = hqById(field, state.target) ?? unitById(field, state.target);
  const terrain = chosen === undefined ? undefined : terrainAt(field, chosen.hex);
  const strikes = Object.entries(state.strikes).map(([id, chem]) =>
    chem === "" ? nameIn(field, id) : `${nameIn(field, id)} + ${nameIn(field, chem)}`,
  );
  return [
    { label: i18n.localize("NOBC.Land.Rear.Attacker"), value: i18n.localize(SIDE_LABELS[state.side]) },
    { label: i18n.localize("NOBC.Land.Rear.Target"), value: chosen === undefined ? state.target : `${chosen.name} (${chosen.hex})` },
    {
      label: i18n.localize("NOBC.Land.Rear.Terrain"),
      value: terrain === undefined ? "" : terrainText(terrain, i18n),
    },
    {
      label: i18n.localize("NOBC.Land.Rear.Identification"),
      value: state.identification
        .filter((id) => id !== "")
        .map((id) => nameIn(field, id))
        .join(", "),
    },
    { label: i18n.localize("NOBC.Land.Rear.Strikes"), value: strikes.join(", ") },
  ];
}

/** The card Roll and post puts in chat, rolled with these dice, or every refusal. */
/**
 * What a rear-area strike uses up: each card it plays (identification, strike, chemical: a card is
 * played once) and each squadron it flies (`rearArea:<squadron>:<turn>`), so asking again cannot roll again.
 */
export function rearAreaHolds(world: LandWorld, state: RearAreaState): { readonly holds?: readonly string[] } {
  const cardIds = new Set(world.field.cards.map((c) => c.id));
  const used = [...state.identification, ...Object.keys(state.strikes), ...Object.values(state.strikes)].filter((id) => id !== "");
  return holdsFor(
    world.turn,
    used.filter((id) => !cardIds.has(id)).map((id) => `rearArea:${id}`),
    used.filter((id) => cardIds.has(id)),
  );
}

export function rearAreaCard(world: LandWorld, state: RearAreaState, dice: Dice, i18n: Translator): Checked<Card> {
  const checked = rearAreaResolution(world, state, dice);
  if (!checked.ok) return checked;
  const target = world.field.names.get(state.target) ?? state.target;
  const kind = hqById(world.field, state.target) === undefined ? "unit" : "hq";
  const { outcome } = checked.value;
  const victim = hqById(world.field, state.target) ?? unitById(world.field, state.target);
  return {
    ok: true,
    value: {
      ...rearAreaHolds(world, state),
      // The two cards identified and located what stands in the target's hex (double-blind: what Apply teaches the attacker).
      ...(victim === undefined || victim.hex === ""
        ? {}
        : { identifies: { side: state.side, hex: victim.hex, cards: state.identification.filter((id) => id !== "") } }),
      title: i18n.format("NOBC.Land.Rear.CardTitle", { target }),
      resolution: checked.value,
      outcome: speak(phrase("NOBC.Land.Rear.Outcome", { target, score: outcome.score, result: resultPhrase(outcome, kind) }), i18n),
      inputs: rearAreaInputs(world, state, i18n),
    },
  };
}
