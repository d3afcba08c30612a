/**
 * The rules' `Effect` union (src/rules/effects.ts) as a zod schema: one strict object per effect
 * type, a discriminated union on `type`. A card's effects are what Apply writes, so a card is read
 * only when every one of them has its shape (src/chat/card-data.ts). Every string is bounded, every
 * number finite, and each choice comes from the rules' own list. The compiler proves the schema and
 * the union say the same (`SchemaMatchesRules` below): a new effect type in the rules fails `tsc`
 * until it is added here.
 */
import { z } from "zod";
import type { Effect } from "../rules/effects";
import { AIR_BOXES } from "../rules/nobc/air/effects";
import { MISSION_IDS, TABLE_CORNER_LABELS, TABLE_EDGE_LABELS, type TableCorner, type TableEdge } from "../rules/missions/types";
import type { Phrase } from "../rules/resolution";
import { phrase } from "../rules/resolution";
import { fieldProblem, listedProblems, WITH_INPUT } from "../words/issues";
import { MODES, SIDES, SYSTEM_SCHEMAS, WEAPON_KINDS } from "./system";
import { SETUP_ACTOR_TYPES } from "../rules/setup/effects";
import { MAX_ENGINEERS_LEFT } from "../map/map-state";

/** The longest document reference (a UUID; as `MAX_UUID` of the card queries, src/queries/payloads.ts). */
export const MAX_EFFECT_REF = 256;
/** The longest other text an effect carries (a weapon's name). */
export const MAX_EFFECT_TEXT = 256;
/** The most hexes one effect names (a nuclear strike's hexes: a handful). */
export const MAX_EFFECT_HEXES = 100;

/** A document's UUID (an actor or a card item), or a map place (a hex, a hexside, an air zone). */
const ref = z.string().min(1, "NOBC.Validation.Query.Id").max(MAX_EFFECT_REF);
const text = z.string().min(1).max(MAX_EFFECT_TEXT);
/** Finite: `z.number()` refuses NaN and ±Infinity. */
const num = z.number();

const MISSION_SIDES = ["attacker", "defender"] as const;
const keysOf = <K extends string>(labels: Readonly<Record<K, string>>) => Object.keys(labels) as [K, ...K[]];
const TABLE_EDGES = keysOf<TableEdge>(TABLE_EDGE_LABELS);
const TABLE_CORNERS = keysOf<TableCorner>(TABLE_CORNER_LABELS);

const arrivalPoint = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("edge"), edge: z.enum(TABLE_EDGES) }).readonly(),
  z.strictObject({ kind: z.literal("corner"), corner: z.enum(TABLE_CORNERS) }).readonly(),
]);

/** The longest page text of a mission's briefing journal. */
export const MAX_JOURNAL_TEXT = 20_000;
const count = z.int().min(0).max(999);
const forcePatch = z
  .strictObject({
    name: z.string().max(MAX_EFFECT_TEXT),
    reserves: count,
    delayCounters: count,
    unitsLost: count,
    points: z.int().min(-1).max(8),
  })
  .partial();
/** The mission tracker's fields a card sets (src/rules/missions/track.ts). */
const missionTrackPatch = z
  .strictObject({
    mission: z.union([z.enum(MISSION_IDS), z.literal("")]),
    attackerFaction: z.enum(SIDES),
    firstPlayer: z.enum(MISSION_SIDES),
    timeOfDay: z.enum(["dawn", "daylight", "dusk"]),
    light: z.enum(["daylight", "darkness"]),
    measure: z.enum(["inches", "cm"]),
    turn: count,
    player: z.enum(MISSION_SIDES),
    journal: z.string().max(MAX_EFFECT_REF),
    attackerForce: forcePatch,
    defenderForce: forcePatch,
    ended: z.boolean(),
    winner: z.enum(["attacker", "defender", "none", ""]),
    revision: z.int().min(0).max(999_999),
  })
  .partial();

/** An effect of `type` with these fields. */
const effect = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) => z.strictObject({ type: z.literal(type), ...shape });

