/**
 * A generated air war for the chart's measures (the browser test, the bench): `count` squadrons over
 * four air zones, both sides, in every box of the charts, each side with three airbases per zone.
 * Plain data; no Foundry.
 */
import type { ChartWorld } from "../../../../src/apps/air/chart/world";
import type { Airbase, Squadron } from "../../../../src/rules/nobc/air/index";

export const AIR_ZONES = ["North", "Centre", "South", "Baltic"];
const BOXES = ["ready", "ready", "ready", "airSuperiority", "cas", "deepStrike", "damaged", "holding"] as const;

function squadron(i: number): Squadron {
  const side = i % 2 === 0 ? "nato" : "wp";
  const zone = AIR_ZONES[Math.floor(i / 2) % 4]!;
  return {
    id: `Actor.s${i}`,
    name: `${side === "nato" ? "TFS" : "GIAP"} ${i}`,
    side,
    nationality: side === "nato" ? "us" : "su",
    airToAir: 1 + (i % 5),
    cas: i % 4,
    deepStrike: i % 3,
    weapons: [],
    range: 1 + (i % 3),
    recce: i % 11 === 0,
    ew: false,
    harrier: false,
    box: BOXES[Math.floor(i / 8) % BOXES.length]!,
    airbase: `Actor.b${side}${zone}${i % 3}`,
    airZone: zone,
  };
}

/** The world of `count` squadrons, in step 1, the GM's view; every squadron's face `face`. */
export function airTheatre(count: number, face = "face.svg"): ChartWorld {
  const squadrons = Array.from({ length: count }, (_, i) => squadron(i));
  const airbases: Airbase[] = AIR_ZONES.flatMap((zone) =>
    (["nato", "wp"] as const).flatMap((side) =>
      [0, 1, 2].map((n) => ({
        id: `Actor.b${side}${zone}${n}`,
        name: `${zone} ${side} ${n}`,
        side,
        airZone: zone,
        hits: n % 2,
        permanentHits: 0,
      })),
    ),
  );
  return {
    air: {
      squadrons,
      skipped: [],
      records: [],
      owned: new Set(),
      teamSides: [],
      isGM: true,
      zoneDistances: { North: { Centre: 1, South: 2, Baltic: 1 }, Centre: { South: 1, Baltic: 2 }, South: { Baltic: 3 } },
    },
    airbases,
    stage: "airAllocation",
    faces: new Map(squadrons.map((s) => [s.id, face])),
    missions: null,
  };
}
