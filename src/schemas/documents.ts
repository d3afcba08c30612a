/**
 * zod schemas of whole pack documents: the Foundry envelope (`_id`, `_key`, `name`, `folder`,
 * `sort`, `ownership`, `flags`, embedded collections) around our system data.
 *
 * Envelopes are loose: Foundry adds fields of its own (`_stats`, `prototypeToken`, …) to documents a
 * GM exports, and those must survive a round trip. The fields we use are checked exactly, and
 * `system` (ours) is strict.
 */
import { z } from "zod";
import { airbaseSystem, airSquadronSystem, hqSystem, nqmUnitSystem, supportCardSystem, unitSystem } from "./system";
import { phrase } from "../rules/resolution";
import { documentId, embeddedKey, primaryKey, type PackDocumentType } from "./refs";
import { said } from "../words/issues";

/** Ownership levels: -1 inherit, 0 none, 1 limited, 2 observer, 3 owner. */
const ownershipLevel = z.int().min(-1).max(3);
const ownership = z.record(z.string(), ownershipLevel).refine((o) => "default" in o, "NOBC.Validation.Pack.DefaultLevel");
const flags = z.record(z.string(), z.unknown());
const img = z.string().min(1);

const common = {
  _id: documentId,
  _key: z.string(),
  name: z.string().trim().min(1, "NOBC.Validation.Pack.NotEmpty"),
  sort: z.int(),
  flags,
  _stats: z.looseObject({}).optional(),
};
const primary = { ...common, folder: documentId.nullable(), ownership };

type Ctx = z.RefinementCtx;

function keyMatches(ctx: Ctx, actual: string, expected: string, path: (string | number)[] = []): void {
  if (actual !== expected)
    ctx.addIssue({ code: "custom", path: [...path, "_key"], ...said(phrase("NOBC.Validation.Pack.KeyMismatch", { actual, expected })) });
}

/** Active effects are not shipped yet; an exported document may carry some, kept as they are. */
const activeEffect = z.looseObject({ _id: documentId, _key: z.string(), name: z.string() });

function effectKeys(
  ctx: Ctx,
  collection: "Actor.effects" | "Item.effects",
  parentId: string,
  effects: readonly { _id: string; _key: string }[],
  at: (string | number)[],
): void {
  effects.forEach((e, i) => keyMatches(ctx, e._key, embeddedKey(collection, parentId, e._id), [...at, "effects", i]));
}

const itemFields = { ...primary, img: img.optional(), effects: z.array(activeEffect).default([]) };

/** Item `supportCard`, as a world or pack item. */
export const supportCardItem = z.looseObject({ ...itemFields, type: z.literal("supportCard"), system: supportCardSystem });

/** A card embedded in an HQ actor: same shape, but it sits in no folder of its own. */
const embeddedCard = z.looseObject({
  ...common,
  ownership: ownership.optional(),
  folder: z.null().optional(),
  img: img.optional(),
  effects: z.array(activeEffect).default([]),
  type: z.literal("supportCard"),
  system: supportCardSystem,
});

export const itemDocument = supportCardItem.superRefine((item, ctx) => {
  keyMatches(ctx, item._key, primaryKey("Item", item._id));
  effectKeys(ctx, "Item.effects", item._id, item.effects, []);
});

const actorFields = {
  ...primary,
  img: img.optional(),
  items: z.array(embeddedCard).default([]),
  effects: z.array(activeEffect).default([]),
  prototypeToken: z.looseObject({}).optional(),
};

export const actorDocument = z
  .discriminatedUnion("type", [
    z.looseObject({ ...actorFields, type: z.literal("unit"), system: unitSystem }),
    z.looseObject({ ...actorFields, type: z.literal("hq"), system: hqSystem }),
    z.looseObject({ ...actorFields, type: z.literal("airSquadron"), system: airSquadronSystem }),
    z.looseObject({ ...actorFields, type: z.literal("airbase"), system: airbaseSystem }),
    z.looseObject({ ...actorFields, type: z.literal("nqmUnit"), system: nqmUnitSystem }),
  ])
  .superRefine((actor, ctx) => {
    keyMatches(ctx, actor._key, primaryKey("Actor", actor._id));
    actor.items.forEach((item, i) => {
      keyMatches(ctx, item._key, embeddedKey("Actor.items", actor._id, item._id), ["items", i]);
      if (actor.type !== "hq")
        ctx.addIssue({ code: "custom", path: ["items", i], ...said(phrase("NOBC.Validation.Pack.CardsOnlyOnHq", { type: actor.type })) });
      else if (item.system.side !== actor.system.side)
        ctx.addIssue({ code: "custom", path: ["items", i, "system", "side"], message: "NOBC.Validation.Pack.CardSide" });
    });
    effectKeys(ctx, "Actor.effects", actor._id, actor.effects, []);
  });