const landEffects = [
  effect("hits", { actor: ref, amount: num }),
  effect("eliminated", { actor: ref }),
  effect("supply", { actor: ref, delta: num }),
  effect("mode", { actor: ref, mode: z.enum(MODES) }),
  effect("retreat", { actor: ref, hexes: num }),
  effect("moved", { actor: ref, path: z.array(ref).min(1).max(MAX_EFFECT_HEXES), from: ref.optional() }),
  effect("noMove", { actor: ref }),
  effect("noMoveCleared", { actor: ref }),
  effect("movementPoints", { actor: ref, value: num }),
  effect("hqLevel", { actor: ref, delta: num }),
  effect("hqCardsLost", { actor: ref, count: num }),
  effect("cardDiscarded", { card: ref }),
  effect("cardAssignment", { card: ref, assignedTo: ref.nullable() }),
  effect("minefield", { hex: ref, present: z.boolean(), side: z.enum(SIDES).optional() }),
  effect("engineersLeft", { hexside: ref, count: z.int().min(0).max(MAX_ENGINEERS_LEFT) }),
  effect("bridgeDestroyed", { hexside: ref }),
  effect("autobahnCut", { hex: ref }),
  effect("contaminated", { hex: ref }),
  effect("supplyCountersEliminated", { hexes: z.array(ref).max(MAX_EFFECT_HEXES) }),
] as const;

const airEffects = [
  effect("squadronBox", { squadron: ref, box: z.enum(AIR_BOXES) }),
  effect("weaponDiscarded", { squadron: ref, weapon: text }),
  effect("airbaseHits", { airbase: ref, repairable: num, permanent: num }),
  effect("airDefence", { chart: ref, delta: num }),
  effect("targetHits", { target: ref, hits: num }),
  effect("weaponAttached", { squadron: ref, kind: z.enum(WEAPON_KINDS), weapon: text }),
  effect("squadronZone", { squadron: ref, airZone: ref }),
  effect("squadronAirbase", { squadron: ref, airbase: ref.nullable() }),
] as const;

const nqmEffects = [
  effect("pins", { actor: ref, red: num, black: num }),
  effect("standsLost", { actor: ref, count: num }),
  effect("disorganised", { actor: ref, value: z.boolean(), hours: num.optional() }),
  effect("harassed", { actor: ref, hours: num }),
  effect("ammo", { actor: ref, delta: num }),
  effect("surrendered", { actor: ref }),
  effect("withdrawn", { actor: ref }),
  effect("supplyUnits", { actor: ref, kind: z.enum(["log", "pol"]), delta: num }),
  effect("inSupply", { actor: ref, value: z.boolean() }),
] as const;

const playsheetEffects = [
  effect("playsheetSupply", { actor: ref, delta: num, kind: z.enum(["ammo", "fuel", "supply"]) }),
  effect("squadronsLost", { actor: ref, count: num }),
  effect("playsheetStatus", { actor: ref, delta: num }),
  effect("playsheetRetire", { actor: ref, km: num }),
  effect("playsheetFallBack", { actor: ref }),
  effect("playsheetImmobilised", { actor: ref }),
  effect("playsheetSuppressed", { actor: ref }),
  effect("airDamage", { actor: ref, delta: num }),
  effect("airUnitLost", { actor: ref }),
  effect("serialsOutOfAction", { actor: ref, count: num }),
] as const;

const missionEffects = [
  effect("reservesArrive", { actor: ref, count: num }),
  effect("reserveEntry", { actor: ref, at: arrivalPoint }),
  effect("victoryPoints", { actor: ref, points: num }),
  effect("missionSelected", { mission: z.enum(MISSION_IDS), attacker: z.enum(SIDES) }),
  effect("missionLight", { light: z.enum(["daylight", "darkness"]) }),
  effect("delayCounters", { actor: ref, count: num }),
  effect("teamBailedOut", { actor: ref }),
  effect("teamDestroyed", { actor: ref }),
  effect("unitPinned", { actor: ref }),
  effect("ambushRevealed", { actor: ref }),
  effect("missionTrack", { combat: ref, set: missionTrackPatch }),
  effect("missionJournal", {
    combat: ref,
    id: z.string().regex(/^[A-Za-z0-9]{16}$/),
    name: text,
    pages: z
      .array(z.strictObject({ name: text, text: z.string().max(MAX_JOURNAL_TEXT) }))
      .min(1)
      .max(8),
  }),
] as const;

/**
 * A document id as Foundry makes one (`foundry.utils.randomID`): 16 letters or digits (a timetable's
 * new token or card, an import's folder or actor).
 */
