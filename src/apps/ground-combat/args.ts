/**
 * Macro arguments of the ground-combat planner, checked with zod, and the planner state a macro's
 * explicit choices make. Pure: the Foundry calls live in ./macros.ts and ./controller.ts.
 */
import { z } from "zod";
import type { ActorRef, HexRef } from "../../rules/ids";
import type { RulesOptions } from "../../rules/nobc/land/options";
import { LAND_TERRAINS } from "../../rules/nobc/land/types";
import { phrase, type Refusal } from "../../rules/resolution";
import type { Battlefield } from "../../world/battlefield";
import { formatPath } from "../../words/path";
import { fieldProblem, WITH_INPUT } from "../../words/issues";
import { defaultState, withWorldDefaults, type GroundCombatState, type RiverChoice } from "./state";

const hex = z.string().regex(/^\d{4}$/, "NOBC.Validation.Args.HexLabel");
const uuid = z.string().min(1, "NOBC.Validation.Args.Uuid");
const oddsBelowOne = z.enum(["zero", "mirror"]).optional();

/** `openGroundCombat(args)`: both optional; missing ones come from the canvas selection. */
export const openArgsSchema = z
  .object({
    attackers: z.array(uuid).optional(),
    target: hex.optional(),
  })
  .strict();

/** `resolveGroundCombatFor(args)`: attackers and target, with optional explicit choices. */
export const resolveArgsSchema = z
  .object({
    attackers: z.array(uuid).min(1, "NOBC.Validation.Args.Attackers"),
    target: hex,
    /** Card UUIDs played; by default the cards assigned to units of the combat. */
    cards: z.array(uuid).optional(),
    cas: z.array(z.object({ squadron: uuid, hq: uuid }).strict()).optional(),
    fireMissions: z.array(z.object({ supported: uuid, artillery: z.array(uuid) }).strict()).optional(),
    /** Only where the map does not give them. */
    terrain: z.array(z.enum(LAND_TERRAINS)).optional(),
    rivers: z.record(hex, z.object({ kind: z.enum(["none", "minor", "major"]), bridged: z.boolean() }).strict()).optional(),
    hqDistances: z.record(uuid, z.number().int("NOBC.Validation.Args.Whole").min(0, "NOBC.Validation.Args.AtLeast")).optional(),
    minefield: z.boolean().optional(),
    chemicalReleaseConfirmed: z.boolean().optional(),
    /**
     * Rules options for this combat over the world's: the whole object's shape (`combat`,
     * `overrun`), and `oddsBelowOne` alone as before.
     */
    options: z
      .object({
        oddsBelowOne,
        combat: z.object({ oddsBelowOne }).strict().optional(),
        overrun: z
          .object({ lightExtrasCumulative: z.boolean().optional(), minorRoadMeansMinorRiver: z.boolean().optional() })
          .strict()
          .optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

export type OpenArgs = z.infer<typeof openArgsSchema>;
export type ResolveArgs = z.infer<typeof resolveArgsSchema>;

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly refusals: readonly Refusal[] };

/** Parses macro arguments; every problem becomes a refusal naming the field. */
export function parseArgs<T>(schema: z.ZodType<T>, args: unknown): Parsed<T> {
  const parsed = schema.safeParse(args ?? {}, WITH_INPUT);
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    refusals: parsed.error.issues.map((issue) => {
      const field = formatPath(issue.path);
      return { code: "invalidArgument", text: fieldProblem(issue, phrase("NOBC.Validation.Whole.Arguments")), field: field || "arguments" };
    }),
  };
}

/** The world's rules options with a macro's own on top (`oddsBelowOne` alone counts as `combat.oddsBelowOne`). */
function optionsFromArgs(world: RulesOptions, args: ResolveArgs["options"]): RulesOptions {
  if (args === undefined) return world;
  const oddsBelowOne = args.oddsBelowOne ?? args.combat?.oddsBelowOne ?? world.combat.oddsBelowOne;
  const overrun = args.overrun ?? {};
  return {
    combat: { oddsBelowOne },
    overrun: {
      lightExtrasCumulative: overrun.lightExtrasCumulative ?? world.overrun.lightExtrasCumulative,
      minorRoadMeansMinorRiver: overrun.minorRoadMeansMinorRiver ?? world.overrun.minorRoadMeansMinorRiver,
    },
  };
}

/** The planner state of a macro's combat: the world's defaults, then every explicit choice. */
export function stateFromArgs(field: Battlefield, args: ResolveArgs, world: RulesOptions): GroundCombatState {
  const base = defaultState(field, { selected: args.attackers, targeted: [], hex: args.target }, optionsFromArgs(world, args.options));
  // Every attacker named is kept (of the other side, or unknown), so the rules say why it cannot attack.
  const withParties = withWorldDefaults(field, { ...base, attackers: [...args.attackers], target: args.target });
  const rivers: Record<HexRef, RiverChoice> = { ...(args.rivers ?? {}) };
  const cas: Record<ActorRef, ActorRef> = Object.fromEntries((args.cas ?? []).map((c) => [c.squadron, c.hq]));
  return {
    ...withParties,
    cards: args.cards ?? withParties.cards,
    cas: args.cas === undefined ? withParties.cas : cas,
    missions: args.fireMissions ?? withParties.missions,
    terrain: args.terrain ?? withParties.terrain,
    rivers,
    distances: args.hqDistances ?? {},
    minefield: args.minefield ?? withParties.minefield,
    chemicalReleaseConfirmed: args.chemicalReleaseConfirmed ?? false,
  };
}
