/**
 * A plain Air War world for the tests and the gallery: both sides' squadrons in the boxes steps
 * 7–11 read, airbases with hits and air-defence tracks, airborne brigades, HQs with SF, SSM and
 * chemical cards, and one bridge of the terrain map.
 */
import type { Squadron } from "../../../../src/rules/nobc/air/types";
import type { LandHq, LandUnit } from "../../../../src/rules/nobc/land/types";
import type { WorldCard } from "../../../../src/world/battlefield";
import type { AirbaseView, MissionWorld } from "../../../../src/apps/air/missions/world";
import { keyWording } from "../../../harness/wording";
import type { SquadronSystemOver } from "../battle/fixtures";

type SquadronSeed = Partial<Squadron> & Pick<Squadron, "id" | "name" | "side" | "nationality" | "box">;

export function squadron(seed: SquadronSeed): Squadron {
  return {
    airToAir: 3,
    cas: 3,
    deepStrike: 3,
    weapons: [],
    range: 2,
    recce: false,
    ew: false,
    harrier: false,
    airbase: null,
    airZone: "2ATAF",
    ...seed,
  };
}

/**
 * A squadron actor's system data: {@link squadron}'s values for a ready NATO (US) squadron, with
 * the sheet's aircraft and role, under `over`.
 */
export function squadronSystem({ aircraft = "", role = "multirole", ...over }: SquadronSystemOver = {}): Record<string, unknown> {
  const { id: _id, name: _name, ...system } = squadron({ id: "", name: "", side: "nato", nationality: "us", box: "ready", ...over });
  return { aircraft, role, ...system };
}

export const SQUADRONS: Squadron[] = [
  squadron({
    id: "Actor.a10",
    name: "81 TFW (A-10)",
    side: "nato",
    nationality: "us",
    box: "cas",
    cas: 5,
    weapons: [{ kind: "cas", name: "Maverick" }],
  }),
  squadron({ id: "Actor.jag", name: "II Sqn RAF (Jaguar)", side: "nato", nationality: "uk", box: "recce", recce: true, cas: 2 }),
  squadron({ id: "Actor.su25", name: "357 OShAP (Su-25)", side: "wp", nationality: "su", box: "cas", cas: 4 }),
  squadron({ id: "Actor.transall", name: "LTG 62 (Transall)", side: "nato", nationality: "frg", box: "paradrop" }),
  squadron({ id: "Actor.c130", name: "435 TAW (C-130)", side: "nato", nationality: "us", box: "paradrop" }),
  squadron({ id: "Actor.an12", name: "12 VTAD (An-12)", side: "wp", nationality: "su", box: "paradrop" }),
  squadron({
    id: "Actor.tornado",
    name: "IX Sqn RAF (Tornado)",
    side: "nato",
    nationality: "uk",
    box: "deepStrike",
    deepStrike: 5,
    weapons: [{ kind: "deepStrike", name: "JP233" }],
  }),
  squadron({ id: "Actor.f111", name: "20 TFW (F-111)", side: "nato", nationality: "us", box: "deepStrike", deepStrike: 4 }),
  squadron({ id: "Actor.ef111", name: "42 ECS (EF-111)", side: "nato", nationality: "us", box: "deepStrike", ew: true, deepStrike: 0 }),
  squadron({ id: "Actor.f15", name: "36 TFW (F-15)", side: "nato", nationality: "us", box: "damaged" }),
  squadron({ id: "Actor.f16be", name: "349 Sqn (F-16)", side: "nato", nationality: "be", box: "damaged" }),
  squadron({ id: "Actor.f16dk", name: "Esk 727 (F-16)", side: "nato", nationality: "dk", box: "damaged" }),
  squadron({ id: "Actor.mig23", name: "833 IAP (MiG-23)", side: "wp", nationality: "su", box: "damaged" }),
  squadron({ id: "Actor.su22", name: "7 PLMB (Su-22)", side: "wp", nationality: "pl", box: "damaged" }),
  squadron({ id: "Actor.f4", name: "JaboG 35 (F-4F)", side: "nato", nationality: "frg", box: "ready", airbase: "Actor.bitburg" }),
  squadron({ id: "Actor.f16us", name: "50 TFW (F-16)", side: "nato", nationality: "us", box: "ready", airbase: "Actor.bitburg" }),
  squadron({ id: "Actor.mirage", name: "EC 13 (Mirage 5)", side: "nato", nationality: "fr", box: "holding", airbase: null }),
  squadron({ id: "Actor.harrier", name: "3 Sqn RAF (Harrier)", side: "nato", nationality: "uk", box: "ready", harrier: true }),
  squadron({ id: "Actor.mig29", name: "33 IAP (MiG-29)", side: "wp", nationality: "su", box: "ready", airbase: "Actor.templin" }),
];

