/**
 * zod schema of an Adventure document (the starter scenario, docs/packs.md): its actors, items and
 * journals are checked with the same schemas as in their own packs, its scenes with a schema of the
 * scene and token fields we set. Inside an Adventure, actors keep their ids on import, so
 * `Actor.<id>` links and tokens' `actorId`s must name actors of the same Adventure; the schema
 * checks that, and that every id is used once.
 */
import { z } from "zod";
import { actorDocument, DOCUMENT_SCHEMAS, itemDocument, journalDocument, macroDocument, rollTableDocument } from "./documents";
import { phrase } from "../rules/resolution";
import { documentId, idOfUuid, type PackDocumentType } from "./refs";
import { timetableSchema } from "./timetable";
import { issuePhrase, said } from "../words/issues";

/** Foundry v13 `CONST.GRID_TYPES`: 0 gridless, 1 square, 2–5 the four hex layouts (4 = flat-topped, odd columns). */
export const GRID_TYPES = { gridless: 0, square: 1, hexOddR: 2, hexEvenR: 3, hexOddQ: 4, hexEvenQ: 5 } as const;

const flags = z.record(z.string(), z.unknown());
const ownership = z.record(z.string(), z.int().min(-1).max(3)).refine((o) => "default" in o, "NOBC.Validation.Pack.DefaultLevel");

export const tokenDocument = z.looseObject({
  _id: documentId,
  name: z.string().trim().min(1, "NOBC.Validation.Pack.NotEmpty"),
  actorId: documentId.nullable(),
  actorLink: z.boolean(),
  x: z.int(),
  y: z.int(),
  width: z.number().positive(),
  height: z.number().positive(),
  texture: z.looseObject({ src: z.string().min(1) }),
  disposition: z.int().min(-2).max(1),
  hidden: z.boolean(),
  sort: z.int(),
  flags,
});

export const sceneDocument = z
  .looseObject({
    _id: documentId,
    _key: z.string(),
    name: z.string().trim().min(1, "NOBC.Validation.Pack.NotEmpty"),
    // The map image: v13 keeps it on the scene, v14 on the scene's levels (it migrates a v13 scene's
    // background onto a first level when it loads one, so the shipped scenes keep the v13 shape).
    background: z.looseObject({ src: z.string().min(1).nullish() }).optional(),
    levels: z.array(z.looseObject({ background: z.looseObject({ src: z.string().min(1).nullish() }).optional() })).optional(),
    width: z.int().positive(),
    height: z.int().positive(),
    padding: z.number().min(0).max(0.5),
    grid: z.looseObject({
      type: z.union(Object.values(GRID_TYPES).map((t) => z.literal(t))),
      size: z.int().min(50, "NOBC.Validation.Pack.GridSize"),
      distance: z.number().positive(),
      units: z.string(),
    }),
    tokens: z.array(tokenDocument),
    folder: documentId.nullable(),
    sort: z.int(),
    ownership,
    flags,
  })
  .superRefine((s, ctx) => {
    const image = s.background?.src ?? s.levels?.find((l) => typeof l.background?.src === "string")?.background?.src;
    if (typeof image !== "string")
      ctx.addIssue({ code: "custom", path: ["background", "src"], ...said(phrase("NOBC.Validation.Pack.SceneImage")) });
    if (s._key !== `!scenes!${s._id}`)
      ctx.addIssue({
        code: "custom",
        path: ["_key"],
        ...said(phrase("NOBC.Validation.Pack.KeyMismatch", { actual: s._key, expected: `!scenes!${s._id}` })),
      });
  });

const anyDocs = z.array(z.looseObject({ _id: documentId })).default([]);