const textPage = z.looseObject({
  ...common,
  ownership: ownership.optional(),
  type: z.literal("text"),
  title: z.looseObject({ show: z.boolean(), level: z.int().min(1).max(6) }).optional(),
  text: z.looseObject({ format: z.literal(1), content: z.string().min(1) }),
});

export const journalDocument = z
  .looseObject({
    ...primary,
    pages: z.array(textPage).min(1, "NOBC.Validation.Pack.JournalPages"),
    categories: z.array(z.unknown()).optional(),
  })
  .superRefine((j, ctx) => {
    keyMatches(ctx, j._key, primaryKey("JournalEntry", j._id));
    j.pages.forEach((p, i) => keyMatches(ctx, p._key, embeddedKey("JournalEntry.pages", j._id, p._id), ["pages", i]));
  });

/** A v13 table result: `name` and `description` for text, `documentUuid` for a linked document. */
const tableResult = z
  .looseObject({
    ...common,
    sort: z.int().optional(),
    type: z.enum(["text", "document"]),
    name: z.string(),
    description: z.string(),
    img: z.string().optional(),
    documentUuid: z.string().nullable().optional(),
    weight: z.int().min(1),
    range: z.tuple([z.int(), z.int()]),
    drawn: z.boolean(),
  })
  .superRefine((r, ctx) => {
    if (r.range[0] > r.range[1])
      ctx.addIssue({
        code: "custom",
        path: ["range"],
        ...said(phrase("NOBC.Validation.Pack.RangeBackwards", { from: r.range[0], to: r.range[1] })),
      });
    if (r.type === "document" && !r.documentUuid)
      ctx.addIssue({ code: "custom", path: ["documentUuid"], message: "NOBC.Validation.Pack.DocumentResult" });
    if (r.type === "text" && r.name.trim() === "" && r.description.trim() === "") {
      ctx.addIssue({ code: "custom", path: ["name"], message: "NOBC.Validation.Pack.TextResult" });
    }
  });

export const rollTableDocument = z
  .looseObject({
    ...primary,
    img: img.optional(),
    description: z.string(),
    formula: z.string().min(1),
    replacement: z.boolean(),
    displayRoll: z.boolean(),
    results: z.array(tableResult).min(1, "NOBC.Validation.Pack.TableResults"),
  })
  .superRefine((t, ctx) => {
    keyMatches(ctx, t._key, primaryKey("RollTable", t._id));
    t.results.forEach((r, i) => keyMatches(ctx, r._key, embeddedKey("RollTable.results", t._id, r._id), ["results", i]));
    const ranges = [...t.results].map((r) => r.range).sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < ranges.length; i++) {
      if (ranges[i]![0] <= ranges[i - 1]![1])
        ctx.addIssue({ code: "custom", path: ["results"], ...said(phrase("NOBC.Validation.Pack.RangesOverlap", { at: ranges[i]![0] })) });
    }
  });

export const macroDocument = z
  .looseObject({
    ...primary,
    type: z.enum(["script", "chat"]),
    scope: z.literal("global"),
    command: z.string().min(1, "NOBC.Validation.Pack.MacroCommand"),
    img: img.optional(),
    author: z.string().nullable().optional(),
  })
  .superRefine((m, ctx) => keyMatches(ctx, m._key, primaryKey("Macro", m._id)));

export const folderDocument = z
  .looseObject({
    ...common,
    type: z.enum(["Actor", "Item", "JournalEntry", "RollTable", "Macro"]),
    folder: documentId.nullable(),
    sorting: z.enum(["a", "m"]),
    color: z.string().nullable().optional(),
    description: z.string().optional(),
  })
  .superRefine((f, ctx) => keyMatches(ctx, f._key, primaryKey("Folder", f._id)));

/** The schema of a pack's primary documents, by the pack's `type` in system.json. */
export const DOCUMENT_SCHEMAS = {
  Actor: actorDocument,
  Item: itemDocument,
  JournalEntry: journalDocument,
  RollTable: rollTableDocument,
  Macro: macroDocument,
} as const satisfies Record<PackDocumentType, z.ZodType>;

export type ActorDocument = z.infer<typeof actorDocument>;
export type ItemDocument = z.infer<typeof itemDocument>;
export type JournalDocument = z.infer<typeof journalDocument>;
export type RollTableDocument = z.infer<typeof rollTableDocument>;
export type MacroDocument = z.infer<typeof macroDocument>;
export type FolderDocument = z.infer<typeof folderDocument>;
