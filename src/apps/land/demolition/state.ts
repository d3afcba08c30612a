/**
 * Bridge demolition at the start of Land War phase 3: NATO engineers of one HQ (its engineer
 * cards, within its radius), Warsaw Pact divisions next to the bridge, or air units. The bridges
 * come from the scene's terrain map (or a hexside typed in when there is none); the turn from the
 * `nobcTurn` Combat, or asked for. Before the roll the dialog shows each attempt's chance. Pure.
 */
import { hexside as hexsideOf, type ActorRef, type HexsideRef } from "../../../rules/ids";
import type { Dice } from "../../../rules/dice";
import {
  DEMOLITION_CARD_CATEGORIES,
  demolishBridges,
  natoDemolitionRule,
  type BridgeDemolitionInput,
  type BridgeDemolitionOutcome,
  type BridgeTarget,
} from "../../../rules/nobc/land/demolition";
import type { RiverKind, Side } from "../../../rules/nobc/land/types";
import { phrase, type Checked, type Refusal, type Resolution } from "../../../rules/resolution";
import { speak } from "../../../words/phrase";
import { bridgeBetween, distance } from "../../../map/rules-view";
import { hexLabel, neighbour, offsetOf } from "../../../map/hex-grid";
import type { Battlefield } from "../../../world/battlefield";
import type { CardInputLine } from "../../../chat/resolution-card";
import { hqById, hqsFor, nameIn, playableCards, sidesFor, type LandWorld } from "../world";
import { RIVER_LABELS, text, whole, type Translator } from "../view";
import type { Card } from "../../base/controller";
import { holdsFor } from "../../base/holds";

export type DemolitionMeans = BridgeDemolitionInput["means"];
export const MEANS: readonly DemolitionMeans[] = ["natoEngineers", "wpDivisions", "air"];

/** The name of each means of demolition. */
export const MEANS_LABELS: Readonly<Record<DemolitionMeans, string>> = {
  natoEngineers: "NOBC.Land.Demolition.Means.natoEngineers",
  wpDivisions: "NOBC.Land.Demolition.Means.wpDivisions",
  air: "NOBC.Land.Demolition.Means.air",
};

export interface DemolitionState {
  readonly means: DemolitionMeans;
  /** The NATO HQ whose engineers demolish. */
  readonly hq: ActorRef;
  /** The turn typed in, used only when the world has no turn tracker. */
  readonly turn: number | null;
  /** For each bridge, the engineer card, division or air unit that tries it ("" for none). */
  readonly by: Readonly<Record<HexsideRef, string>>;
  /** A bridge named by hand: "0101|0201" (or "0101-0201"), its kind read from the map when there is one. */
  readonly manual: { readonly hexside: string; readonly kind: RiverKind; readonly by: string };
}

export function initialDemolition(world: LandWorld, hq?: ActorRef): DemolitionState {
  const chosen = hq === undefined ? undefined : hqById(world.field, hq);
  const sides = sidesFor(world);
  const means: DemolitionMeans =
    chosen?.side === "wp" || (chosen === undefined && !sides.includes("nato")) ? "wpDivisions" : "natoEngineers";
  const natoHq = chosen?.side === "nato" ? chosen.id : (hqsFor(world).find((h) => h.side === "nato")?.id ?? "");
  return { means, hq: natoHq, turn: null, by: {}, manual: { hexside: "", kind: "minor", by: "" } };
}

/** A bridge standing on the scene's map. */
export interface BridgeView extends BridgeTarget {
  readonly name: string;
}

/** Every bridge the terrain map draws that still stands (not destroyed in the scene's map state), in the file's order. */
export function mapBridges(field: Battlefield): BridgeView[] {
  if (field.map === null) return [];
  const out: BridgeView[] = [];
  for (const side of field.map.map.hexsides) {
    if (side.river === undefined || side.bridge !== true) continue;
    const key = hexsideOf(side.hex, hexLabel(neighbour(offsetOf(side.hex), side.side)));
    if (field.mapState.destroyedBridges.has(key)) continue;
    const [a, b] = key.split("|");
    out.push({ hexside: key, kind: side.river, name: `${side.name ?? ""} ${a}–${b}`.trim() });
  }
  return out;
}