export const AIRBASES: AirbaseView[] = [
  {
    id: "Actor.bitburg",
    name: "Bitburg",
    side: "nato",
    airZone: "2ATAF",
    baseCapacity: 2,
    hits: 1,
    permanentHits: 0,
    airDefence: { value: 2, max: 4 },
  },
  {
    id: "Actor.ramstein",
    name: "Ramstein",
    side: "nato",
    airZone: "2ATAF",
    baseCapacity: 2,
    hits: 2,
    permanentHits: 1,
    airDefence: { value: 1, max: 3 },
  },
  {
    id: "Actor.templin",
    name: "Templin",
    side: "wp",
    airZone: "2ATAF",
    baseCapacity: 2,
    hits: 2,
    permanentHits: 0,
    airDefence: { value: 3, max: 4 },
  },
];

const unit = (id: string, name: string, side: "nato" | "wp", arm: LandUnit["arm"]): LandUnit => ({
  id,
  name,
  side,
  size: "brigade",
  arm,
  strength: 4,
  mode: "combat",
  supply: 1,
  hex: "",
  nationality: side === "nato" ? "us" : "su",
});

export const UNITS: LandUnit[] = [
  unit("Actor.bde3", "3 Armd Bde", "nato", "armour"),
  unit("Actor.abn82", "1/82 Abn Bde", "nato", "airborne"),
  unit("Actor.dshb35", "35 Gds DShB", "wp", "airmobile"),
];

export const HQS: LandHq[] = [
  {
    id: "Actor.ibr",
    side: "nato",
    name: "I (BR) Corps",
    echelon: "corps",
    level: 3,
    maxLevel: 4,
    radius: 6,
    nationality: "uk",
    hex: "",
    mayRecover: true,
  },
  {
    id: "Actor.3sa",
    side: "wp",
    name: "3 Shock Army",
    echelon: "army",
    level: 4,
    maxLevel: 4,
    radius: 6,
    nationality: "su",
    hex: "",
    mayRecover: true,
  },
];

const card = (
  id: string,
  name: string,
  side: "nato" | "wp",
  category: WorldCard["category"],
  afterUse: WorldCard["afterUse"] = "discard",
): WorldCard => ({
  id,
  name,
  side,
  category,
  value: 3,
  modifier: 0,
  afterUse,
  assignedTo: null,
  hq: side === "nato" ? "Actor.ibr" : "Actor.3sa",
});

export const CARDS: WorldCard[] = [
  card("Actor.ibr.Item.sas", "SAS patrol", "nato", "specialForces"),
  card("Actor.ibr.Item.lance", "Lance battery", "nato", "ssm"),
  card("Actor.ibr.Item.cw", "Chemical release", "nato", "chemical"),
  card("Actor.3sa.Item.scud", "Scud brigade", "wp", "ssm"),
];

export function fixtureWorld(over: Partial<MissionWorld> = {}): MissionWorld {
  const names = new Map<string, string>();
  for (const d of [...SQUADRONS, ...AIRBASES, ...UNITS, ...HQS, ...CARDS]) names.set(d.id, d.name);
  return {
    squadrons: SQUADRONS,
    airbases: AIRBASES,
    units: UNITS,
    hqs: HQS,
    cards: CARDS,
    bridges: [{ hexside: "0712|0713", name: "Weser bridge 0712–0713" }],
    names,
    owned: new Set(names.keys()),
    isGM: true,
    ...over,
  };
}

/** A translator that shows the key and its data, so tests read what went where. */
export const i18n = keyWording();