export const adventureDocument = z
  .looseObject({
    _id: documentId,
    _key: z.string(),
    name: z.string().trim().min(1, "NOBC.Validation.Pack.NotEmpty"),
    img: z.string().min(1).optional(),
    caption: z.string(),
    description: z.string(),
    actors: z.array(actorDocument).default([]),
    items: z.array(itemDocument).default([]),
    journal: z.array(journalDocument).default([]),
    scenes: z.array(sceneDocument).default([]),
    tables: z.array(rollTableDocument).default([]),
    macros: z.array(macroDocument).default([]),
    combats: anyDocs,
    cards: anyDocs,
    playlists: anyDocs,
    folders: anyDocs,
    folder: documentId.nullable(),
    sort: z.int(),
    flags,
  })
  .superRefine((a, ctx) => {
    if (a._key !== `!adventures!${a._id}`)
      ctx.addIssue({
        code: "custom",
        path: ["_key"],
        ...said(phrase("NOBC.Validation.Pack.KeyMismatch", { actual: a._key, expected: `!adventures!${a._id}` })),
      });
    const seen = new Set<string>();
    for (const collection of ["actors", "items", "journal", "scenes", "tables", "macros"] as const) {
      a[collection].forEach((doc, i) => {
        if (seen.has(doc._id))
          ctx.addIssue({
            code: "custom",
            path: [collection, i, "_id"],
            ...said(phrase("NOBC.Validation.Pack.UsedTwice", { id: doc._id })),
          });
        seen.add(doc._id);
      });
    }
    const actorIds = new Set(a.actors.map((x) => x._id));
    const hqIds = new Set(a.actors.filter((x) => x.type === "hq").map((x) => x._id));
    const refersToHq = (uuid: string | null, path: (string | number)[]) => {
      if (uuid !== null && (!uuid.startsWith("Actor.") || !hqIds.has(idOfUuid(uuid)))) {
        ctx.addIssue({ code: "custom", path, ...said(phrase("NOBC.Validation.Pack.NotAnHq", { uuid })) });
      }
    };
    a.actors.forEach((actor, i) => {
      if (actor.type === "unit") refersToHq(actor.system.hq, ["actors", i, "system", "hq"]);
      if (actor.type === "hq") refersToHq(actor.system.parent, ["actors", i, "system", "parent"]);
    });
    // A scene's timetable (./timetable.ts) has its shape, and every actor it names is one of the adventure's.
    a.scenes.forEach((scene, s) => {
      const raw = (scene.flags["nobc"] as Record<string, unknown> | undefined)?.["timetable"];
      if (raw === undefined) return;
      const path = ["scenes", s, "flags", "nobc", "timetable"];
      const parsed = timetableSchema.safeParse(raw);
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: "custom", path: [...path, ...issue.path], ...said(issuePhrase(issue)) });
        return;
      }
      parsed.data.entries.forEach((e, i) => {
        const named =
          e.kind === "arrive" || e.kind === "withdraw"
            ? (["actor", e.actor] as const)
            : e.kind === "mobilise" || e.kind === "deal"
              ? (["hq", e.hq] as const)
              : null;
        if (named === null) return;
        const [field, uuid] = named;
        if (!actorIds.has(idOfUuid(uuid)))
          ctx.addIssue({
            code: "custom",
            path: [...path, "entries", i, field],
            ...said(phrase("NOBC.Validation.Pack.NotAnActor", { id: uuid })),
          });
      });
    });
    a.scenes.forEach((scene, s) =>
      scene.tokens.forEach((t, i) => {
        if (t.actorId !== null && !actorIds.has(t.actorId)) {
          ctx.addIssue({
            code: "custom",
            path: ["scenes", s, "tokens", i, "actorId"],
            ...said(phrase("NOBC.Validation.Pack.NotAnActor", { id: t.actorId })),
          });
        }
      }),
    );
  });

export type AdventureDocument = z.infer<typeof adventureDocument>;
export type SceneDocument = z.infer<typeof sceneDocument>;

/** Pack types we ship: those of DOCUMENT_SCHEMAS, and Adventure. */
export type PackType = PackDocumentType | "Adventure";

/** The schema of a pack's primary documents, by the pack's `type` in system.json, Adventure included. */
export const PACK_SCHEMAS: Record<PackType, z.ZodType> = { ...DOCUMENT_SCHEMAS, Adventure: adventureDocument };
