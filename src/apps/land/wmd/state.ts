/**
 * Nuclear and ADM cards in play (seed 000, Land War QRS: 3. Rear Area Attacks, the nuclear and
 * chemical weapons notes): the HQ holding the card names its target (a hex identified by two cards
 * for a nuclear strike; the bridges of one hexside or the autobahn in one hex for an ADM), and
 * Control releases it. The target is checked against the scene's terrain and map state here; the
 * rules (src/rules/nobc/land/wmd.ts) decide the rest. `umpireConfirmed` is never taken from a
 * request: only the GM's client passes it, when a GM asks or presses Release. Pure.
 */
import type { CardRef, HexRef } from "../../../rules/ids";
import type { Dice } from "../../../rules/dice";
import { admDemolition, nuclearStrike } from "../../../rules/nobc/land/wmd";
import { isWeapon } from "../../../rules/nobc/land/card-categories";
import type { SupportCard } from "../../../rules/nobc/land/types";
import { phrase, type Checked, type Refusal, type Resolution } from "../../../rules/resolution";
import { adjacentHexes, bridgeBetween } from "../../../map/rules-view";
import { HEX_LABEL } from "../../../map/hex-grid";
import { speak } from "../../../words/phrase";
import type { Battlefield, WorldCard } from "../../../world/battlefield";
import type { CardInputLine } from "../../../chat/resolution-card";
import type { Card } from "../../base/controller";
import { holdsFor } from "../../base/holds";
import { text, type Translator } from "../view";
import { hqById, hqsFor, nameIn, onMap, type LandWorld } from "../world";
import { identifiers } from "../rear-area/state";

/** What the card is used for: a nuclear strike on a hex, or an ADM on a hexside's bridges or a hex's autobahn. */
export const WMD_TARGETS = ["nuclear", "admBridges", "admAutobahn"] as const;
export type WmdTarget = (typeof WMD_TARGETS)[number];

export interface WmdState {
  /** The nuclear or ADM card (its UUID); the HQ holding it acts. */
  readonly card: CardRef;
  readonly target: WmdTarget;
  /** The target hex, the autobahn hex, or one hex of the hexside. */
  readonly hex: HexRef;
  /** The other hex of the hexside whose bridges go (ADM on bridges only; "" otherwise). */
  readonly otherHex: HexRef;
  /** The two cards (or recce squadrons) that identified the target of a nuclear strike. */
  readonly identification: readonly [CardRef, CardRef];
}

export const WMD_TARGET_LABELS: Readonly<Record<WmdTarget, string>> = {
  nuclear: "NOBC.Land.Wmd.Target.nuclear",
  admBridges: "NOBC.Land.Wmd.Target.admBridges",
  admAutobahn: "NOBC.Land.Wmd.Target.admAutobahn",
};

/** The targets a card of this category may take. */
export function targetsFor(category: string): WmdTarget[] {
  if (isWeapon(category, "nuclear")) return ["nuclear"];
  if (isWeapon(category, "adm")) return ["admBridges", "admAutobahn"];
  return [];
}

/**
 * The nuclear and ADM cards the user may play: held by an HQ they act for (a card printed for the
 * other side is listed, and the rules refuse it by name).
 */
export function weaponCards(world: LandWorld): WorldCard[] {
  const hqs = new Set(hqsFor(world).map((h) => h.id));
  return world.field.cards.filter((c) => c.hq !== undefined && hqs.has(c.hq) && targetsFor(c.category).length > 0);
}

export function initialWmd(card: { readonly id: CardRef; readonly category: string } | undefined, hex: HexRef = ""): WmdState {
  const target = card === undefined ? "nuclear" : (targetsFor(card.category)[0] ?? "nuclear");
  return { card: card?.id ?? "", target, hex, otherHex: "", identification: ["", ""] };
}

/** Form input → state; another card starts afresh on its own first target (the hex is kept). */
export function wmdFromForm(prev: WmdState, data: Readonly<Record<string, unknown>>, world: LandWorld): WmdState {
  const cardId = "card" in data ? text(data["card"]) : prev.card;
  if (cardId !== prev.card) return initialWmd(world.field.cards.find((c) => c.id === cardId) ?? { id: cardId, category: "" }, prev.hex);
  const target = WMD_TARGETS.find((t) => t === data["target"]) ?? prev.target;
  return {
    card: cardId,
    target,
    hex: "hex" in data ? text(data["hex"]) : prev.hex,
    otherHex: "otherHex" in data ? text(data["otherHex"]) : prev.otherHex,
    identification: [
      "ident0" in data ? text(data["ident0"]) : prev.identification[0],
      "ident1" in data ? text(data["ident1"]) : prev.identification[1],
    ],
  };
}

