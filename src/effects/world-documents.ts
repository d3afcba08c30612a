/**
 * The Foundry side of the write path's reading: the one place a UUID from a card, a request, a drop,
 * a macro or a stored plan becomes a document (a world document whose own UUID it is, never a
 * compendium's or an alias), and the snapshots the planner reads of live documents.
 */
import { format, localize } from "../base/foundry";
import { phrase, type Phrase } from "../rules/resolution";
import { MISSION_NAME_KEYS } from "../view/missions";
import { journalPagesOf } from "./families/missions";
import type { DocumentSnapshot } from "./write-plan";

/** A document the write path may read and write: a world Actor, a world Item, or an Item of a world Actor. */
export type WorldDocument = Actor.Implementation | Item.Implementation;

/**
 * What a UUID names for this system, from {@link resolveWorldDocument}:
 * - `ok`: the world document whose own `uuid` is exactly this one;
 * - `none`: nothing the system writes (no such document, a token's own actor or its items, another
 *   class): skipped, as a missing document is;
 * - `foreign`: a UUID that must never be written through: one of a compendium (`Compendium.…`, even
 *   when a world document has the same id, as after an Adventure import), one that resolves to a
 *   document with another UUID (an embedded UUID leading to another parent, an alias), or what is
 *   not a document at all (a compendium index entry). Refused, naming the UUID.
 *
 * `found` is what Foundry resolved (for a drop to tell what was dropped), never to be written.
 */
export type WorldResolution =
  { readonly ok: true; readonly doc: WorldDocument } | { readonly ok: false; readonly why: "none" | "foreign"; readonly found: unknown };

const isDocument = (value: unknown): value is foundry.abstract.Document.Any => value instanceof foundry.abstract.Document;

/** A map document the write path writes: a world Scene, or a Token embedded in one. */
export type BoardDocument = Scene.Implementation | TokenDocument.Implementation;

/**
 * The Scene or Token a UUID names, as strictly as {@link resolveWorldDocument} takes an Actor or
 * Item: the world Scene whose own `uuid` is this one, or a Token of such a scene; never a
 * compendium's (an Adventure's scene), never an alias.
 */
export function resolveBoardDocument(
  uuid: string,
): { readonly ok: true; readonly doc: BoardDocument } | { readonly ok: false; readonly why: "none" | "foreign" } {
  if (typeof uuid !== "string" || uuid === "") return { ok: false, why: "none" };
  let found: unknown;
  try {
    found = foundry.utils.fromUuidSync(uuid as `Scene.${string}`);
  } catch {
    return { ok: false, why: "foreign" };
  }
  if (uuid.startsWith("Compendium.")) return { ok: false, why: "foreign" };
  if (found === null || found === undefined) return { ok: false, why: "none" };
  if (!isDocument(found) || found.uuid !== uuid) return { ok: false, why: "foreign" };
  if (lineage(found).some((d) => typeof (d as { pack?: unknown }).pack === "string")) return { ok: false, why: "foreign" };
  if (found instanceof Scene) return { ok: true, doc: found };
  if (found instanceof TokenDocument && found.parent instanceof Scene) return { ok: true, doc: found };
  return { ok: false, why: "none" };
}

/** The documents from `doc` up through its parents. */
function lineage(doc: unknown): unknown[] {
  const out: unknown[] = [];
  for (let d: unknown = doc; d !== null && d !== undefined && out.length < 8; d = (d as { parent?: unknown }).parent) out.push(d);
  return out;
}

/**
 * The one place a UUID from a card, a request, a drop, a macro or a stored plan becomes a document:
 * only a world document whose own `uuid` equals `uuid` is returned (see {@link WorldResolution}).
 */
export function resolveWorldDocument(uuid: string): WorldResolution {
  if (typeof uuid !== "string" || uuid === "") return { ok: false, why: "none", found: undefined };
  let found: unknown;
  try {
    found = foundry.utils.fromUuidSync(uuid as `Actor.${string}`);
  } catch {
    // A string Foundry cannot parse as a UUID.
    return { ok: false, why: "foreign", found: undefined };
  }
  if (uuid.startsWith("Compendium.")) return { ok: false, why: "foreign", found };
  if (found === null || found === undefined) return { ok: false, why: "none", found };
  if (!isDocument(found) || found.uuid !== uuid) return { ok: false, why: "foreign", found };
  const chain = lineage(found);
  if (chain.some((d) => typeof (d as { pack?: unknown }).pack === "string")) return { ok: false, why: "foreign", found };
  if (chain.some((d) => d instanceof Actor && d.isToken)) return { ok: false, why: "none", found };
  if (!(found instanceof Actor) && !(found instanceof Item)) return { ok: false, why: "none", found };
  return { ok: true, doc: found };
}

/** The world document a UUID names (see {@link resolveWorldDocument}), or undefined. */
export function documentAt(uuid: string): WorldDocument | undefined {
  const resolved = resolveWorldDocument(uuid);
  return resolved.ok ? resolved.doc : undefined;
}

/** True when `doc` is itself the world document its UUID names (a drop hands the document, not its UUID). */
export function isWorldDocument(doc: { readonly uuid: string }): boolean {
  const resolved = resolveWorldDocument(doc.uuid);
  return resolved.ok && resolved.doc === (doc as unknown);
}

/** The UUIDs among `uuids` that must never be written through (`foreign`), once each, in order. */
export function foreignDocuments(uuids: Iterable<string>): string[] {
  return [...new Set(uuids)].filter((uuid) => {
    const resolved = resolveWorldDocument(uuid);
    return !resolved.ok && resolved.why === "foreign";
  });
}

/** The refusal for a UUID that is not a world document of its own: it names the UUID. */
export function notWorldPhrase(uuid: string): Phrase {
  return phrase("NOBC.Notify.NotWorldDocument", { uuid });
}

