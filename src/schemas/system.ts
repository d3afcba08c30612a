/**
 * zod schemas of the system data (`system`) of each document subtype, field for field as the
 * data models in src/data/ declare them (docs/packs.md lists them). They validate pack sources in
 * tests and are meant for importers: parse an outside order of battle into these shapes first.
 * Every object is strict, so a misspelt field is an error rather than silently dropped.
 */
import { z } from "zod";
import { AIR_BOXES } from "../rules/nobc/air/effects";
import { unitSupplyCapacity, alwaysInMarchMode } from "../rules/nobc/land/index";
import { ECHELONS, SUPPORT_CARD_CATEGORIES, UNIT_ARMS, UNIT_SIZES } from "../rules/nobc/land/types";
import { CARD_AFTER_USE } from "../rules/nobc/land/card-categories";
import { NATIONALITIES, sideOfNationality } from "../data/nationalities";
import { phrase } from "../rules/resolution";
import { nationalityName } from "../rules/nationalities";
import { armName, sideName, sizeName } from "../rules/nobc/land/words";
import { actorUuid } from "./refs";
import { said } from "../words/issues";
import { NQM_CLASSES as WEIGHT_CLASSES, NQM_GRADES as GRADES, nqmMayBeGreen as mayBeGreen } from "../data/nqm-classes";

// Re-exported so importers find every choice list in one place.
export { ECHELONS, UNIT_ARMS, UNIT_SIZES };
export const SIDES = ["nato", "wp"] as const;
export const MODES = ["combat", "march"] as const;
export const AIR_ROLES = ["airSuperiority", "multirole", "strike", "cas", "recce", "ew", "transport"] as const;
export const WEAPON_KINDS = ["aam", "cas", "deepStrike"] as const;
export const AFTER_USE = CARD_AFTER_USE;
export const NATIONALITY_CODES = NATIONALITIES.map((n) => n.code) as [
  (typeof NATIONALITIES)[number]["code"],
  ...(typeof NATIONALITIES)[number]["code"][],
];

const count = z.int().min(0);
/** Air factors are d6 targets: 0..6. */
const factor = z.int().min(0).max(6);
const html = z.string();
const side = z.enum(SIDES);
const nationality = z.enum(NATIONALITY_CODES);
const pool = z.strictObject({ value: count, max: count });

type Ctx = z.RefinementCtx;

function poolWithinMax(ctx: Ctx, p: { value: number; max: number }, field: string): void {
  if (p.value > p.max)
    ctx.addIssue({
      code: "custom",
      path: [field, "value"],
      ...said(phrase("NOBC.Validation.System.AboveMaximum", { value: p.value, max: p.max })),
    });
}

function nationalityOnSide(ctx: Ctx, data: { side: string; nationality: string }): void {
  const own = sideOfNationality(data.nationality);
  if (own !== undefined && own !== data.side) {
    ctx.addIssue({
      code: "custom",
      path: ["nationality"],
      ...said(
        phrase("NOBC.Validation.System.WrongSide", {
          nationality: nationalityName(data.nationality),
          own: sideName(own),
          side: sideName(data.side),
        }),
      ),
    });
  }
}

/** Actor `unit`: a brigade, division, regiment or battalion of the main map. */
export const unitSystem = z
  .strictObject({
    side,
    nationality,
    hq: actorUuid,
    size: z.enum(UNIT_SIZES),
    arm: z.enum(UNIT_ARMS),
    strength: pool,
    supply: count,
    mode: z.enum(MODES),
    minelaying: z.boolean(),
    noMove: z.boolean(),
    movementPoints: z.number().min(0).multipleOf(0.5),
    /** The overrun cost printed on the counter; null until entered (docs/rules-decisions.md, "overrun cost not entered"). */
    overrunCost: z.strictObject({ mp: z.number().min(0).multipleOf(0.5).nullable(), hits: count.nullable() }),
    notes: html,
  })
  .superRefine((u, ctx) => {
    nationalityOnSide(ctx, u);
    poolWithinMax(ctx, u.strength, "strength");
    const cap = unitSupplyCapacity(u);
    if (u.supply > cap)
      ctx.addIssue({
        code: "custom",
        path: ["supply"],
        ...said(
          phrase("NOBC.Validation.System.SupplyAboveCapacity", {
            supply: u.supply,
            arm: armName(u.arm),
            size: sizeName(u.size),
            capacity: cap,
          }),
        ),
      });
    if (alwaysInMarchMode(u) && u.mode !== "march") {
      ctx.addIssue({ code: "custom", path: ["mode"], message: "NOBC.Validation.System.AlwaysMarch" });
    }
  });