/** The card the state names, if the user may play it. */
export function chosenCard(world: LandWorld, state: WmdState): WorldCard | undefined {
  return weaponCards(world).find((c) => c.id === state.card);
}

/** Whether an autobahn runs through the hex on the scene's map. */
export function autobahnHex(field: Battlefield, hex: HexRef): boolean {
  return field.map?.map.roads.some((r) => r.kind === "autobahn" && r.path.includes(hex)) === true;
}

/** A typed hex label checked against the map: a refusal naming `field` when it is not a hex of it. */
function hexProblem(field: Battlefield, hex: HexRef, name: string): Refusal | null {
  if (hex === "") return { code: "missingHex", text: phrase("NOBC.Land.Wmd.Check.missingHex"), field: name };
  if (!HEX_LABEL.test(hex)) return { code: "badHex", text: phrase("NOBC.Land.Wmd.Check.badHex", { hex }), field: name };
  if (!onMap(field, hex)) return { code: "offMap", text: phrase("NOBC.Land.Wmd.Check.offMap", { hex }), field: name };
  return null;
}

/** What the card does, checked and resolved: every refusal (the dialog's and the rules'), or the resolution. */
export function wmdResolution(world: LandWorld, state: WmdState, dice: Dice, umpireConfirmed: boolean): Checked<Resolution<unknown>> {
  const { field } = world;
  const refusals: Refusal[] = [];
  const card = chosenCard(world, state);
  if (card === undefined) {
    refusals.push({
      code: "unknownCard",
      text: phrase("NOBC.Land.Wmd.Check.notWeapon", { card: nameIn(field, state.card) }),
      field: "card",
    });
    return { ok: false, refusals };
  }
  const hq = card.hq === undefined ? undefined : hqById(field, card.hq);
  // playableCards keeps only cards held by an HQ of the user's, so the holder is on the battlefield.
  const attacker = hq?.side ?? card.side;
  if (field.map === null) {
    refusals.push({ code: "noMap", text: phrase("NOBC.Land.Wmd.Check.noMap"), field: "hex" });
    return { ok: false, refusals };
  }
  const problem = hexProblem(field, state.hex, "hex");
  if (problem !== null) refusals.push(problem);
  const weapon: SupportCard = card;
  if (state.target === "nuclear") {
    const ids = new Map(identifiers(world, attacker).map((c) => [c.id, c]));
    const identification: SupportCard[] = [];
    state.identification.forEach((id, i) => {
      if (id === "") return;
      const found = ids.get(id);
      if (found === undefined)
        refusals.push({
          code: "unknownCard",
          text: phrase("NOBC.Land.Check.notIdentifier", { card: nameIn(field, id) }),
          field: `identification.${i}`,
        });
      else identification.push(found);
    });
    if (refusals.length > 0) return { ok: false, refusals };
    const unitsInHex = field.units.filter((u) => u.hex === state.hex);
    return nuclearStrike({ attacker, card: weapon, umpireConfirmed, identification, targetHex: state.hex, unitsInHex }, dice);
  }
  if (state.target === "admAutobahn") {
    if (problem === null && !autobahnHex(field, state.hex))
      refusals.push({ code: "noAutobahn", text: phrase("NOBC.Land.Wmd.Check.noAutobahn", { hex: state.hex }), field: "hex" });
    else if (problem === null && field.mapState.cutAutobahn.has(state.hex))
      refusals.push({ code: "autobahnCut", text: phrase("NOBC.Land.Wmd.Check.alreadyCut", { hex: state.hex }), field: "hex" });
    if (refusals.length > 0) return { ok: false, refusals };
    return admDemolition({ attacker, card: weapon, umpireConfirmed, autobahnHex: state.hex });
  }
  const other = hexProblem(field, state.otherHex, "otherHex");
  if (other !== null) refusals.push(other);
  if (problem === null && other === null) {
    const map = field.map;
    const neighbours = adjacentHexes(map, state.hex).includes(state.otherHex);
    if (!neighbours || bridgeBetween(map, state.hex, state.otherHex, field.mapState) === undefined)
      refusals.push({ code: "noBridge", text: phrase("NOBC.Land.Check.noBridge", { a: state.hex, b: state.otherHex }), field: "otherHex" });
  }
  if (refusals.length > 0) return { ok: false, refusals };
  return admDemolition({ attacker, card: weapon, umpireConfirmed, bridgeHexside: [state.hex, state.otherHex] });
}