/**
 * The turn in force: the tracker's, else the one a GM typed in. A player's typed turn counts for
 * nothing (the turn decides what may be blown), so without a tracker only the GM demolishes.
 */
export function demolitionTurn(world: LandWorld, state: DemolitionState): number | null {
  return world.turn ?? (world.isGM ? state.turn : null);
}

/** Who may try a bridge under each means: engineer cards of the HQ, divisions by the hexside, air units. */
export function demolishers(world: LandWorld, state: DemolitionState, hexside: HexsideRef): { id: string; name: string }[] {
  const { field } = world;
  if (state.means === "natoEngineers") {
    if (!sidesFor(world).includes("nato")) return [];
    return playableCards(world, "nato")
      .filter((c) => c.hq === state.hq && (DEMOLITION_CARD_CATEGORIES as readonly string[]).includes(c.category))
      .map((c) => ({ id: c.id, name: c.name }));
  }
  if (state.means === "wpDivisions") {
    if (!sidesFor(world).includes("wp")) return [];
    const ends = hexside.split("|");
    return field.units
      .filter((u) => u.side === "wp" && u.size === "division" && ends.includes(u.hex))
      .map((u) => ({ id: u.id, name: u.name }));
  }
  const sides = sidesFor(world);
  return field.squadrons.filter((s) => sides.includes(s.side) && s.deepStrike > 0).map((s) => ({ id: s.id, name: s.name }));
}

export function demolitionFromForm(world: LandWorld, prev: DemolitionState, data: Readonly<Record<string, unknown>>): DemolitionState {
  const means = MEANS.includes(data["means"] as DemolitionMeans) ? (data["means"] as DemolitionMeans) : prev.means;
  const hq = "hq" in data ? text(data["hq"]) : prev.hq;
  if (means !== prev.means || hq !== prev.hq) return { ...initialDemolition(world), means, hq, turn: prev.turn };
  const by: Record<HexsideRef, string> = { ...prev.by };
  for (const [key, value] of Object.entries(data)) if (key.startsWith("by:")) by[key.slice(3)] = text(value);
  const kind = data["manualKind"] === "major" ? "major" : data["manualKind"] === "minor" ? "minor" : prev.manual.kind;
  return {
    means,
    hq,
    turn: "turn" in data ? whole(data["turn"]) : prev.turn,
    by,
    manual: {
      hexside: "manualHexside" in data ? text(data["manualHexside"]) : prev.manual.hexside,
      kind,
      by: "manualBy" in data ? text(data["manualBy"]) : prev.manual.by,
    },
  };
}

/** The hand-named bridge, read against the map when there is one. */
function manualBridge(field: Battlefield, state: DemolitionState, refusals: Refusal[]): BridgeTarget | null {
  const raw = state.manual.hexside;
  if (raw === "" || state.manual.by === "") return null;
  const ends = raw.split(/[|\-–, ]+/).filter((s) => s !== "");
  if (ends.length !== 2) {
    refusals.push({ code: "badHexside", text: phrase("NOBC.Land.Check.badHexside", { hexside: raw }), field: "manual.hexside" });
    return null;
  }
  const [a, b] = ends as [string, string];
  if (field.mapState.destroyedBridges.has(hexsideOf(a, b))) {
    refusals.push({ code: "bridgeDestroyed", text: phrase("NOBC.MapRules.bridgeDestroyed", { a, b }), field: "manual.hexside" });
    return null;
  }
  if (field.map === null) return { hexside: hexsideOf(a, b), kind: state.manual.kind };
  try {
    const bridge = bridgeBetween(field.map, a, b, field.mapState);
    if (bridge !== undefined) return bridge;
    refusals.push({ code: "noBridge", text: phrase("NOBC.Land.Check.noBridge", { a, b }), field: "manual.hexside" });
  } catch {
    refusals.push({ code: "badHexside", text: phrase("NOBC.Land.Check.notNeighbours", { a, b }), field: "manual.hexside" });
  }
  return null;
}