const documentId = z.string().regex(/^[A-Za-z0-9]{16}$/);
/** A value an update sets at one dotted path: a leaf or a list (a weapon list), never an object (its fields have paths of their own). */
const leafValue = z.union([
  z.string().max(MAX_JOURNAL_TEXT),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.unknown()).max(MAX_EFFECT_HEXES),
]);
/** The system fields of the order of battle's actor types: the first part of every path an update sets. */
const SETUP_FIELDS: ReadonlySet<string> = new Set(SETUP_ACTOR_TYPES.flatMap((type) => Object.keys(SYSTEM_SCHEMAS.Actor[type].shape)));
const setPath = z
  .string()
  .min(1)
  .max(MAX_EFFECT_REF)
  .refine((path) => SETUP_FIELDS.has(path.split(".")[0]!), "NOBC.Validation.InvalidInput");
const setupEffects = [
  effect("folderCreated", { id: documentId, name: text, parent: documentId.nullable(), sort: z.int() }),
  // A created actor's system data is what its type's document schema accepts (src/schemas/system.ts), as the import checked it.
  effect("actorCreated", {
    id: documentId,
    name: text,
    actorType: z.enum(SETUP_ACTOR_TYPES),
    system: z.record(z.string().min(1).max(64), z.unknown()),
    folder: documentId.nullable(),
    sort: z.int(),
  }).superRefine((e, ctx) => {
    // The first field at fault is named: a card is the GM's, and one problem says it is not the import's.
    const first = SYSTEM_SCHEMAS.Actor[e.actorType].safeParse(e.system).error?.issues[0];
    if (first !== undefined) ctx.addIssue({ ...first, path: ["system", ...first.path] });
  }),
  effect("actorSet", {
    actor: ref,
    set: z.record(setPath, leafValue),
    cells: z.array(z.strictObject({ column: text, from: z.string().max(MAX_JOURNAL_TEXT), to: z.string().max(MAX_JOURNAL_TEXT) })).max(64),
  }),
] as const;

const timetableEffects = [
  effect("arrived", { actor: ref, hex: ref, token: documentId }),
  effect("leftMap", { actor: ref }),
  effect("hqMobilised", { actor: ref, level: z.int().min(0).max(99) }),
  effect("cardDealt", { card: ref, actor: ref, id: documentId }),
] as const;

/** One effect of the rules, any type. */
export const effectSchema = z.discriminatedUnion("type", [
  ...landEffects,
  ...airEffects,
  ...nqmEffects,
  ...playsheetEffects,
  ...missionEffects,
  ...timetableEffects,
  ...setupEffects,
]);

/** Every effect type the schema knows, in the rules' order. */
export const EFFECT_TYPES: readonly Effect["type"][] = effectSchema.options.map((option) => option.shape.type.value);

// The proof: the schema's type and the rules' union are the same, both ways (an extra or a missing
// type, a field of another type), and variant by variant with the same field names (so a missing
// optional field fails too). A mismatch makes `tsc` fail here.
type Parsed = z.infer<typeof effectSchema>;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Variant<U, K> = U extends { type: K } ? U : never;
type FieldsMatch = { [K in Effect["type"]]: Same<keyof Variant<Effect, K>, keyof Variant<Parsed, K>> }[Effect["type"]];
type Proven<T extends true> = T;
/** Compiles only while the schema and the rules' `Effect` agree. */
export type EffectSchemaMatchesRules = [Proven<Same<Parsed, Effect>>, Proven<FieldsMatch>];

/** Whether `value` is one of the rules' effects, in its shape. */
export function isEffect(value: unknown): value is Effect {
  return effectSchema.safeParse(value).success;
}

/**
 * The zod issues of the first malformed effect of a list, their paths from the list (`effects[3].actor`);
 * empty when every effect has its shape.
 */
export function effectListIssues(effects: readonly unknown[], field = "effects"): z.core.$ZodIssue[] {
  for (const [index, value] of effects.entries()) {
    const parsed = effectSchema.safeParse(value, WITH_INPUT);
    if (!parsed.success) return parsed.error.issues.map((issue) => ({ ...issue, path: [field, index, ...issue.path] }));
  }
  return [];
}

/**
 * The problems of the first malformed effect of a list, each as "field: what is wrong" with the
 * field's path from the list (e.g. `effects[3].actor`); empty when every effect has its shape.
 * Stops at the first bad effect, so a long broken list costs one pass; lists the first few problems and how many more.
 */
export function effectListProblems(effects: readonly unknown[], field = "effects"): Phrase[] {
  return listedProblems(effectListIssues(effects, field), (issue) => fieldProblem(issue, phrase("NOBC.Validation.Whole.Data")));
}
