/**
 * The Land War's enum labels as phrases, for the rules' breakdown lines and refusals (docs/i18n.md):
 * each value's lang key written out in full. Sides and modes use the labels the sheets show (card
 * categories too, from their records: card-categories.ts); terrain, rivers, roads and unit sizes,
 * read inside a sentence, have their own lowercase labels under the Land rules' keys.
 */
import { labelOf, phrase, type PhraseArg } from "../../resolution";
import type { RoadKind } from "./movement";
import type { LandTerrain, Mode, RiverKind, Side, UnitArm, UnitSize } from "./types";

export const SIDE_LABELS: Readonly<Record<Side, string>> = { nato: "NOBC.Side.nato", wp: "NOBC.Side.wp" };
export const MODE_LABELS: Readonly<Record<Mode, string>> = { combat: "NOBC.Mode.combat", march: "NOBC.Mode.march" };
export const ARM_LABELS: Readonly<Record<UnitArm, string>> = {
  armour: "NOBC.Arm.armour",
  mechanised: "NOBC.Arm.mechanised",
  motorRifle: "NOBC.Arm.motorRifle",
  infantry: "NOBC.Arm.infantry",
  airborne: "NOBC.Arm.airborne",
  airmobile: "NOBC.Arm.airmobile",
  artillery: "NOBC.Arm.artillery",
  engineer: "NOBC.Arm.engineer",
  recce: "NOBC.Arm.recce",
  other: "NOBC.Arm.other",
};

const TERRAIN: Readonly<Record<LandTerrain, string>> = {
  clear: "NOBC.Rules.Land.Terrain.clear",
  woods: "NOBC.Rules.Land.Terrain.woods",
  rough: "NOBC.Rules.Land.Terrain.rough",
  marsh: "NOBC.Rules.Land.Terrain.marsh",
  town: "NOBC.Rules.Land.Terrain.town",
  city: "NOBC.Rules.Land.Terrain.city",
};
const RIVER: Readonly<Record<RiverKind, string>> = { minor: "NOBC.Rules.Land.River.minor", major: "NOBC.Rules.Land.River.major" };
const ROAD: Readonly<Record<RoadKind, string>> = { autobahn: "NOBC.Rules.Land.Road.autobahn", road: "NOBC.Rules.Land.Road.road" };
export const SIZE_LABELS: Readonly<Record<UnitSize, string>> = {
  battalion: "NOBC.Rules.Land.Size.battalion",
  brigade: "NOBC.Rules.Land.Size.brigade",
  regiment: "NOBC.Rules.Land.Size.regiment",
  division: "NOBC.Rules.Land.Size.division",
};

export function armName(arm: UnitArm): PhraseArg {
  return labelOf(ARM_LABELS, arm);
}

export function sideName(side: string): PhraseArg {
  return labelOf(SIDE_LABELS, side);
}

export function modeName(mode: Mode): PhraseArg {
  return labelOf(MODE_LABELS, mode);
}

export function terrainName(terrain: LandTerrain): PhraseArg {
  return labelOf(TERRAIN, terrain);
}

export function riverName(river: RiverKind): PhraseArg {
  return labelOf(RIVER, river);
}

export function roadName(road: RoadKind): PhraseArg {
  return labelOf(ROAD, road);
}

export function sizeName(size: UnitSize): PhraseArg {
  return labelOf(SIZE_LABELS, size);
}

/** How the items of a list are joined: "a, b, c" or "a + b". */
export type ListJoin = "comma" | "plus";

const JOIN: Readonly<Record<ListJoin, string>> = { comma: "NOBC.Rules.Land.List.Comma", plus: "NOBC.Rules.Land.List.Plus" };

/** A list of names or phrases as one phrase argument, each pair joined by the language's words ("{first}, {rest}"). */
export function listOf(items: readonly PhraseArg[], join: ListJoin = "comma"): PhraseArg {
  if (items.length === 0) return "";
  const [first, ...rest] = items as [PhraseArg, ...PhraseArg[]];
  return rest.length === 0 ? first : phrase(JOIN[join], { first, rest: listOf(rest, join) });
}

/**
 * A value a refusal names as it was given: data from outside may carry what its type rules out (a
 * number for a name, an unknown terrain), and the refusal says what it got.
 */
export function given(value: unknown): string {
  return String(value);
}