/** A snapshot of a world Scene (its flags as `source`) or of a Token of one (its whole source). */
function boardSnapshotOf(uuid: string): DocumentSnapshot | undefined {
  const resolved = resolveBoardDocument(uuid);
  if (!resolved.ok) return undefined;
  const doc = resolved.doc;
  if (doc instanceof Scene) {
    return {
      uuid,
      id: doc.id ?? "",
      documentName: "Scene",
      type: "base",
      name: doc.name,
      system: {},
      source: { flags: structuredClone(doc.flags) },
    };
  }
  const source = doc.toObject() as unknown as Record<string, unknown>;
  return {
    uuid,
    id: doc.id ?? "",
    documentName: "Token",
    type: "base",
    name: doc.name,
    system: {},
    parentUuid: doc.parent?.uuid ?? null,
    source,
  };
}

/** A world Folder whose own UUID is `uuid` (never a compendium's), or undefined. */
export function folderAt(uuid: string): Folder.Implementation | undefined {
  if (typeof uuid !== "string" || !uuid.startsWith("Folder.")) return undefined;
  let found: unknown;
  try {
    found = foundry.utils.fromUuidSync(uuid as `Folder.${string}`);
  } catch {
    return undefined;
  }
  if (!isDocument(found) || found.uuid !== uuid) return undefined;
  return found instanceof Folder ? found : undefined;
}

/** A snapshot of a world Folder: its name, and as `source` its name, parent folder and type (what the import writes of it). */
function folderSnapshotOf(uuid: string): DocumentSnapshot | undefined {
  const doc = folderAt(uuid);
  if (doc === undefined) return undefined;
  const source = doc.toObject() as { name?: unknown; folder?: unknown; type?: unknown };
  return {
    uuid,
    id: doc.id ?? "",
    documentName: "Folder",
    type: typeof source.type === "string" ? source.type : "",
    name: doc.name,
    system: {},
    source: { name: source.name, folder: source.folder ?? null, type: source.type },
  };
}

/** A world Combat or JournalEntry whose own UUID is `uuid` (never a compendium's), or undefined. */
export function missionDocument(uuid: string): (Combat.Implementation | JournalEntry.Implementation) | undefined {
  if (typeof uuid !== "string" || uuid.startsWith("Compendium.")) return undefined;
  let found: unknown;
  try {
    found = foundry.utils.fromUuidSync(uuid as `Combat.${string}`);
  } catch {
    return undefined;
  }
  if (!isDocument(found) || found.uuid !== uuid) return undefined;
  if (lineage(found).some((d) => typeof (d as { pack?: unknown }).pack === "string")) return undefined;
  return found instanceof Combat || found instanceof JournalEntry ? found : undefined;
}

/**
 * The mission tracker's name, from its system data: a v13 Combat has no `name` field (a name given on
 * create is dropped), so a refusal names the tracker by its mission ("Team Yankee mission: Breakthrough").
 */
export function missionTrackerName(system: Readonly<Record<string, unknown>>): string {
  const id = system["mission"];
  const key =
    typeof id === "string" && Object.hasOwn(MISSION_NAME_KEYS, id) ? MISSION_NAME_KEYS[id as keyof typeof MISSION_NAME_KEYS] : null;
  return key === null ? localize("NOBC.Mission.TrackerName") : format("NOBC.Mission.TrackerNamed", { mission: localize(key) });
}

/**
 * A snapshot of the mission tracker (its system; its name from it) or of a journal entry (its name,
 * and as `source` its name and pages, so Undo of a created briefing sees a hand edit).
 */
function missionSnapshotOf(uuid: string): DocumentSnapshot | undefined {
  const doc = missionDocument(uuid);
  if (doc === undefined) return undefined;
  if (doc instanceof Combat) {
    const system = (doc.toObject() as { system?: Record<string, unknown> }).system ?? {};
    return { uuid, id: doc.id ?? "", documentName: "Combat", type: doc.type, name: missionTrackerName(system), system };
  }
  const source = doc.toObject() as { name?: unknown; pages?: unknown };
  return {
    uuid,
    id: doc.id ?? "",
    documentName: "JournalEntry",
    type: "base",
    name: doc.name,
    system: {},
    source: { name: source.name, pages: journalPagesOf(source.pages) },
  };
}

/** A snapshot of a live world document, or undefined for a missing one, a token's actor, or a foreign UUID. */
export function snapshotOf(uuid: string): DocumentSnapshot | undefined {
  if (uuid.startsWith("Scene.")) return boardSnapshotOf(uuid);
  if (uuid.startsWith("Combat.") || uuid.startsWith("JournalEntry.")) return missionSnapshotOf(uuid);
  if (uuid.startsWith("Folder.")) return folderSnapshotOf(uuid);
  const doc = documentAt(uuid);
  if (doc instanceof Actor) {
    const source = doc.toObject() as unknown as Record<string, unknown>;
    const prototypeToken = source["prototypeToken"];
    return {
      uuid,
      id: doc.id ?? "",
      documentName: "Actor",
      type: doc.type,
      name: doc.name,
      system: source["system"] as Record<string, unknown>,
      // A timetable's arrival makes a token from it (src/effects/families/timetable.ts).
      ...(typeof prototypeToken === "object" && prototypeToken !== null ? { source: { prototypeToken } } : {}),
    };
  }
  if (doc instanceof Item) {
    const source = doc.toObject() as unknown as Record<string, unknown>;
    return {
      uuid,
      id: doc.id ?? "",
      documentName: "Item",
      type: doc.type,
      name: doc.name,
      system: source["system"] as Record<string, unknown>,
      parentUuid: doc.parent?.uuid ?? null,
      source,
    };
  }
  return undefined;
}
