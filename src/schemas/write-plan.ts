/**
 * The rows of a write plan (`WritePlan`, src/effects/apply.ts) as a zod schema: what the GM's record
 * of an applied card keeps (src/chat/card-record.ts). Undo writes the record's inverse and compares
 * its forward rows with the documents, so a record is read only when every row has its shape: a row
 * out of shape makes the card unreadable (refused), never a TypeError in the middle of an Undo.
 * Lists and strings are bounded; the values written stay free (they are any field's value).
 */
import { z } from "zod";
import { isLegacyRemovalKey, plainKey } from "../base/compat";

/** The longest document reference (a UUID), as `MAX_UUID` of the card queries (src/queries/payloads.ts). */
const MAX_REF = 256;
/** The most rows of one kind a plan holds: far more than one card writes. */
export const MAX_PLAN_ROWS = 1000;
/** The most fields one row changes. */
const MAX_ROW_FIELDS = 200;
/** The widest token a row writes, in grid spaces (a scene far larger than any map). */
const MAX_TOKEN_SPACES = 1000;
/** The highest `CONST.TOKEN_SHAPES` value (RECTANGLE_2), the same in v13 and v14. */
const MAX_TOKEN_SHAPE = 5;

const ref = z.string().min(1).max(MAX_REF);
const id = z.string().min(1).max(64);
const parent = ref.nullable();
const fieldPath = z.string().min(1).max(MAX_REF);
const changes = z
  .record(fieldPath, z.unknown())
  .refine((c) => Object.keys(c).length <= MAX_ROW_FIELDS, "NOBC.Validation.Plan.TooManyFields");

const update = z.object({ uuid: ref, id, parentUuid: parent, changes });
const deletion = z.object({ uuid: ref, id, parentUuid: parent });
const creation = z.object({ parentUuid: parent, data: z.record(z.string().max(MAX_REF), z.unknown()) });
const rows = <T extends z.ZodType>(row: T) => z.array(row).max(MAX_PLAN_ROWS);
/**
 * A scene's flag changes: only map state and knowledge paths (`flags.nobc.mapState.…`, `flags.nobc.knowledge.…`),
 * so a record cannot write another field of a scene.
 */
const sceneChanges = z
  .record(fieldPath.regex(/^flags\.nobc\.(mapState|knowledge)(\.|$)/), z.unknown())
  .refine((c) => Object.keys(c).length <= MAX_ROW_FIELDS, "NOBC.Validation.Plan.TooManyFields");
/** A removal: a map state key, or a side's knowledge entry. */
const mapStateKeyPath = fieldPath.regex(/^flags\.nobc\.mapState\.[A-Za-z]+\.[^.]+$|^flags\.nobc\.knowledge\.(nato|wp)\.[^.]+$/);
/**
 * A scene row: the keys it sets and the keys it removes (plain paths). A record written before the
 * removals were kept apart spelled each as a v13 `….-=key` path among the changes: it is read as the
 * same removal, so an old card's Undo writes it as the running generation spells it.
 */
const sceneUpdate = z
  .object({ uuid: ref, id, changes: sceneChanges, removals: z.array(mapStateKeyPath).max(MAX_ROW_FIELDS).optional() })
  .transform((row) => {
    const legacy = Object.keys(row.changes).filter(isLegacyRemovalKey);
    if (legacy.length === 0) return row;
    const changes = Object.fromEntries(Object.entries(row.changes).filter(([k]) => !isLegacyRemovalKey(k)));
    return { ...row, changes, removals: [...(row.removals ?? []), ...legacy.map(plainKey)] };
  });
/**
 * A token row: its place (`x`, `y`, whole pixels, both or neither) and its footprint (`width`,
 * `height` in grid spaces, positive; `shape`, a `CONST.TOKEN_SHAPES` value; `actorLink`), at least
 * one field, and no other, so a record cannot write another field of a token. A record written when
 * a token row was a move alone (`{ x, y }`) reads the same.
 */
const footprint = {
  width: z.number().positive().max(MAX_TOKEN_SPACES).optional(),
  height: z.number().positive().max(MAX_TOKEN_SPACES).optional(),
  shape: z.int().min(0).max(MAX_TOKEN_SHAPE).optional(),
  actorLink: z.boolean().optional(),
};
const tokenChanges = z.union([
  z.strictObject({ x: z.int(), y: z.int(), ...footprint }),
  z
    .strictObject(footprint)
    .refine((c) => Object.values(c as Record<string, unknown>).some((v) => v !== undefined), "NOBC.Validation.Plan.NoField"),
]);
const tokenUpdate = z.object({ uuid: ref, id, parentUuid: ref, changes: tokenChanges });
const tokenDeletion = z.object({ uuid: ref, id, parentUuid: ref });
const tokenCreation = z.object({ parentUuid: ref, data: z.record(z.string().max(MAX_REF), z.unknown()) });

/** The mission tracker's data: only `system.` paths of a Combat. */
const combatChanges = z
  .record(fieldPath.regex(/^system\./), z.unknown())
  .refine((c) => Object.keys(c).length <= MAX_ROW_FIELDS, "NOBC.Validation.Plan.TooManyFields");
const combatUpdate = z.object({ uuid: ref.regex(/^Combat\.[A-Za-z0-9]+$/), id, changes: combatChanges });
const journalCreation = z.object({ data: z.record(z.string().max(MAX_REF), z.unknown()) });
const journalDeletion = z.object({ uuid: ref.regex(/^JournalEntry\.[A-Za-z0-9]+$/), id });

/** A world actor or folder created (its whole source, a 16-character `_id` included) or deleted (by id). */
const createdSource = z
  .record(z.string().max(MAX_REF), z.unknown())
  .refine((data) => typeof data["_id"] === "string" && /^[A-Za-z0-9]{16}$/.test(data["_id"]), "NOBC.Validation.Pack.DocumentId");
const actorCreation = z.object({ data: createdSource });
const actorDeletion = z.object({ uuid: ref.regex(/^Actor\.[A-Za-z0-9]{16}$/), id });
const folderCreation = z.object({ data: createdSource });
const folderDeletion = z.object({ uuid: ref.regex(/^Folder\.[A-Za-z0-9]{16}$/), id });
/** The most world actors one plan creates or deletes: an order of battle of 1,600 counters and more. */
export const MAX_ACTOR_ROWS = 4000;

export const writePlanSchema = z.object({
  actorUpdates: rows(update),
  itemUpdates: rows(update),
  itemDeletions: rows(deletion),
  itemCreations: rows(creation),
  // Absent in records written before the map state was kept.
  sceneUpdates: rows(sceneUpdate).optional(),
  tokenUpdates: rows(tokenUpdate).optional(),
  tokenDeletions: rows(tokenDeletion).optional(),
  tokenCreations: rows(tokenCreation).optional(),
  // The mission tracker and its briefing journal (absent in other records).
  combatUpdates: rows(combatUpdate).optional(),
  journalCreations: rows(journalCreation).optional(),
  journalDeletions: rows(journalDeletion).optional(),
  // The order-of-battle import's world actors and folders (absent in other records).
  actorCreations: z.array(actorCreation).max(MAX_ACTOR_ROWS).optional(),
  actorDeletions: z.array(actorDeletion).max(MAX_ACTOR_ROWS).optional(),
  folderCreations: rows(folderCreation).optional(),
  folderDeletions: rows(folderDeletion).optional(),
});