/** The target in words: "hex 0302", "the bridges between 0101 and 0201", "the autobahn in 0202". */
export function targetText(state: WmdState, i18n: Translator): string {
  if (state.target === "admBridges") return i18n.format("NOBC.Land.Wmd.TargetText.admBridges", { a: state.hex, b: state.otherHex });
  return i18n.format(state.target === "nuclear" ? "NOBC.Land.Wmd.TargetText.nuclear" : "NOBC.Land.Wmd.TargetText.admAutobahn", {
    hex: state.hex,
  });
}

/** The request's and the card's lines: the HQ, the card, the target and (nuclear) the identification. */
export function wmdInputs(world: LandWorld, state: WmdState, i18n: Translator): CardInputLine[] {
  const { field } = world;
  const card = field.cards.find((c) => c.id === state.card);
  const lines: CardInputLine[] = [
    { label: i18n.localize("NOBC.Land.Hq"), value: card?.hq === undefined ? "" : nameIn(field, card.hq) },
    { label: i18n.localize("NOBC.Land.Wmd.Card"), value: nameIn(field, state.card) },
    { label: i18n.localize("NOBC.Land.Wmd.TargetLabel"), value: targetText(state, i18n) },
  ];
  if (state.target === "nuclear")
    lines.push({
      label: i18n.localize("NOBC.Land.Rear.Identification"),
      value: state.identification
        .filter((id) => id !== "")
        .map((id) => nameIn(field, id))
        .join(", "),
    });
  return lines;
}

/**
 * What the card uses up: the weapon card and each identifying card (`card:<uuid>`), and each recce
 * squadron flown to identify (`rearArea:<squadron>:<turn>`, as in a rear-area attack), so the same
 * card cannot be released twice.
 */
/** The request message's content as posted: its title and the card's inputs (no status: each client's chat adds it). */
export function wmdRequestContent(world: LandWorld, state: WmdState, i18n: Translator): { title: string; lines: CardInputLine[] } {
  return {
    title: i18n.format("NOBC.Land.Wmd.RequestTitle", { target: targetText(state, i18n) }),
    lines: wmdInputs(world, state, i18n),
  };
}

export function wmdHolds(world: LandWorld, state: WmdState): { readonly holds?: readonly string[] } {
  const cardIds = new Set(world.field.cards.map((c) => c.id));
  const idents = state.target === "nuclear" ? state.identification.filter((id) => id !== "") : [];
  return holdsFor(
    world.turn,
    idents.filter((id) => !cardIds.has(id)).map((id) => `rearArea:${id}`),
    [state.card, ...idents.filter((id) => cardIds.has(id))],
  );
}

/** The card Control's release posts, rolled with these dice, or every refusal. */
export function wmdCard(world: LandWorld, state: WmdState, dice: Dice, i18n: Translator, umpireConfirmed: boolean): Checked<Card> {
  const checked = wmdResolution(world, state, dice, umpireConfirmed);
  if (!checked.ok) return checked;
  const resolution = checked.value;
  const target = targetText(state, i18n);
  const outcome =
    state.target === "nuclear"
      ? speak(phrase("NOBC.Land.Wmd.NuclearOutcome", { count: (resolution.outcome as { hits: number }).hits, target }), i18n)
      : speak(phrase("NOBC.Land.Wmd.AdmOutcome", { target }), i18n);
  return {
    ok: true,
    value: {
      ...wmdHolds(world, state),
      title: i18n.format(state.target === "nuclear" ? "NOBC.Land.Wmd.CardTitle.nuclear" : "NOBC.Land.Wmd.CardTitle.adm", { target }),
      resolution,
      outcome,
      inputs: wmdInputs(world, state, i18n),
    },
  };
}