/** The attempts chosen: map bridges with someone on them, then the hand-named one. A destroyed bridge chosen is refused. */
function chosenAttempts(world: LandWorld, state: DemolitionState, refusals: Refusal[]): { bridge: BridgeTarget; by: string }[] {
  for (const [key, by] of Object.entries(state.by)) {
    if (by === "" || !world.field.mapState.destroyedBridges.has(key)) continue;
    const [a = "", b = ""] = key.split("|");
    refusals.push({ code: "bridgeDestroyed", text: phrase("NOBC.MapRules.bridgeDestroyed", { a, b }), field: "by" });
  }
  const out = mapBridges(world.field)
    .filter((b) => (state.by[b.hexside] ?? "") !== "")
    .map((b) => ({ bridge: { hexside: b.hexside, kind: b.kind }, by: state.by[b.hexside]! }));
  const manual = manualBridge(world.field, state, refusals);
  if (manual !== null) out.push({ bridge: manual, by: state.manual.by });
  return out;
}

/** The rules' input from the dialog's state, or the dialog's own refusals (every one). */
export function demolitionInput(world: LandWorld, state: DemolitionState): Checked<BridgeDemolitionInput> {
  const { field } = world;
  const refusals: Refusal[] = [];
  const turn = demolitionTurn(world, state);
  if (turn === null)
    refusals.push({
      code: "noTurn",
      text: phrase(world.isGM ? "NOBC.Land.Check.noTurn" : "NOBC.Land.Check.noTurnForPlayer"),
      field: "turn",
    });
  const attempts = chosenAttempts(world, state, refusals);
  if (attempts.length === 0) refusals.push({ code: "noAttempt", text: phrase("NOBC.Land.Check.noAttempt"), field: "by" });
  // `key` names the means the chosen demolisher does not belong to.
  const unknown = (id: string, key: string): void => {
    refusals.push({ code: "unknownDemolisher", text: phrase(key, { name: nameIn(field, id) }), field: "by" });
  };
  if (state.means === "natoEngineers") {
    const hq = hqById(field, state.hq);
    if (hq === undefined) refusals.push({ code: "unknownHq", text: phrase("NOBC.Land.Check.noEngineerHq"), field: "hq" });
    else if (field.map?.map.hexes[hq.hex] === undefined) {
      refusals.push({ code: "noHex", text: phrase("NOBC.Land.Check.engineerHqOffMap", { hq: hq.name }), field: "hq" });
    }
    const cards = new Map(playableCards(world, "nato").map((c) => [c.id, c]));
    const out = attempts.flatMap(({ bridge, by }) => {
      const card = cards.get(by);
      if (card === undefined) {
        unknown(by, "NOBC.Land.Check.notEngineerCard");
        return [];
      }
      const ends = bridge.hexside.split("|");
      const far =
        hq === undefined || field.map?.map.hexes[hq.hex] === undefined ? 0 : Math.min(...ends.map((h) => distance(field.map!, hq.hex, h)));
      return [{ bridge, card, distance: far }];
    });
    if (refusals.length > 0 || hq === undefined || turn === null) return { ok: false, refusals };
    return { ok: true, value: { means: "natoEngineers", turn, hq, attempts: out } };
  }
  if (state.means === "wpDivisions") {
    const out = attempts.flatMap(({ bridge, by }) => {
      const division = field.units.find((u) => u.id === by);
      if (division === undefined || !sidesFor(world).includes("wp")) {
        unknown(by, "NOBC.Land.Check.notWpDivision");
        return [];
      }
      return [{ bridge, division, adjacent: bridge.hexside.split("|").includes(division.hex) }];
    });
    if (refusals.length > 0 || turn === null) return { ok: false, refusals };
    return { ok: true, value: { means: "wpDivisions", turn, attempts: out } };
  }
  const sides: readonly Side[] = sidesFor(world);
  const out = attempts.flatMap(({ bridge, by }) => {
    const squadron = field.squadrons.find((s) => s.id === by && sides.includes(s.side));
    if (squadron === undefined) {
      unknown(by, "NOBC.Land.Check.notAirUnit");
      return [];
    }
    return [{ bridge, squadron: squadron.id, name: squadron.name, deepStrike: squadron.deepStrike }];
  });
  if (refusals.length > 0 || turn === null) return { ok: false, refusals };
  return { ok: true, value: { means: "air", turn, attempts: out } };
}