/** Actor `hq`: a NATO corps or army group, a Warsaw Pact army or front. Its cards are embedded Items. */
export const hqSystem = z
  .strictObject({
    side,
    nationality,
    echelon: z.enum(ECHELONS),
    level: pool,
    radius: count,
    supplyCounters: count,
    mayRecover: z.boolean(),
    parent: actorUuid,
    initiative: z.boolean(),
    notes: html,
  })
  .superRefine((h, ctx) => {
    nationalityOnSide(ctx, h);
    poolWithinMax(ctx, h.level, "level");
    if (h.initiative && h.side !== "nato")
      ctx.addIssue({ code: "custom", path: ["initiative"], message: "NOBC.Validation.System.InitiativeNato" });
  });

export const weapon = z.strictObject({ kind: z.enum(WEAPON_KINDS), name: z.string().min(1) });

/** Actor `airSquadron`: one air unit card of the Air War. */
export const airSquadronSystem = z
  .strictObject({
    side,
    nationality,
    aircraft: z.string(),
    role: z.enum(AIR_ROLES),
    airToAir: factor,
    cas: factor,
    deepStrike: factor,
    weapons: z.array(weapon),
    range: count,
    recce: z.boolean(),
    ew: z.boolean(),
    harrier: z.boolean(),
    box: z.enum(AIR_BOXES),
    airbase: actorUuid,
    airZone: z.string(),
  })
  .superRefine((s, ctx) => {
    nationalityOnSide(ctx, s);
    if (s.harrier && s.nationality !== "uk")
      ctx.addIssue({ code: "custom", path: ["harrier"], message: "NOBC.Validation.System.HarrierUk" });
  });

/** Actor `airbase`: a base chart with its capacity, hits and air-defence boxes. */
export const airbaseSystem = z
  .strictObject({
    side,
    airZone: z.string(),
    baseCapacity: count,
    hits: z.strictObject({ repairable: count, permanent: count }),
    airDefence: pool,
  })
  .superRefine((b, ctx) => poolWithinMax(ctx, b.airDefence, "airDefence"));

/** Actor `nqmUnit`: a unit of the Not Quite Mechanised toolkit (seed 004, 2015 edition). */
export const nqmUnitSystem = z
  .strictObject({
    side,
    grade: z.enum(GRADES),
    green: z.boolean(),
    kind: z.enum(["fighting", "support"]),
    strength: pool,
    combatUnits: count,
    weight: z.enum(WEIGHT_CLASSES),
    armour: z.enum(WEIGHT_CLASSES),
    protection: z.enum(["open", "dugIn", "fortified"]),
    pins: z.strictObject({ red: count, black: count }),
    disorganised: z.boolean(),
    disorganisedHours: count,
    harassedHours: count,
    broken: z.boolean(),
    surrendered: z.boolean(),
    withdrawn: z.boolean(),
    ammo: z.number().min(0),
    inSupply: z.boolean(),
    supplyUnits: z.strictObject({ log: count, pol: count }),
    recceTroops: z.boolean(),
    commandBase: z.boolean(),
    notes: html,
  })
  .superRefine((u, ctx) => {
    poolWithinMax(ctx, u.strength, "strength");
    if (u.pins.red + u.pins.black > u.strength.value)
      ctx.addIssue({
        code: "custom",
        path: ["pins"],
        ...said(phrase("NOBC.Nqm.Validation.PinsAboveBases", { red: u.pins.red, black: u.pins.black, bases: u.strength.value })),
      });
    if (u.green && !mayBeGreen(u.grade)) ctx.addIssue({ code: "custom", path: ["green"], message: "NOBC.Nqm.Validation.GreenGrade" });
  });

/** Item `supportCard`: held by an HQ (its parent actor) or by no one. */
export const supportCardSystem = z.strictObject({
  side,
  category: z.enum(SUPPORT_CARD_CATEGORIES),
  value: z.int(),
  modifier: z.int(),
  afterUse: z.enum(AFTER_USE),
  assignedTo: actorUuid,
  description: html,
});

export type UnitSystem = z.infer<typeof unitSystem>;
export type HqSystem = z.infer<typeof hqSystem>;
export type AirSquadronSystem = z.infer<typeof airSquadronSystem>;
export type AirbaseSystem = z.infer<typeof airbaseSystem>;
export type SupportCardSystem = z.infer<typeof supportCardSystem>;
export type NqmUnitSystem = z.infer<typeof nqmUnitSystem>;

/** System data by document type and subtype: what `system.json` `documentTypes` declares. */
export const SYSTEM_SCHEMAS = {
  Actor: { unit: unitSystem, hq: hqSystem, airSquadron: airSquadronSystem, airbase: airbaseSystem, nqmUnit: nqmUnitSystem },
  Item: { supportCard: supportCardSystem },
} as const;