export function demolitionResolution(world: LandWorld, state: DemolitionState, dice: Dice): Checked<Resolution<BridgeDemolitionOutcome>> {
  const input = demolitionInput(world, state);
  return input.ok ? demolishBridges(input.value, dice) : input;
}

/** One attempt's chance in words: automatic, forbidden, or the faces that destroy it. */
export function attemptChance(input: BridgeDemolitionInput, index: number, i18n: Translator): string {
  const attempt = input.attempts[index]!;
  const { kind } = attempt.bridge;
  if (input.turn === 0 && kind === "major") return i18n.localize("NOBC.Land.Demolition.Forbidden");
  if (input.means === "wpDivisions") return i18n.localize("NOBC.Land.Demolition.Automatic");
  if (input.means === "air") {
    const faces = Math.max(0, Math.min(6, (attempt as { deepStrike: number }).deepStrike));
    return i18n.format("NOBC.Land.Demolition.AtMost", { value: String(faces), faces: String(faces) });
  }
  const rule = natoDemolitionRule(input.turn, kind);
  if (rule.kind === "automatic") return i18n.localize("NOBC.Land.Demolition.Automatic");
  if (rule.kind === "forbidden") return i18n.localize("NOBC.Land.Demolition.Forbidden");
  return i18n.format("NOBC.Land.Demolition.AtLeast", { value: String(rule.min), faces: String(7 - rule.min) });
}

export function chosenId(attempt: BridgeDemolitionInput["attempts"][number]): string {
  if ("card" in attempt) return attempt.card.id;
  if ("division" in attempt) return attempt.division.id;
  return attempt.squadron;
}

export function demolitionInputs(world: LandWorld, state: DemolitionState, i18n: Translator): CardInputLine[] {
  const input = demolitionInput(world, state);
  const lines: CardInputLine[] = [
    { label: i18n.localize("NOBC.Land.Demolition.MeansLabel"), value: i18n.localize(MEANS_LABELS[state.means]) },
    { label: i18n.localize("NOBC.Land.Demolition.Turn"), value: String(demolitionTurn(world, state) ?? "") },
  ];
  if (state.means === "natoEngineers") lines.push({ label: i18n.localize("NOBC.Land.Hq"), value: nameIn(world.field, state.hq) });
  if (input.ok) {
    for (const [i, a] of input.value.attempts.entries()) {
      lines.push({
        label: `${a.bridge.hexside} (${i18n.localize(RIVER_LABELS[a.bridge.kind])})`,
        value: `${nameIn(world.field, chosenId(a))}: ${attemptChance(input.value, i, i18n)}`,
      });
    }
  }
  return lines;
}

/** The card Roll and post puts in chat, rolled with these dice, or every refusal. */
/**
 * What a demolition uses up: each bridge tried (`demolition:<hexside>:<turn>`), each division or
 * squadron that tries one, and each engineer card played (a card is played once).
 */
export function demolitionHolds(world: LandWorld, state: DemolitionState): { readonly holds?: readonly string[] } {
  const input = demolitionInput(world, state);
  if (!input.ok) return {};
  const cardIds = new Set(world.field.cards.map((c) => c.id));
  const by = input.value.attempts.map(chosenId);
  return holdsFor(
    world.turn,
    [
      ...input.value.attempts.map((a) => `demolition:${a.bridge.hexside}`),
      ...by.filter((id) => !cardIds.has(id)).map((id) => `demolition:${id}`),
    ],
    by.filter((id) => cardIds.has(id)),
  );
}

export function demolitionCard(world: LandWorld, state: DemolitionState, dice: Dice, i18n: Translator): Checked<Card> {
  const inputs = demolitionInputs(world, state, i18n);
  const checked = demolitionResolution(world, state, dice);
  if (!checked.ok) return checked;
  const { total, attempts } = checked.value.outcome;
  return {
    ok: true,
    value: {
      ...demolitionHolds(world, state),
      title: i18n.localize("NOBC.Land.Demolition.CardTitle"),
      resolution: checked.value,
      outcome: speak(phrase("NOBC.Land.Demolition.Outcome", { destroyed: total, count: attempts.length }), i18n),
      inputs,
    },
  };
}
